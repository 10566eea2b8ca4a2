import type { IsolationArea } from './kit.ts'
import { noLeak } from './kit.ts'

/** Reports read across orders and stock: a client's report holds only its own rows (A's seed order waits in No goods). */
export const reportsArea: IsolationArea = {
  name: 'reports',
  cases: {
    'GET /api/reports/nogoods/': () => [
      noLeak({ method: 'GET', url: '/api/reports/nogoods/' }),
      noLeak({ method: 'GET', url: '/api/reports/nogoods/', query: { country: 'Czech' } }),
    ],
  },
}
