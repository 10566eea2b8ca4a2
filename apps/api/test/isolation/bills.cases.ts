import type { TestApp } from '../app.ts'
import { billMonth, ensureIssuer, insertServices } from '../bill-fixtures.ts'
import type { IsolationArea, Party } from './kit.ts'
import { forbidden, noLeak, notFound } from './kit.ts'

/** A locked bill of the party's services (run and locked by finance), with its first item. */
async function seed(t: TestApp, p: Party): Promise<Record<string, string>> {
  await ensureIssuer(t, 'Czech')
  await insertServices(t, { businessclientId: p.client.id, count: 3 })
  const finance = (await t.userWithToken({ roles: ['finance'] })).api
  const run = await finance.post('/api/bills/run', { period: billMonth(), businessclient: p.client.id })
  const billId: string = run.body.bills[0]._id
  const locked = await finance.post(`/api/bills/${billId}/lock`)
  if (locked.status !== 200) throw new Error(`seed bill → ${locked.status} ${JSON.stringify(locked.body)}`)
  return { billId, billItemId: locked.body.items[0]._id, billNumber: locked.body.sequenceNumber }
}

const b = (p: Party) => p.areas.bills!

export const billsArea: IsolationArea = {
  name: 'bills',
  seed,
  cases: {
    // Issuers are the provider's own: staff only.
    'GET /api/issuers': () => [forbidden({ method: 'GET', url: '/api/issuers' })],
    'POST /api/issuers': () => [forbidden({ method: 'POST', url: '/api/issuers', payload: {} })],
    'PUT /api/issuers/:id': () => [
      forbidden({ method: 'PUT', url: '/api/issuers/01a21bd6-25e3-7485-a31b-2f27254893fa', payload: {} }),
    ],
    'GET /api/bills': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/bills' }),
      noLeak({ method: 'GET', url: '/api/bills', query: { businessclient: a.client.id } }),
      noLeak({ method: 'GET', url: '/api/bills', query: { status: 'notpaid-indue' } }),
    ],
    'POST /api/bills/run': ({ a }) => [
      forbidden({
        method: 'POST',
        url: '/api/bills/run',
        payload: { period: billMonth(), businessclient: a.client.id },
      }),
    ],
    'GET /api/bills/:id': ({ a }) => [notFound({ method: 'GET', url: `/api/bills/${b(a).billId}` })],
    'GET /api/bills/:id/services': ({ a }) => [
      notFound({ method: 'GET', url: `/api/bills/${b(a).billId}/services` }),
    ],
    'POST /api/bills/:id/services/export': ({ a }) => [
      notFound({ method: 'POST', url: `/api/bills/${b(a).billId}/services/export`, payload: {} }),
    ],
    'GET /api/bills/:id/pdf': ({ a }) => [notFound({ method: 'GET', url: `/api/bills/${b(a).billId}/pdf` })],
    'PUT /api/bills/:id/items/:itemId': ({ a }) => [
      forbidden({
        method: 'PUT',
        url: `/api/bills/${b(a).billId}/items/${b(a).billItemId}`,
        payload: { quantity: 1 },
      }),
    ],
    'POST /api/bills/:id/lock': ({ a }) => [
      forbidden({ method: 'POST', url: `/api/bills/${b(a).billId}/lock` }),
    ],
    'POST /api/bills/:id/pay': ({ a }) => [
      forbidden({ method: 'POST', url: `/api/bills/${b(a).billId}/pay` }),
    ],
    'POST /api/bills/:id/creditnote': ({ a }) => [
      forbidden({ method: 'POST', url: `/api/bills/${b(a).billId}/creditnote` }),
    ],
  },
}
