import { PassThrough } from 'node:stream'
import { addDays, type InvoiceZipQuery } from '@expedo/domain'
import type { FastifyReply } from 'fastify'
import type { Db } from '../../../platform/db/database.ts'
import { isdocXml } from '../../../platform/documents/isdoc.ts'
import type { PdfWorkerPool } from '../../../platform/documents/pdf-workers.ts'
import type { TaxDocument } from '../../../platform/documents/tax-document.ts'
import { pdfFileName, writePdfZip } from '../../../platform/documents/zip.ts'
import { AppError, notFound } from '../../../platform/http/app-error.ts'
import type { AuthContext } from '../../../platform/http/auth-context.ts'
import { safeFileName } from '../../../platform/http/file-name.ts'
import { toInvoice } from '../invoices.mapper.ts'
import { createInvoicesRepository } from '../invoices.repository.ts'
import { taxDocumentOf } from './tax-document.ts'

const PAGE = 200

/**
 * The documents as files (FINANCE.md "Documents as files"): the PDF of one (rendered on the PDF threads),
 * its ISDOC, and a period's issued documents as one streamed ZIP of PDFs.
 */
export function createInvoiceFiles(deps: { db: Db; pdfs: () => PdfWorkerPool }) {
  const { db } = deps

  async function documentOf(auth: AuthContext, id: string): Promise<TaxDocument> {
    const found = await createInvoicesRepository(db).find(auth.scope, id)
    if (!found) throw notFound('Invoice')
    return taxDocumentOf(toInvoice(found))
  }

  /** The scope's issued documents of the period, oldest id first, one at a time (flat memory). */
  async function* issuedDocuments(auth: AuthContext, q: InvoiceZipQuery, first: string[]) {
    const repo = createInvoicesRepository(db)
    const filter = {
      from: q.dateFrom,
      until: addDays(q.dateTo, 1),
      kind: q.kind,
      businessclientId: q.businessclient,
    }
    let ids = first
    while (ids.length) {
      for (const id of ids) {
        const found = await repo.find(auth.scope, id)
        if (found) yield taxDocumentOf(toInvoice(found))
      }
      if (ids.length < PAGE) return
      ids = await repo.issuedIds(auth.scope, { ...filter, after: ids.at(-1), limit: PAGE })
    }
  }

  return {
    async pdf(auth: AuthContext, id: string, reply: FastifyReply) {
      const doc = await documentOf(auth, id)
      const pdf = await deps.pdfs().render({ kind: 'tax', doc })
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${pdfFileName(doc)}"`)
        .send(pdf)
    },

    async isdoc(auth: AuthContext, id: string, reply: FastifyReply) {
      const doc = await documentOf(auth, id)
      if (doc.number === null) throw new AppError('CONFLICT', 'A draft has no ISDOC: issue it first')
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${safeFileName(doc.number)}.isdoc"`)
        .send(isdocXml(doc))
    },

    /** 404 when the period has no issued document (a started download cannot turn into an error). */
    async zip(auth: AuthContext, q: InvoiceZipQuery, reply: FastifyReply) {
      const first = await createInvoicesRepository(db).issuedIds(auth.scope, {
        from: q.dateFrom,
        until: addDays(q.dateTo, 1),
        kind: q.kind,
        businessclientId: q.businessclient,
        limit: PAGE,
      })
      if (!first.length) throw new AppError('NOT_FOUND', 'No objects were found for export')
      const out = new PassThrough()
      writePdfZip(issuedDocuments(auth, q, first), out, { pool: deps.pdfs() }).catch((err: unknown) => {
        reply.log.error({ err }, 'invoice ZIP failed')
        out.destroy(err as Error)
      })
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="invoices-${q.dateFrom}-${q.dateTo}.zip"`)
        .send(out)
    },
  }
}
