import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../../platform/db/database.ts'
import type { ShoptetApi, ShoptetInvoiceListItem } from '../../../platform/providers/shoptet/index.ts'
import { type Connection, createShoptetOrdersRepository } from '../shoptet-orders.repository.ts'
import { parseChangeTime, walkChanges } from './pull-orders.ts'

export interface InvoicePullResult {
  pages: number
  changes: number
  stored: number
  gone: number
}

/** Shoptet's invoice as Expedo keeps it: its number, order, dates, total with VAT and payment. */
export function invoiceRow(i: ShoptetInvoiceListItem) {
  return {
    code: i.code,
    orderCode: i.orderCode ?? null,
    varSymbol: i.varSymbol === null || i.varSymbol === undefined ? null : String(i.varSymbol),
    isValid: i.isValid,
    issuedAt: parseChangeTime(i.creationTime),
    dueDate: i.dueDate ?? null,
    taxDate: i.taxDate ?? null,
    total: i.price?.withVat ?? null,
    currency: i.price?.currencyCode ?? '',
    paid: i.paid ?? null,
  }
}

/**
 * Shoptet's own invoices of a shop set to "Shoptet invoices" (FINANCE.md "Shoptet and our invoices"): the
 * invoice changes since the shop's cursor (`GET /api/invoices/changes`), each changed invoice read from the
 * list (`GET /api/invoices?codeFrom=&codeTo=`, which has every field Expedo shows) and stored; a deleted one
 * is hidden. As with orders, the cursor moves only after a page is stored, so a failure loses nothing.
 */
export async function pullInvoices(
  deps: { db: Db; log: Pick<FastifyBaseLogger, 'info' | 'warn'> },
  connection: Connection,
  api: ShoptetApi,
): Promise<InvoicePullResult> {
  const repo = createShoptetOrdersRepository(deps.db)
  const result: InvoicePullResult = { pages: 0, changes: 0, stored: 0, gone: 0 }
  const read = await walkChanges({
    start:
      connection.invoicesCursor ?? connection.activatedAt ?? connection.installedAt ?? connection.createdAt,
    read: (q) => api.invoiceChanges(q),
    saveCursor: (cursor) => repo.setInvoicesCursor(connection.id, cursor),
    async apply(changes) {
      for (const change of changes) {
        const invoice =
          change.changeType === 'delete'
            ? undefined
            : (await api.listInvoices({ codeFrom: change.code, codeTo: change.code })).invoices.find(
                (i) => i.code === change.code,
              )
        if (invoice) {
          await repo.upsertInvoice(connection, invoiceRow(invoice))
          result.stored++
        } else {
          // Deleted, or no longer listed by the time it is read.
          await repo.invoiceGone(connection.id, change.code)
          result.gone++
        }
      }
    },
  })
  Object.assign(result, read)
  return result
}
