import type { IsolationArea } from './kit.ts'
import { forbidden } from './kit.ts'

/** Packing is the floor staff's (orders.process): a client is refused every call, whatever the order. */
const someId = '01900000-0000-7000-8000-000000000001'
const orderUrl = (what = '') => `/api/packing/${someId}${what}`

export const packingArea: IsolationArea = {
  name: 'packing',
  seed: async () => ({}),
  cases: {
    'POST /api/packing/open': () => [
      forbidden({ method: 'POST', url: '/api/packing/open', payload: { code: 'O-1000' } }),
    ],
    'GET /api/packing/:id': () => [forbidden({ method: 'GET', url: orderUrl() })],
    'POST /api/packing/:id/scan': () => [
      forbidden({ method: 'POST', url: orderUrl('/scan'), payload: { code: 'SKU-1' } }),
    ],
    'POST /api/packing/:id/reset': () => [
      forbidden({ method: 'POST', url: orderUrl('/reset'), payload: {} }),
    ],
    'POST /api/packing/:id/leave': () => [
      forbidden({ method: 'POST', url: orderUrl('/leave'), payload: {} }),
    ],
    'POST /api/packing/:id/packed': () => [
      forbidden({ method: 'POST', url: orderUrl('/packed'), payload: { weight: 500, parcels: 1 } }),
    ],
    'GET /api/packing/:id/slip': () => [forbidden({ method: 'GET', url: orderUrl('/slip') })],
  },
}
