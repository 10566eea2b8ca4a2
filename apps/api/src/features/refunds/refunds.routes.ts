import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { RefundsService } from './refunds.service.ts'
import { exportRefunds } from './refunds-export.ts'
import { sendRefundsPaymentFile } from './refunds-payment-file.ts'

/** Refunds (spec §7 Refunds, Exports) and finance's payment file and bank answer. */
export function refundsRoutes(app: FastifyInstance, deps: { db: Db; refunds: RefundsService }): void {
  const e = endpoints.refunds
  const { refunds: service, db } = deps
  registerEndpoint(app, e.list, ({ auth, query }) => service.list(auth, query))
  registerEndpoint(app, e.export, ({ auth, query, reply }) => exportRefunds(db, auth, query, reply))
  registerEndpoint(app, e.paymentFile, ({ body, reply }) => sendRefundsPaymentFile({ db }, body, reply))
  registerEndpoint(app, e.get, ({ auth, params }) => service.get(auth, params.id))
  registerEndpoint(app, e.create, ({ auth, body, log }) => service.create(auth, body, log))
  registerEndpoint(app, e.update, ({ auth, params, body }) => service.update(auth, params.id, body))
  registerEndpoint(app, e.bulkStatus, ({ auth, body }) => service.bulkStatus(auth, body))
  registerEndpoint(app, e.delete, ({ auth, params }) => service.delete(auth, params.id))
  registerEndpoint(app, e.result, ({ auth, params, body }) => service.result(auth, params.id, body))
}
