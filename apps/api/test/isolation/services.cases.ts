import { services } from '../../src/db/schema/index.ts'
import type { TestApp } from '../app.ts'
import type { IsolationArea, Party } from './kit.ts'
import { forbidden, noLeak, notFound } from './kit.ts'

/** A not-billed service of the party's seed order (as shipping records it). */
async function seed(t: TestApp, p: Party): Promise<Record<string, string>> {
  const orderId = p.areas.orders!.orderId!
  const [row] = await t.db
    .insert(services)
    .values({
      businessclientId: p.client.id,
      serviceType: 'fulfilment',
      category: 'warehouse',
      trigger: 'Order',
      triggerId: orderId,
      triggerRef: `SVC-${p.client.id.slice(-6)}`,
      unitPrice: '26.00',
      amount: '26.00',
      currency: 'CZK',
      country: 'Czech',
      description: `Service of ${p.client.name}`,
      serviceDate: new Date().toISOString().slice(0, 10),
      dedupeKey: `Order:${orderId}:fulfilment`,
    })
    .returning()
  return { serviceId: row!.id, serviceRef: row!.triggerRef }
}

const card = { country: 'Czech', currency: 'CZK', validFrom: '2030-01-01' }
const someId = '00000000-0000-4000-8000-000000000042'

export const servicesArea: IsolationArea = {
  name: 'services',
  seed,
  cases: {
    'POST /api/services/billable': ({ a }) => [
      noLeak({ method: 'POST', url: '/api/services/billable', payload: {} }),
      noLeak({ method: 'POST', url: '/api/services/billable', payload: { businessclient: a.client.id } }),
    ],
    'GET /api/services/running': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/services/running', query: { businessclient: a.client.id } }),
    ],
    'GET /api/orders/:id/services': ({ a }) => [
      notFound({ method: 'GET', url: `/api/orders/${a.areas.orders!.orderId}/services` }),
    ],
    // Rate cards are the provider's: finance reads them, admins write them, a client neither.
    'GET /api/ratecards': () => [forbidden({ method: 'GET', url: '/api/ratecards' })],
    'POST /api/ratecards': ({ a }) => [
      forbidden({ method: 'POST', url: '/api/ratecards', payload: { ...card, businessclient: a.client.id } }),
    ],
    'PUT /api/ratecards/:id': () => [
      forbidden({ method: 'PUT', url: `/api/ratecards/${someId}`, payload: card }),
    ],
    'DELETE /api/ratecards/:id': () => [forbidden({ method: 'DELETE', url: `/api/ratecards/${someId}` })],
  },
}
