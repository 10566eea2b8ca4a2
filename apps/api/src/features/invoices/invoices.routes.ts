import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import type { PdfWorkerPool } from '../../platform/documents/pdf-workers.ts'
import { registerEndpoint } from '../../platform/http/route.ts'
import { sendXlsx } from '../../platform/providers/xlsx-export.ts'
import type { OrdersService } from '../orders/index.ts'
import type { InvoicesService } from './invoices.service.ts'
import { createInvoiceExports } from './use-cases/invoice-exports.ts'
import { createInvoiceFiles } from './use-cases/invoice-files.ts'
import { invoiceReport } from './use-cases/invoice-report.ts'

/** Invoices, credit notes and number series (spec §7 Invoices, settings/sequences). */
export function invoicesRoutes(
  app: FastifyInstance,
  deps: { db: Db; invoices: InvoicesService; orders: OrdersService; pdfs: () => PdfWorkerPool },
): void {
  const e = endpoints.invoices
  const { db, invoices: service, orders } = deps
  const exports = createInvoiceExports(db)
  const files = createInvoiceFiles({ db, pdfs: deps.pdfs })
  registerEndpoint(app, e.list, ({ auth, query }) => service.list(auth, query))
  registerEndpoint(app, e.get, ({ auth, params }) => service.get(auth, params.id))
  registerEndpoint(app, e.getCreditNote, ({ auth, params }) => service.getCreditNote(auth, params.id))
  registerEndpoint(app, e.update, ({ auth, params, query }) => service.update(auth, params.id, query))
  registerEndpoint(app, e.addItem, ({ auth, params, body }) => service.addItem(auth, params.id, body))
  registerEndpoint(app, e.removeItem, ({ auth, params }) =>
    service.removeItem(auth, params.id, params.itemId),
  )
  registerEndpoint(app, e.issue, ({ auth, params }) => service.issue(auth, params.id))
  registerEndpoint(app, e.creditNote, ({ auth, params, body }) => service.creditNote(auth, params.id, body))
  registerEndpoint(app, e.orderInvoice, async ({ auth, params }) => {
    await service.invoiceOrder(auth, params.id)
    return orders.get(auth, params.id)
  })
  registerEndpoint(app, e.series, ({ auth, query }) => service.series(auth, query))
  registerEndpoint(app, e.createSeries, ({ auth, body }) => service.createSeries(auth, body))
  registerEndpoint(app, e.vatRates, ({ query }) => service.vatRates(query.country))
  registerEndpoint(app, e.createVatRate, ({ body }) => service.addVatRate(body))
  registerEndpoint(app, e.exchangeRates, ({ query }) => service.exchangeRates(query))
  registerEndpoint(app, e.setExchangeRate, ({ body }) => service.setExchangeRate(body))
  registerEndpoint(app, e.deleteSeries, ({ auth, params }) => service.deleteSeries(auth, params.id))
  registerEndpoint(app, e.report, ({ auth, query }) => invoiceReport(db, auth, query, 'invoice'))
  registerEndpoint(app, e.creditNoteReport, ({ auth, query }) => invoiceReport(db, auth, query, 'creditnote'))
  registerEndpoint(app, e.pdf, ({ auth, params, reply }) => files.pdf(auth, params.id, reply))
  registerEndpoint(app, e.isdoc, ({ auth, params, reply }) => files.isdoc(auth, params.id, reply))
  registerEndpoint(app, e.zip, ({ auth, query, reply }) => files.zip(auth, query, reply))
  registerEndpoint(app, e.exportInvoices, async ({ auth, query, reply }) =>
    sendXlsx(reply, await exports.invoices(auth, query)),
  )
  registerEndpoint(app, e.exportInvoicesCredited, async ({ auth, query, reply }) =>
    sendXlsx(reply, await exports.creditedInvoices(auth, query)),
  )
  registerEndpoint(app, e.exportCreditNotes, async ({ auth, query, reply }) =>
    sendXlsx(reply, await exports.creditNotes(auth, query)),
  )
}
