import type { FastifyReply } from 'fastify'
import type { Db } from '../../../platform/db/database.ts'
import type { PdfWorkerPool } from '../../../platform/documents/pdf-workers.ts'
import { pdfFileName } from '../../../platform/documents/zip.ts'
import { AppError, notFound } from '../../../platform/http/app-error.ts'
import type { AuthContext } from '../../../platform/http/auth-context.ts'
import { safeFileName } from '../../../platform/http/file-name.ts'
import { nonEmpty, sendXlsx, type XlsxColumn } from '../../../platform/providers/xlsx-export.ts'
import { toBill } from '../bills.mapper.ts'
import { createBillsRepository, type ServiceRow } from '../bills.repository.ts'
import { billTaxDocument } from './tax-document.ts'

const PAGE = 2000
const num = (v: string) => Number(v)

const serviceColumns: XlsxColumn<ServiceRow>[] = [
  { header: 'Service', value: (s) => s.serviceType, width: 16 },
  { header: 'Category', value: (s) => s.category, width: 12 },
  { header: 'Trigger', value: (s) => s.trigger, width: 16 },
  { header: 'Reference', value: (s) => s.triggerRef, width: 18 },
  { header: 'Description', value: (s) => s.description, width: 30 },
  { header: 'Date', format: 'date', value: (s) => s.serviceDate, width: 12 },
  { header: 'Quantity', value: (s) => num(s.quantity), width: 10 },
  { header: 'Unit price', value: (s) => num(s.unitPrice), width: 12 },
  { header: 'Amount', value: (s) => num(s.amount), width: 12 },
  { header: 'Currency', value: (s) => s.currency, width: 9 },
]

/** A bill as files: its PDF (locked only) and its services as a streamed .xlsx. */
export function createBillFiles(deps: { db: Db; pdfs: () => PdfWorkerPool; today: () => string }) {
  const { db } = deps
  return {
    async pdf(auth: AuthContext, id: string, reply: FastifyReply) {
      const found = await createBillsRepository(db).find(auth.scope, id)
      if (!found) throw notFound('Bill')
      if (!found.row.locked) throw new AppError('CONFLICT', 'A bill is printed once it is locked (approved)')
      const doc = billTaxDocument(toBill(found, deps.today()), found.row.issuer)
      const pdf = await deps.pdfs().render({ kind: 'tax', doc })
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${pdfFileName(doc)}"`)
        .send(pdf)
    },

    async exportServices(
      auth: AuthContext,
      id: string,
      f: { serviceType?: string; dateFrom?: string; dateTo?: string },
      reply: FastifyReply,
    ) {
      const repo = createBillsRepository(db)
      const found = await repo.find(auth.scope, id)
      if (!found) throw notFound('Bill')
      const filter = { serviceType: f.serviceType, from: f.dateFrom, to: f.dateTo }
      async function* batches() {
        let after: string | undefined
        for (;;) {
          const rows = await repo.servicesAfter(id, filter, after, PAGE)
          if (rows.length) yield rows
          if (rows.length < PAGE) return
          after = rows.at(-1)!.id
        }
      }
      const name = safeFileName(found.row.sequenceNumber ?? `bill-${id.slice(-9)}`)
      return sendXlsx(reply, {
        filename: `${name}-services.xlsx`,
        sheet: 'Services',
        columns: serviceColumns,
        batches: await nonEmpty(batches()),
      })
    },
  }
}
