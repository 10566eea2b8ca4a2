import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import {
  OrderServicesSchema,
  RateCardInputSchema,
  RateCardListSchema,
  RateCardQuerySchema,
  RateCardSchema,
  RunningBillQuerySchema,
  RunningBillSchema,
  ServiceListSchema,
  ServicesBillableBodySchema,
} from './services.schemas.ts'

const tags = ['services']

/** Billable services (spec §7 Services and bills), the running bill, and the provider's rate cards. */
export const servicesEndpoints = {
  billable: defineEndpoint({
    method: 'POST',
    path: '/services/billable',
    access: 'services.read',
    summary: 'Services by creation day and billed status, newest first, with paging (a client sees its own)',
    tags,
    body: ServicesBillableBodySchema,
    response: ServiceListSchema,
  }),
  running: defineEndpoint({
    method: 'GET',
    path: '/services/running',
    access: 'services.read',
    summary: 'The running bill: this month’s not-billed services by service name, with totals per currency',
    tags,
    query: RunningBillQuerySchema,
    response: RunningBillSchema,
  }),
  ofOrder: defineEndpoint({
    method: 'GET',
    path: '/orders/:id/services',
    access: 'services.read',
    summary: 'The Services panel of an order: its services oldest first, billed or not, totals per currency',
    tags,
    params: IdParamsSchema,
    response: OrderServicesSchema,
  }),
  rateCards: defineEndpoint({
    method: 'GET',
    path: '/ratecards',
    access: 'rates.read',
    summary: 'Rate cards by country, default cards first, then by client and validity',
    tags,
    query: RateCardQuerySchema,
    response: RateCardListSchema,
  }),
  createRateCard: defineEndpoint({
    method: 'POST',
    path: '/ratecards',
    access: 'rates.write',
    summary: 'Adds a rate card; a validity overlapping another card of the same owner and country is a 409',
    tags,
    body: RateCardInputSchema,
    response: RateCardSchema,
    status: 201,
  }),
  updateRateCard: defineEndpoint({
    method: 'PUT',
    path: '/ratecards/:id',
    access: 'rates.write',
    summary: 'Replaces a rate card (recorded services keep their prices); overlapping validity is a 409',
    tags,
    params: IdParamsSchema,
    body: RateCardInputSchema,
    response: RateCardSchema,
  }),
  deleteRateCard: defineEndpoint({
    method: 'DELETE',
    path: '/ratecards/:id',
    access: 'rates.write',
    summary: 'Deletes a rate card no service was priced by (else 409: end its validity instead)',
    tags,
    params: IdParamsSchema,
    response: RateCardListSchema,
  }),
}
