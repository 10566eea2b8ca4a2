import { defineEndpoint } from '../common/http.ts'
import { EshopListQuerySchema, EshopListSchema } from './eshops.schemas.ts'

export const eshopsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/settings/eshops',
    // Product editors pick an e-shop for a product's e-shop id, so reading products is enough here.
    access: 'products.read',
    summary: "The caller's e-shop connections (staff: all, or one business client's)",
    tags: ['eshops'],
    query: EshopListQuerySchema,
    response: EshopListSchema,
  }),
}
