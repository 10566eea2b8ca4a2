import { defineEndpoint } from '../common/http.ts'
import { CourierListQuerySchema, CourierListSchema } from './couriers.schemas.ts'

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
}
