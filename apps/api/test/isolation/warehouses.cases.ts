import type { IsolationArea } from './kit.ts'
import { forbidden } from './kit.ts'

/** A warehouse's sender address is the staff's (read: locations.write; set: warehouses.write, an admin's): a client is refused. */
const someId = '01900000-0000-7000-8000-000000000001'
const url = `/api/warehouses/${someId}/address`

export const warehousesArea: IsolationArea = {
  name: 'warehouses',
  seed: async () => ({}),
  cases: {
    'GET /api/warehouses/:id/address': () => [forbidden({ method: 'GET', url })],
    'PUT /api/warehouses/:id/address': () => [
      forbidden({
        method: 'PUT',
        url,
        payload: { contactName: 'A', phone: '+420123456', street: 'S', postCode: '1', city: 'C' },
      }),
    ],
  },
}
