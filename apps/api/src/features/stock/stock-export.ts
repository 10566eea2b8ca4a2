import type { StockRow } from '@expedo/domain'
import type { XlsxColumn } from '../../platform/providers/xlsx-export.ts'

/** The stock export: the list's columns, one row per inventory card. */
export const stockExportColumns: XlsxColumn<StockRow>[] = [
  { header: 'SKU', value: (r) => r.sku, width: 20 },
  { header: 'Product', value: (r) => r.product_details?.name ?? '', width: 40 },
  { header: 'Barcode', value: (r) => r.product_details?.codes.barcode ?? '', width: 18 },
  { header: 'BusinessClient', value: (r) => r.businessclient.name, width: 28 },
  { header: 'Warehouse', value: (r) => r.warehouse.name, width: 22 },
  { header: 'Available', value: (r) => r.available, width: 12 },
  { header: 'Blocked', value: (r) => r.blocked, width: 12 },
  { header: 'Total', value: (r) => r.total, width: 12 },
]
