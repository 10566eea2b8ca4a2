import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import {
  EshopAuthSchema,
  EshopListQuerySchema,
  EshopListSchema,
  EshopSchema,
  EshopUpdateBodySchema,
  ShoptetOrderStatusListSchema,
} from './eshops.schemas.ts'

const tags = ['eshops']

/** The e-shop connections (spec §7 "E-shop platform": /settings/eshops…). */
export const eshopsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/settings/eshops',
    // The connections of every client are not warehouse or finance work: the matrix gives them to admin and
    // clients only (operator and finance get 403, and the product page hides its e-shop picker for them).
    access: 'eshops.read',
    summary: "The caller's e-shop connections (staff: all, or one business client's)",
    tags,
    query: EshopListQuerySchema,
    response: EshopListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/settings/eshops/:id',
    access: 'eshops.read',
    summary: 'One e-shop connection with its settings and sync state',
    tags,
    params: IdParamsSchema,
    response: EshopSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/settings/eshops/:id',
    access: 'eshops.write',
    summary:
      'Changes isActive or dotted shoptet_settings.* keys. Order import on registers the order:create, ' +
      'order:update and order:delete webhooks in Shoptet (and a new signature key); off removes them; ' +
      'switching the connection off first removes them. Both import modes on is a 400',
    tags,
    params: IdParamsSchema,
    body: EshopUpdateBodySchema,
    response: EshopSchema,
  }),
  auth: defineEndpoint({
    method: 'GET',
    path: '/settings/eshops/:id/auth',
    access: 'eshops.credentials',
    summary: 'Admin only: the connection’s Shoptet ids, a masked OAuth token and the pending activation link',
    tags,
    params: IdParamsSchema,
    response: EshopAuthSchema,
  }),
  statuses: defineEndpoint({
    method: 'GET',
    path: '/settings/eshops/:id/statuses',
    access: 'eshops.read',
    summary: 'The shop’s order statuses at Shoptet (for the status set on shipping)',
    tags,
    params: IdParamsSchema,
    response: ShoptetOrderStatusListSchema,
  }),
}
