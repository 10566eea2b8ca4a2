import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import {
  InboundParcelDetailsSchema,
  InboundParcelListSchema,
  InboundParcelSchema,
  ParcelInputSchema,
  ParcelListQuerySchema,
  ParcelOrderLookupQuerySchema,
  ParcelOrderMatchListSchema,
} from './parcels.schemas.ts'

const tags = ['parcels']

/** Returned parcels (issue 12; spec part 1 Shipments › Parcels `/parcels/inbound`). */
export const parcelsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/parcels/inbound',
    access: 'parcels.read',
    summary: 'Returned parcels newest first, with filters and paging',
    tags,
    query: ParcelListQuerySchema,
    response: InboundParcelListSchema,
  }),
  lookupOrder: defineEndpoint({
    method: 'GET',
    path: '/parcels/inbound/lookup/order',
    access: 'parcels.write',
    summary: 'Orders whose tracking id or order number is exactly the term (at most 10), with their lines',
    tags,
    query: ParcelOrderLookupQuerySchema,
    response: ParcelOrderMatchListSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/parcels/inbound/:id',
    access: 'parcels.read',
    summary: 'A returned parcel with its items, photos and order',
    tags,
    params: IdParamsSchema,
    response: InboundParcelDetailsSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/parcels/inbound',
    access: 'parcels.write',
    summary: 'Register a returned parcel (status New); the order by id or by its tracking id',
    tags,
    body: ParcelInputSchema,
    response: InboundParcelDetailsSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/parcels/inbound/:id',
    access: 'parcels.write',
    summary: 'Change a parcel while it is New (409 once processed)',
    tags,
    params: IdParamsSchema,
    body: ParcelInputSchema,
    response: InboundParcelDetailsSchema,
  }),
  process: defineEndpoint({
    method: 'POST',
    path: '/parcels/inbound/:id/process',
    access: 'parcels.write',
    summary:
      'Put the items back on stock (ledger movements triggredBy Return, available or damaged) and set Processed; 409 when already processed',
    tags,
    params: IdParamsSchema,
    response: InboundParcelDetailsSchema,
  }),
  forOrder: defineEndpoint({
    method: 'GET',
    path: '/orders/:id/parcel',
    access: 'parcels.read',
    summary:
      "The order's latest returned parcel, or null when it has none (the screen then says 'No received parcel related to this order.'); 404 for an order the caller cannot see",
    tags,
    params: IdParamsSchema,
    response: InboundParcelSchema.nullable(),
  }),
}
