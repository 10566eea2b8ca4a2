import { defineEndpoint } from '../common/http.ts'
import {
  CourierIdParamsSchema,
  CourierListQuerySchema,
  CourierListSchema,
  CourierQuotationListSchema,
  CourierQuotationSchema,
  CourierSchema,
  QuotationInputSchema,
  QuotationParamsSchema,
} from './couriers.schemas.ts'

const tags = ['couriers']

export const couriersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/couriers',
    access: 'couriers.read',
    summary: 'Couriers by name, with their country and default flag (filters: repeated country, name)',
    tags,
    query: CourierListQuerySchema,
    response: CourierListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/couriers/:id',
    access: 'couriers.read',
    summary: 'One courier with its country and default flag',
    tags,
    params: CourierIdParamsSchema,
    response: CourierSchema,
  }),
  setDefault: defineEndpoint({
    method: 'POST',
    path: '/couriers/:id',
    access: 'couriers.write',
    summary:
      'Sets the courier as the default of its country (the previous default loses the flag, atomically)',
    tags,
    params: CourierIdParamsSchema,
    response: CourierSchema,
  }),
  quotations: defineEndpoint({
    method: 'GET',
    path: '/couriers/:id/quotations',
    access: 'couriers.read',
    summary: 'The courier’s active quotations by country and service',
    tags,
    params: CourierIdParamsSchema,
    response: CourierQuotationListSchema,
  }),
  createQuotation: defineEndpoint({
    method: 'POST',
    path: '/couriers/:id/quotations',
    access: 'couriers.write',
    summary:
      'Adds an active quotation (amount = transport + fuel surcharge + toll); a second active one for the ' +
      'same country and service answers 409 CONFLICT',
    tags,
    params: CourierIdParamsSchema,
    body: QuotationInputSchema,
    response: CourierQuotationSchema,
    status: 201,
  }),
  updateQuotation: defineEndpoint({
    method: 'PUT',
    path: '/couriers/:id/quotations/:qid',
    access: 'couriers.write',
    summary:
      'Changes an active quotation: the old row is deactivated and a new one answered, so recorded ' +
      'services keep the price they were charged at',
    tags,
    params: QuotationParamsSchema,
    body: QuotationInputSchema,
    response: CourierQuotationSchema,
  }),
  deactivateQuotation: defineEndpoint({
    method: 'DELETE',
    path: '/couriers/:id/quotations/:qid',
    access: 'couriers.write',
    summary: 'Deactivates a quotation (it stays for the services that used it)',
    tags,
    params: QuotationParamsSchema,
    response: CourierQuotationSchema,
  }),
}
