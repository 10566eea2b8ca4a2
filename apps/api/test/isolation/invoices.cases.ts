import type { Json, TestApp } from '../app.ts'
import type { Ctx, IsolationArea, Party, Probe } from './kit.ts'
import { forbidden, noLeak, notFound } from './kit.ts'

/**
 * An issued invoice of the party's seed order (made and issued by its own user), a credit note of its first
 * line, a draft invoice and a number series of its own.
 */
async function seed(t: TestApp, p: Party): Promise<Record<string, string>> {
  const api = t.as(p.token)
  const orderId = p.areas.orders!.orderId!
  const tag = p.client.name.split(' ')[0]!.toUpperCase()
  const ok = (what: string, res: { status: number; body: Json }, status = 200): Json => {
    if (res.status !== status) throw new Error(`seed ${what} → ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }
  const series = ok(
    'series',
    await api.post('/api/settings/sequences', {
      documentType: 'invoice',
      country: 'Czech',
      year: new Date().getUTCFullYear(),
      prefix: `${tag}SER`,
    }),
    201,
  )
  // The default credit note series, started apart per party: a credit note number is then A's alone.
  ok(
    'credit note series',
    await api.post('/api/settings/sequences', {
      documentType: 'creditnote',
      country: 'Czech',
      year: new Date().getUTCFullYear(),
      prefix: 'DNCZ',
      nextValue: 1000 + tag.charCodeAt(0) * 10,
    }),
    201,
  )
  // The VAT follows the place of supply: the order ships from a Czech warehouse (the party's order has none yet).
  const warehouse = await t.factory.warehouse()
  await t.database.pool.query('update orders set warehouse_id = $2 where id = $1 and warehouse_id is null', [
    orderId,
    warehouse.id,
  ])
  const invoiceId: string = ok('invoice', await api.post(`/api/orders/${orderId}/invoice`)).invoice._id
  ok(
    'series choice',
    await api.request({ method: 'PUT', url: `/api/invoices/${invoiceId}`, query: { series: series._id } }),
  )
  const issued = ok('issue', await api.post(`/api/invoices/${invoiceId}/issue`))
  const note = ok(
    'credit note',
    await api.post(`/api/invoices/${invoiceId}/creditnote`, {
      items: [{ itemId: issued.items[0]!._id, quantity: 1 }],
      reason: 'Returned goods',
    }),
    201,
  )
  return {
    seriesId: series._id,
    invoiceId,
    invoiceItemId: issued.items[0]!._id,
    invoiceNumber: issued.sequenceNumber,
    creditNoteId: note._id,
    creditNoteNumber: note.sequenceNumber,
  }
}

const i = (p: Party) => p.areas.invoices!
const period = () => {
  const today = new Date().toISOString().slice(0, 10)
  return { dateFrom: `${today.slice(0, 8)}01`, dateTo: today }
}

/**
 * The exports reach nothing of A's: naming A (its business client, its orders) is a 404 'No objects were found
 * for export'; the period alone exports B's own documents (a compressed file: the ids above are the proof).
 */
const exportCase =
  (url: string, withIds = false) =>
  ({ a }: Ctx): Probe[] => [
    noLeak({ method: 'GET', url, query: period() }),
    notFound({ method: 'GET', url, query: { ...period(), businessclient: a.client.id } }),
    ...(withIds
      ? [
          notFound({
            method: 'GET',
            url,
            query: { ids: `${a.areas.orders!.clientOrderNr} ${a.areas.orders!.orderId}` },
          }),
        ]
      : []),
  ]

export const invoicesArea: IsolationArea = {
  name: 'invoices',
  seed,
  cases: {
    'GET /api/invoices': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/invoices' }),
      noLeak({ method: 'GET', url: '/api/invoices', query: { businessclient: a.client.id } }),
      noLeak({ method: 'GET', url: '/api/invoices', query: { sequenceNumber: i(a).invoiceNumber! } }),
      noLeak({ method: 'GET', url: '/api/invoices', query: { kind: 'creditnote' } }),
    ],
    'GET /api/invoices/:id': ({ a }) => [
      notFound({ method: 'GET', url: `/api/invoices/${i(a).invoiceId}` }),
      notFound({ method: 'GET', url: `/api/invoices/${i(a).creditNoteId}` }),
    ],
    'GET /api/creditnotes/:id': ({ a }) => [
      notFound({ method: 'GET', url: `/api/creditnotes/${i(a).creditNoteId}` }),
    ],
    'PUT /api/invoices/:id': ({ a }) => [
      notFound({
        method: 'PUT',
        url: `/api/invoices/${i(a).invoiceId}`,
        query: { customer_internal: 'intruder' },
      }),
    ],
    'POST /api/invoices/:id': ({ a }) => [
      notFound({ method: 'POST', url: `/api/invoices/${i(a).invoiceId}`, payload: { name: 'Intruder' } }),
    ],
    'POST /api/invoices/:id/:itemId': ({ a }) => [
      notFound({ method: 'POST', url: `/api/invoices/${i(a).invoiceId}/${i(a).invoiceItemId}` }),
    ],
    'POST /api/invoices/:id/issue': ({ a }) => [
      notFound({ method: 'POST', url: `/api/invoices/${i(a).invoiceId}/issue` }),
    ],
    'POST /api/invoices/:id/creditnote': ({ a }) => [
      notFound({
        method: 'POST',
        url: `/api/invoices/${i(a).invoiceId}/creditnote`,
        payload: { reason: 'Returned goods' },
      }),
    ],
    'GET /api/invoices/:id/pdf': ({ a }) => [
      notFound({ method: 'GET', url: `/api/invoices/${i(a).invoiceId}/pdf` }),
    ],
    'GET /api/invoices/:id/isdoc': ({ a }) => [
      notFound({ method: 'GET', url: `/api/invoices/${i(a).invoiceId}/isdoc` }),
    ],
    'GET /api/invoices/zip': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/invoices/zip', query: period() }),
      notFound({
        method: 'GET',
        url: '/api/invoices/zip',
        query: { ...period(), businessclient: a.client.id },
      }),
    ],
    'GET /api/invoices/export': exportCase('/api/invoices/export', true),
    'GET /api/invoices/export/creditnotes': exportCase('/api/invoices/export/creditnotes'),
    'GET /api/creditnotes/export': exportCase('/api/creditnotes/export'),
    'GET /api/reports/invoices': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/reports/invoices' }),
      noLeak({ method: 'GET', url: '/api/reports/invoices', query: { businessclient: a.client.id } }),
    ],
    'GET /api/reports/creditnotes': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/reports/creditnotes', query: { businessclient: a.client.id } }),
    ],
    'POST /api/orders/:id/invoice': ({ a }) => [
      notFound({ method: 'POST', url: `/api/orders/${a.areas.orders!.orderId}/invoice` }),
    ],
    'GET /api/settings/sequences': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/settings/sequences' }),
      noLeak({ method: 'GET', url: '/api/settings/sequences', query: { businessclient: a.client.id } }),
    ],
    'POST /api/settings/sequences': ({ a }) => [
      // A client's series is always its own: naming A creates nothing of A's.
      noLeak({
        method: 'POST',
        url: '/api/settings/sequences',
        payload: { businessclient: a.client.id, documentType: 'creditnote', country: 'Czech', year: 2030 },
      }),
    ],
    // Rates are the same for every business client: readable by all, written by finance and admins only.
    'GET /api/settings/vatrates': () => [noLeak({ method: 'GET', url: '/api/settings/vatrates' })],
    'POST /api/settings/vatrates': () => [
      forbidden({
        method: 'POST',
        url: '/api/settings/vatrates',
        payload: { country: 'Czech', rate: 1, kind: 'standard', validFrom: '2030-01-01' },
      }),
    ],
    'GET /api/settings/exchangerates': () => [noLeak({ method: 'GET', url: '/api/settings/exchangerates' })],
    'POST /api/settings/exchangerates': () => [
      forbidden({
        method: 'POST',
        url: '/api/settings/exchangerates',
        payload: { currency: 'EUR', target: 'CZK', day: '2030-01-01', rate: 1 },
      }),
    ],
    'DELETE /api/settings/sequences/:id': ({ a }) => [
      notFound({ method: 'DELETE', url: `/api/settings/sequences/${i(a).seriesId}` }),
    ],
  },
}
