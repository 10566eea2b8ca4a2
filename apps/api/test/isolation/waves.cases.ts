import type { IsolationArea } from './kit.ts'
import { forbidden } from './kit.ts'

/** Waves are the floor staff's (orders.process, stock.adjust): a client is refused every call, whatever the id. */
const someId = '01900000-0000-7000-8000-000000000001'
const lineUrl = (what: string) => `/api/waves/${someId}/lines/${someId}/${what}`

export const wavesArea: IsolationArea = {
  name: 'waves',
  seed: async () => ({}),
  cases: {
    'GET /api/waves': () => [forbidden({ method: 'GET', url: '/api/waves' })],
    'POST /api/waves': () => [
      forbidden({ method: 'POST', url: '/api/waves', payload: { warehouse: someId } }),
    ],
    'POST /api/waves/preview': () => [
      forbidden({ method: 'POST', url: '/api/waves/preview', payload: { warehouse: someId } }),
    ],
    'GET /api/waves/discrepancies': () => [forbidden({ method: 'GET', url: '/api/waves/discrepancies' })],
    'POST /api/waves/discrepancies/:id/confirm': () => [
      forbidden({ method: 'POST', url: `/api/waves/discrepancies/${someId}/confirm`, payload: {} }),
    ],
    'POST /api/waves/discrepancies/:id/dismiss': () => [
      forbidden({ method: 'POST', url: `/api/waves/discrepancies/${someId}/dismiss`, payload: {} }),
    ],
    'GET /api/waves/:id': () => [forbidden({ method: 'GET', url: `/api/waves/${someId}` })],
    'GET /api/waves/:id/picklist': () => [forbidden({ method: 'GET', url: `/api/waves/${someId}/picklist` })],
    'POST /api/waves/:id/next': () => [
      forbidden({ method: 'POST', url: `/api/waves/${someId}/next`, payload: {} }),
    ],
    'POST /api/waves/:id/lines/:lineId/pick': () => [
      forbidden({
        method: 'POST',
        url: lineUrl('pick'),
        payload: { location: 'A', barcode: 'X', quantity: 1 },
      }),
    ],
    'POST /api/waves/:id/lines/:lineId/short': () => [
      forbidden({ method: 'POST', url: lineUrl('short'), payload: { location: 'A', found: 0 } }),
    ],
    'POST /api/waves/:id/lines/:lineId/return': () => [
      forbidden({ method: 'POST', url: lineUrl('return'), payload: { location: 'A' } }),
    ],
  },
}
