import type { IsolationArea } from './kit.ts'
import { noLeak, notFound } from './kit.ts'

/** Reports read across orders and stock: a client's report holds only its own rows (A's seed order waits in No goods). */
export const reportsArea: IsolationArea = {
  name: 'reports',
  cases: {
    'GET /api/reports/nogoods/': () => [
      noLeak({ method: 'GET', url: '/api/reports/nogoods/' }),
      noLeak({ method: 'GET', url: '/api/reports/nogoods/', query: { country: 'Czech' } }),
    ],
    'GET /api/reports/stockturnover/': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/reports/stockturnover/', query: { days: '30' } }),
      noLeak({ method: 'GET', url: '/api/reports/stockturnover/', query: { businessclient: a.client.id } }),
    ],
    // The dashboard sums kept counts: nothing of A's (ids, SKUs, names) in B's answer, even naming A.
    'GET /api/dashboard': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/dashboard' }),
      noLeak({ method: 'GET', url: '/api/dashboard', query: { businessclient: a.client.id } }),
    ],
    // Naming A's business client exports nothing: 404 'No objects were found for export'.
    'GET /api/reports/stockturnover/export': ({ a }) => [
      notFound({
        method: 'GET',
        url: '/api/reports/stockturnover/export',
        query: { businessclient: a.client.id },
      }),
    ],
  },
}
