import type { Eshop, EshopInvoicing, EshopStatus } from '@expedo/domain'
import type { EshopRow } from './eshops.repository.ts'

export type { EshopRow }

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export const statusOf = (row: EshopRow): EshopStatus =>
  row.uninstalledAt ? 'uninstalled' : row.isActive ? 'active' : 'inactive'

/** A connection as the API answers it: settings and sync state, never a token, key or activation secret. */
export function toEshop(row: EshopRow, businessclientName: string): Eshop {
  return {
    _id: row.id,
    platform: 'shoptet',
    eshopUrl: row.eshopUrl,
    isActive: row.isActive,
    status: statusOf(row),
    businessclient: row.businessclientId,
    businessclientName,
    shoptet_eshopId: row.shoptetEshopId,
    shoptet_settings: {
      import_orders_enabled: row.importOrdersEnabled,
      import_orders_all: row.importOrdersAll,
      import_orders_only_selected_products: row.importOrdersOnlySelectedProducts,
      shipped_status_id: row.shippedStatusId,
      suppress_email_sending: row.suppressEmailSending,
      suppress_document_generation: row.suppressDocumentGeneration,
      invoicing: row.invoicing as EshopInvoicing,
    },
    installedAt: iso(row.installedAt),
    activatedAt: iso(row.activatedAt),
    uninstalledAt: iso(row.uninstalledAt),
    lastSyncAt: iso(row.lastSyncAt),
    lastError: row.lastError,
    lastErrorAt: iso(row.lastErrorAt),
    failCount: row.failCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** "…" and the last four characters: enough for support to tell tokens apart, useless to anyone else. */
export const maskToken = (token: string | null) => (token ? `…${token.slice(-4)}` : null)
