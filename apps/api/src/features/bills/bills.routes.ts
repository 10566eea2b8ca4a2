import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import type { PdfWorkerPool } from '../../platform/documents/pdf-workers.ts'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { BillsService } from './bills.service.ts'
import { createBillFiles } from './use-cases/bill-files.ts'

/** Issuers and provider bills (spec §7 Services and bills, Exports). */
export function billsRoutes(
  app: FastifyInstance,
  deps: { db: Db; bills: BillsService; pdfs: () => PdfWorkerPool; today?: () => string },
): void {
  const e = endpoints.bills
  const { bills: service } = deps
  const files = createBillFiles({
    db: deps.db,
    pdfs: deps.pdfs,
    today: deps.today ?? (() => new Date().toISOString().slice(0, 10)),
  })
  registerEndpoint(app, e.issuers, () => service.issuers())
  registerEndpoint(app, e.createIssuer, ({ body }) => service.createIssuer(body))
  registerEndpoint(app, e.updateIssuer, ({ params, body }) => service.updateIssuer(params.id, body))
  registerEndpoint(app, e.list, ({ auth, query }) => service.list(auth, query))
  registerEndpoint(app, e.run, ({ body }) => service.run(body))
  registerEndpoint(app, e.get, ({ auth, params }) => service.get(auth, params.id))
  registerEndpoint(app, e.services, ({ auth, params, query }) => service.services(auth, params.id, query))
  registerEndpoint(app, e.exportServices, ({ auth, params, body, reply }) =>
    files.exportServices(auth, params.id, body, reply),
  )
  registerEndpoint(app, e.pdf, ({ auth, params, reply }) => files.pdf(auth, params.id, reply))
  registerEndpoint(app, e.updateItem, ({ auth, params, body }) =>
    service.updateItem(auth, params.id, params.itemId, body),
  )
  registerEndpoint(app, e.lock, ({ auth, params }) => service.lock(auth, params.id))
  registerEndpoint(app, e.pay, ({ auth, params }) => service.pay(auth, params.id))
  registerEndpoint(app, e.creditNote, ({ auth, params, body }) => service.creditNote(auth, params.id, body))
}
