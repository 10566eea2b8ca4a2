import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { registerEndpoint } from '../../platform/http/route.ts'
import type { BusinessClientsService } from './business-clients.service.ts'

export function businessClientsRoutes(app: FastifyInstance, service: BusinessClientsService): void {
  const e = endpoints.businessClients
  registerEndpoint(app, e.list, ({ auth, query }) => service.list(auth, query.searchTerm))
  registerEndpoint(app, e.get, ({ auth, params }) => service.get(auth, params.id))
  registerEndpoint(app, e.create, ({ auth, body }) => service.create(auth, body))
  registerEndpoint(app, e.update, ({ auth, params, body }) => service.update(auth, params.id, body))
  registerEndpoint(app, e.updateContact, ({ auth, params, body }) =>
    service.updateContact(auth, params.id, params.contactId, body),
  )
  registerEndpoint(app, e.updateBankAccount, ({ auth, params, body }) =>
    service.updateBankAccount(auth, params.id, params.accountId, body),
  )
  registerEndpoint(app, e.addCompanyId, ({ auth, params, body }) =>
    service.addCompanyId(auth, params.id, body),
  )
  registerEndpoint(app, e.updateCompanyId, ({ auth, params, body }) =>
    service.updateCompanyId(auth, params.id, params.cid, body),
  )
  registerEndpoint(app, e.deleteCompanyId, ({ auth, params }) =>
    service.deleteCompanyId(auth, params.id, params.cid),
  )
  registerEndpoint(app, e.updateBusinessProfile, ({ auth, params, body }) =>
    service.updateBusinessProfile(auth, params.id, body),
  )
}
