import type { TestApp } from '../app.ts'
import { codOrder, payoutUpload } from '../cod-fixtures.ts'
import type { IsolationArea, Party } from './kit.ts'
import { forbidden, noLeak, notFound } from './kit.ts'

/** A collected COD order of the party and the transfer finance made of it. */
async function seed(t: TestApp, p: Party): Promise<Record<string, string>> {
  const finance = (await t.userWithToken({ roles: ['finance'] })).api
  const order = await codOrder(t, p.client.id, 123.45)
  const form = await payoutUpload([[order.trackingId, 123.45, new Date().toISOString().slice(0, 10)]])
  await finance.request({ method: 'POST', url: '/api/cod/payouts/upload', ...form })
  const made = await finance.post('/api/transffers', { businessclient: p.client.id, currency: 'CZK' })
  if (made.status !== 201) throw new Error(`seed transfer → ${made.status} ${JSON.stringify(made.body)}`)
  return { transferId: made.body._id, tranfferNr: made.body.tranfferNr }
}

const c = (p: Party) => p.areas.cod!

export const codArea: IsolationArea = {
  name: 'cod',
  seed,
  cases: {
    // Reconciliation is finance's: a client may not call it at all.
    'POST /api/cod/payouts/econt': () => [
      forbidden({
        method: 'POST',
        url: '/api/cod/payouts/econt',
        payload: { dateFrom: '2026-01-01', dateTo: '2026-01-31' },
      }),
    ],
    'POST /api/cod/payouts/upload': () => [
      forbidden({ method: 'POST', url: '/api/cod/payouts/upload', payload: {} }),
    ],
    'POST /api/cod/mismatches/check-unpaid': () => [
      forbidden({ method: 'POST', url: '/api/cod/mismatches/check-unpaid', payload: {} }),
    ],
    'GET /api/cod/mismatches': () => [forbidden({ method: 'GET', url: '/api/cod/mismatches' })],
    'POST /api/cod/mismatches/:id/resolve': () => [
      forbidden({
        method: 'POST',
        url: '/api/cod/mismatches/01a21bd6-25e3-7485-a31b-2f27254893fa/resolve',
        payload: { action: 'accept' },
      }),
    ],
    'GET /api/transffers': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/transffers' }),
      noLeak({ method: 'GET', url: '/api/transffers', query: { businessclient: a.client.id } }),
      noLeak({ method: 'GET', url: '/api/transffers', query: { status: 'New' } }),
    ],
    'GET /api/transffers/preview': ({ a }) => [
      forbidden({
        method: 'GET',
        url: '/api/transffers/preview',
        query: { businessclient: a.client.id, currency: 'CZK' },
      }),
    ],
    'POST /api/transffers': ({ a }) => [
      forbidden({
        method: 'POST',
        url: '/api/transffers',
        payload: { businessclient: a.client.id, currency: 'CZK' },
      }),
    ],
    'POST /api/transffers/payment-file': ({ a }) => [
      forbidden({
        method: 'POST',
        url: '/api/transffers/payment-file',
        payload: { transfers: [c(a).transferId] },
      }),
    ],
    'GET /api/transffers/:id': ({ a }) => [
      notFound({ method: 'GET', url: `/api/transffers/${c(a).transferId}` }),
    ],
    'PUT /api/transffers/:id': ({ a }) => [
      forbidden({ method: 'PUT', url: `/api/transffers/${c(a).transferId}`, payload: { status: 'Sent' } }),
    ],
    'GET /api/transffers/:id/orders/export': ({ a }) => [
      notFound({ method: 'GET', url: `/api/transffers/${c(a).transferId}/orders/export` }),
    ],
  },
}
