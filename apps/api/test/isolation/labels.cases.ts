import type { IsolationArea, Party } from './kit.ts'
import { forbidden, notFound } from './kit.ts'

/** A's order as the orders area seeded it. */
const orderOf = (p: Party) => p.areas.orders!.orderId!

/**
 * Courier labels (issue 25): a client reads its own orders' labels (another's is 404); asking for a label
 * or for tracking is the floor's (orders.process), so a client is refused (403) whatever the order.
 */
export const labelsArea: IsolationArea = {
  name: 'labels',
  cases: {
    'GET /api/orders/:id/label': ({ a }) => [
      notFound({ method: 'GET', url: `/api/orders/${orderOf(a)}/label` }),
    ],
    'POST /api/orders/:id/label': ({ a }) => [
      forbidden({ method: 'POST', url: `/api/orders/${orderOf(a)}/label`, payload: {} }),
    ],
    'POST /api/orders/:id/tracking': ({ a }) => [
      forbidden({ method: 'POST', url: `/api/orders/${orderOf(a)}/tracking`, payload: {} }),
    ],
  },
}
