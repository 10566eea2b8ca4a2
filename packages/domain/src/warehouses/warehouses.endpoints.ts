import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import { WarehouseAddressBodySchema, WarehouseAddressSchema } from './warehouses.schemas.ts'

const tags = ['warehouses']

/** A warehouse's sender address (issue 25): read by the floor staff, set by an admin. */
export const warehousesEndpoints = {
  address: defineEndpoint({
    method: 'GET',
    path: '/warehouses/:id/address',
    access: 'locations.write',
    summary: "The warehouse's sender address and contact for couriers",
    tags,
    params: IdParamsSchema,
    response: WarehouseAddressSchema,
  }),
  setAddress: defineEndpoint({
    method: 'PUT',
    path: '/warehouses/:id/address',
    access: 'warehouses.write',
    summary: "Set the warehouse's sender address and contact (the sender on its labels, the van's pickup)",
    tags,
    params: IdParamsSchema,
    body: WarehouseAddressBodySchema,
    response: WarehouseAddressSchema,
  }),
}
