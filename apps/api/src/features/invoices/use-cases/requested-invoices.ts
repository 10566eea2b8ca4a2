import { sql } from 'drizzle-orm'
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
  const pending = await db.execute<{ order_id: string }>(
    sql`select order_id from invoice_requests order by created_at, order_id limit ${BATCH}`,
  )
  let issued = 0
  for (const { order_id: orderId } of pending.rows) {
    await db.transaction(async (tx) => {
      // Skip a request another run holds; it is that run's.
      const held = await tx.execute(
        sql`select 1 from invoice_requests where order_id = ${orderId} for update skip locked`,
      )
      if (!held.rows.length) return
      try {
        await tx.transaction(async (attempt) => {
          const live = await createInvoicesRepository(attempt).liveInvoiceOf(orderId)
          if (live?.sequenceNumber) return
          const id = await invoiceFromOrder(attempt, everyone, orderId, today)
          const row = await createInvoicesRepository(attempt).lock(everyone, id)
          await issueDocument(attempt, row!)
          issued++
        })
        await tx.execute(sql`delete from invoice_requests where order_id = ${orderId}`)
      } catch (error) {
        const reason = error instanceof Error ? error.message.slice(0, 500) : 'failed'
        await tx.execute(
          sql`update invoice_requests set attempts = attempts + 1, last_error = ${reason} where order_id = ${orderId}`,
        )
      }
    })
  }
  return issued
}
