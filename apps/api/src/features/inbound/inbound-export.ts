import type { InboundShipment } from '@expedo/domain'
import type { XlsxColumn } from '../../platform/providers/xlsx-export.ts'
import { shortId } from './inbound.mapper.ts'

export const inboundExportColumns: XlsxColumn<InboundShipment>[] = [
  { header: 'Id', value: (r) => shortId(r._id), width: 12 },
  { header: 'Created', format: 'datetime', value: (r) => r.createdAt, width: 20 },
  { header: 'Status', value: (r) => r.status, width: 12 },
  { header: 'BusinessClient', value: (r) => r.businessclient.name, width: 28 },
  { header: 'Warehouse', value: (r) => r.warehouse.name, width: 22 },
  { header: 'Seller', value: (r) => r.seller?.name ?? '', width: 28 },
  { header: 'Transporter', value: (r) => r.transporter, width: 18 },
  { header: 'Packs', value: (r) => r.nrOfPacks, width: 8 },
  { header: 'Weight kg', value: (r) => r.weightKg, width: 10 },
  { header: 'Volume m3', value: (r) => r.volume, width: 10 },
  { header: 'Lines', value: (r) => r.goodsCount, width: 8 },
  { header: 'Comment', value: (r) => r.comment, width: 40 },
]
