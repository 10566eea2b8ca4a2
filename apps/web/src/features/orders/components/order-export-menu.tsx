import { type EndpointDef, endpoints } from '@expedo/domain'
import { useTranslation } from 'react-i18next'
import type { ExportResult } from '@/components/export-button'
import { ExportMenu } from '@/components/export-menu'
import { ApiClientError } from '@/lib/api-client'
import { downloadExport } from '@/lib/download-export'
import type { OrderExportBody } from '../lib/order-list-state'

export interface OrderExportMenuProps {
  /** The filters or ids to export; null when nothing is listed. */
  body: OrderExportBody | null
}

/** Export menu Per Product line, Per Order line, Cost per order (spec §2, §7 Exports), streamed .xlsx. */
export function OrderExportMenu({ body }: OrderExportMenuProps) {
  const { t } = useTranslation('orders')
  const job =
    (endpoint: EndpointDef) =>
    async (signal: AbortSignal): Promise<ExportResult> => {
      if (!body) return { empty: true }
      try {
        return await downloadExport(endpoint, body, signal)
      } catch (e) {
        // The server answers 404 'No objects were found for export' when no order matches.
        if (e instanceof ApiClientError && e.status === 404) return { empty: true }
        throw e
      }
    }
  return (
    <ExportMenu
      items={[
        {
          key: 'perProductLine',
          label: t('export.perProductLine'),
          onExport: job(endpoints.orders.exportPerProductLine),
        },
        {
          key: 'perOrderLine',
          label: t('export.perOrderLine'),
          onExport: job(endpoints.orders.exportPerOrderLine),
        },
        {
          key: 'costPerOrder',
          label: t('export.costPerOrder'),
          onExport: job(endpoints.orders.exportCostPerOrder),
        },
      ]}
    >
      {t('export.button')}
    </ExportMenu>
  )
}
