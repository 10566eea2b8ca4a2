import type { RefundExportQuery } from '@expedo/domain'
import type { FastifyReply } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { nonEmpty, sendXlsx, type XlsxColumn } from '../../platform/providers/xlsx-export.ts'
import { createRefundsRepository, type RefundRow } from './refunds.repository.ts'
import { refundFilter } from './refunds.service.ts'

const PAGE = 2000

const columns: XlsxColumn<RefundRow>[] = [
  { header: 'Refund', value: (r) => r.refund.refundid, width: 12 },
  { header: 'Order', value: (r) => r.clientOrderNr, width: 14 },
  { header: 'Business client', value: (r) => r.clientName, width: 20 },
  { header: 'Status', value: (r) => r.refund.status, width: 16 },
  { header: 'Name', value: (r) => r.refund.name, width: 22 },
  { header: 'Phone', value: (r) => r.refund.phone, width: 14 },
  { header: 'Country', value: (r) => r.refund.country, width: 12 },
  { header: 'City', value: (r) => r.refund.city, width: 14 },
  { header: 'Street', value: (r) => r.refund.street, width: 20 },
  { header: 'Amount', value: (r) => Number(r.refund.amount), width: 10 },
  { header: 'Currency', value: (r) => r.refund.currency, width: 9 },
  { header: 'IBAN', value: (r) => r.refund.iban, width: 28 },
  { header: 'Account number', value: (r) => r.refund.accountNr, width: 16 },
  { header: 'Bank code', value: (r) => r.refund.accountCode, width: 10 },
  { header: 'Error messages', value: (r) => r.refund.errorMsgs.join('; '), width: 30 },
  { header: 'Created', format: 'datetime', value: (r) => r.refund.createdAt, width: 18 },
  { header: 'Updated', format: 'datetime', value: (r) => r.refund.updatedAt, width: 18 },
]

/** `/refunds/export`: the list's filters as a streamed .xlsx, newest first. */
export async function exportRefunds(db: Db, auth: AuthContext, q: RefundExportQuery, reply: FastifyReply) {
  const repo = createRefundsRepository(db)
  const filter = refundFilter(auth, q)
  async function* batches() {
    let after: string | undefined
    for (;;) {
      const rows = await repo.exportPage(auth.scope, filter, after, PAGE)
      if (rows.length) yield rows
      if (rows.length < PAGE) return
      after = rows.at(-1)!.refund.id
    }
  }
  return sendXlsx(reply, {
    filename: `refunds-${new Date().toISOString().slice(0, 10)}.xlsx`,
    sheet: 'Refunds',
    columns,
    batches: await nonEmpty(batches()),
  })
}
