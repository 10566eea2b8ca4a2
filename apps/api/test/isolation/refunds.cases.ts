import type { TestApp } from '../app.ts'
import type { IsolationArea, Party } from './kit.ts'
import { forbidden, noLeak, notFound } from './kit.ts'

/** A refund of the party's seed order, requested by its own user. */
async function seed(t: TestApp, p: Party): Promise<Record<string, string>> {
  const tag = p.client.name.split(' ')[0]!.toUpperCase()
  const res = await t.as(p.token).post('/api/refunds', {
    order: p.areas.orders!.orderId,
    name: `${tag} Refund Marker Person`,
    country: 'Czech',
    city: 'Brno',
    street: `${tag} Refund Street 9`,
    amount: 77.7,
    account_nr: '19-2000145399',
    account_code: '0800',
  })
  if (res.status !== 201) throw new Error(`seed refund → ${res.status} ${JSON.stringify(res.body)}`)
  return { refundId: res.body._id, refundid: res.body.refundid, refundName: `${tag} Refund Marker Person` }
}

const r = (p: Party) => p.areas.refunds!
const edit = {
  name: 'Intruder',
  country: 'Czech',
  city: 'Brno',
  street: 'Nowhere 1',
  amount: 1,
  account_nr: '19-2000145399',
  account_code: '0800',
}

export const refundsArea: IsolationArea = {
  name: 'refunds',
  seed,
  cases: {
    'GET /api/refunds': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/refunds' }),
      noLeak({ method: 'GET', url: '/api/refunds', query: { businessclient: a.client.id, limit: '1000' } }),
      noLeak({ method: 'GET', url: '/api/refunds', query: { searchTerm: r(a).refundid! } }, [r(a).refundid!]),
    ],
    // The file is compressed (the walk could not see a leak in it): A's refund by number finds nothing.
    'GET /api/refunds/export': ({ a }) => [
      notFound({ method: 'GET', url: '/api/refunds/export', query: { searchTerm: r(a).refundid! } }),
    ],
    'GET /api/refunds/:id': ({ a }) => [notFound({ method: 'GET', url: `/api/refunds/${r(a).refundId}` })],
    'POST /api/refunds': ({ a }) => [
      notFound({ method: 'POST', url: '/api/refunds', payload: { ...edit, order: a.areas.orders!.orderId } }),
    ],
    'PUT /api/refunds/:id': ({ a }) => [
      notFound({ method: 'PUT', url: `/api/refunds/${r(a).refundId}`, payload: edit }),
    ],
    'PUT /api/refunds': ({ a }) => [
      noLeak(
        { method: 'PUT', url: '/api/refunds', payload: { refunds: [r(a).refundId], status: 'Approved' } },
        [r(a).refundId!],
      ),
    ],
    'DELETE /api/refunds/:id': ({ a }) => [
      notFound({ method: 'DELETE', url: `/api/refunds/${r(a).refundId}` }),
    ],
    // Finance only: a client never sends a payment file or marks a refund Refunded.
    'POST /api/refunds/payment-file': ({ a }) => [
      forbidden({ method: 'POST', url: '/api/refunds/payment-file', payload: { refunds: [r(a).refundId] } }),
    ],
    'PUT /api/refunds/:id/result': ({ a }) => [
      forbidden({
        method: 'PUT',
        url: `/api/refunds/${r(a).refundId}/result`,
        payload: { status: 'Refunded' },
      }),
    ],
  },
}
