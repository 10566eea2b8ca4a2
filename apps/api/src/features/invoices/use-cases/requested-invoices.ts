import type { Db } from '../../../platform/db/database.ts'
import { createInvoicesRepository } from '../invoices.repository.ts'
import { invoiceFromOrder } from './invoice-from-order.ts'
import { issueDocument } from './issue-document.ts'

const everyone = { kind: 'all' } as const
const BATCH = 100

/**
 * The invoicing task (run after shipping commits and every minute): for each order shipped with invoicing on,
 * makes and issues its invoice and removes the request, in one transaction per order. Idempotent: an order
 * that has an issued invoice already only loses its request; a failure (no exchange rate, a deleted order…)
 * stays queued with its reason and is tried again next time. Answers how many invoices it issued.
 */
export async function issueRequestedInvoices(db: Db, today: string): Promise<number> {
  let issued = 0
  for (const orderId of await createInvoicesRepository(db).requestedOrders(BATCH)) {
    await db.transaction(async (tx) => {
      const requests = createInvoicesRepository(tx)
      // Skip a request another run holds; it is that run's.
      if (!(await requests.holdRequest(orderId))) return
      try {
        await tx.transaction(async (attempt) => {
          const live = await createInvoicesRepository(attempt).liveInvoiceOf(orderId)
          if (live?.sequenceNumber) return
          const id = await invoiceFromOrder(attempt, everyone, orderId, today)
          const row = await createInvoicesRepository(attempt).lock(everyone, id)
          await issueDocument(attempt, row!)
          issued++
        })
        await requests.removeRequest(orderId)
      } catch (error) {
        const reason = error instanceof Error ? error.message.slice(0, 500) : 'failed'
        await requests.failRequest(orderId, reason)
      }
    })
  }
  return issued
}
