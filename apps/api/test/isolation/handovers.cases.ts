import type { IsolationArea } from './kit.ts'
import { forbidden } from './kit.ts'

/** Courier handovers are the floor staff's (orders.process): a client is refused every call, whatever the id. */
const someId = '01900000-0000-7000-8000-000000000001'
const url = (what = '') => `/api/handovers/${someId}${what}`

export const handoversArea: IsolationArea = {
  name: 'handovers',
  seed: async () => ({}),
  cases: {
    'GET /api/handovers/ready': () => [forbidden({ method: 'GET', url: '/api/handovers/ready' })],
    'GET /api/handovers': () => [forbidden({ method: 'GET', url: '/api/handovers' })],
    'POST /api/handovers': () => [
      forbidden({ method: 'POST', url: '/api/handovers', payload: { warehouse: someId, courier: someId } }),
    ],
    'GET /api/handovers/:id': () => [forbidden({ method: 'GET', url: url() })],
    'GET /api/handovers/:id/manifest': () => [forbidden({ method: 'GET', url: url('/manifest') })],
    'POST /api/handovers/:id/scan': () => [
      forbidden({ method: 'POST', url: url('/scan'), payload: { code: 'O-1000' } }),
    ],
    'DELETE /api/handovers/:id/parcels/:orderId': () => [
      forbidden({ method: 'DELETE', url: url(`/parcels/${someId}`) }),
    ],
    'POST /api/handovers/:id/pickup': () => [
      forbidden({
        method: 'POST',
        url: url('/pickup'),
        payload: { from: '2030-01-01T09:00:00Z', to: '2030-01-01T12:00:00Z' },
      }),
    ],
    'POST /api/handovers/:id/confirm': () => [
      forbidden({ method: 'POST', url: url('/confirm'), payload: {} }),
    ],
    'POST /api/handovers/:id/cancel': () => [forbidden({ method: 'POST', url: url('/cancel'), payload: {} })],
  },
}
