import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Json, TestApi, TestApp, TestResponse } from './app.ts'
import { createTestApp } from './app.ts'
import { billMonth, ensureIssuer, insertServices } from './bill-fixtures.ts'
import { codOrder, payoutUpload } from './cod-fixtures.ts'
import { invoiceDesk } from './invoice-fixtures.ts'

// Issue #26: money actions accept Idempotency-Key as creates do: a client that lost an answer sends the
// call again with its key and gets the first answer, without a second effect.
let t: TestApp
let d: Awaited<ReturnType<typeof invoiceDesk>>
let finance: TestApi
const query = (sql: string, params: unknown[] = []) => t.database.pool.query(sql, params).then((r) => r.rows)

beforeAll(async () => {
  t = await createTestApp()
  d = await invoiceDesk(t)
  finance = (await t.userWithToken({ roles: ['finance'] })).api
  await ensureIssuer(t, 'Czech')
})
afterAll(() => t?.close())

const keyed = (api: TestApi, key: string, url: string, payload?: unknown) =>
  api.request({ method: 'POST', url, ...(payload ? { payload } : {}), headers: { 'idempotency-key': key } })

function expectReplay(first: TestResponse, retry: TestResponse, status = 200) {
  expect(first.status).toBe(status)
  expect(first.headers['idempotent-replayed']).toBeUndefined()
  expect(retry.status).toBe(status)
  expect(retry.headers['idempotent-replayed']).toBe('true')
  expect(retry.body).toEqual(first.body)
}

async function draftBill(): Promise<string> {
  const c = await t.tenantWithApi()
  await insertServices(t, { businessclientId: c.client.id, count: 3 })
  const run = await finance.post('/api/bills/run', { period: billMonth(), businessclient: c.client.id })
  if (run.status !== 200) throw new Error(`run: ${run.status} ${JSON.stringify(run.body)}`)
  return run.body.bills[0]._id
}

describe('Idempotency-Key on money actions', () => {
  it('POST /invoices/{id}/issue: a retry with the key answers the same number, taken once', async () => {
    const c = await d.client()
    const draft = await d.draft(c)
    const first = await keyed(c.api, 'issue-1', `/api/invoices/${draft._id}/issue`)
    const retry = await keyed(c.api, 'issue-1', `/api/invoices/${draft._id}/issue`)
    expectReplay(first, retry)
    expect(retry.body.sequenceNumber).toBe(first.body.sequenceNumber)
    const numbered = await query(
      'select count(*)::int as n from invoices where businessclient_id = $1 and sequence_number is not null',
      [c.client.id],
    )
    expect(numbered[0].n).toBe(1)
  })

  it('POST /invoices/{id}: a retried item addition adds one item', async () => {
    const c = await d.client()
    const draft = await d.draft(c)
    const item = { name: 'Gift wrap', quantity: 1, netto_price: 10, VAT_procent: 21 }
    const first = await keyed(c.api, 'add-1', `/api/invoices/${draft._id}`, item)
    const retry = await keyed(c.api, 'add-1', `/api/invoices/${draft._id}`, item)
    expectReplay(first, retry)
    expect(first.body.items).toHaveLength(draft.items.length + 1)
    const read = await c.api.get(`/api/invoices/${draft._id}`)
    expect(read.body.items).toHaveLength(draft.items.length + 1)
  })

  it('refuses the key of one money action for another call (422), and the other call did nothing', async () => {
    const c = await d.client()
    const [a, b] = [await d.draft(c), await d.draft(c)]
    expect((await keyed(c.api, 'shared', `/api/invoices/${a._id}/issue`)).status).toBe(200)
    const other = await keyed(c.api, 'shared', `/api/invoices/${b._id}/issue`)
    expect(other.status).toBe(422)
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' })
    expect((await c.api.get(`/api/invoices/${b._id}`)).body.sequenceNumber).toBeFalsy()
  })

  it('POST /invoices/{id}/creditnote: a retry answers the same credit note, made once', async () => {
    const c = await d.client()
    const invoice = await d.issued(c)
    const first = await keyed(c.api, 'credit-1', `/api/invoices/${invoice._id}/creditnote`, {
      reason: 'Returned goods',
    })
    const retry = await keyed(c.api, 'credit-1', `/api/invoices/${invoice._id}/creditnote`, {
      reason: 'Returned goods',
    })
    expectReplay(first, retry, 201)
    const notes = await query('select count(*)::int as n from invoices where invoice_id = $1', [invoice._id])
    expect(notes[0].n).toBe(1)
  })

  it('POST /bills/{id}/lock and /pay: retries answer the same number and payment, once', async () => {
    const id = await draftBill()
    const locked = await keyed(finance, 'lock-1', `/api/bills/${id}/lock`)
    const lockedAgain = await keyed(finance, 'lock-1', `/api/bills/${id}/lock`)
    expectReplay(locked, lockedAgain)
    expect(lockedAgain.body.sequenceNumber).toBe(locked.body.sequenceNumber)
    const paid = await keyed(finance, 'pay-1', `/api/bills/${id}/pay`)
    const paidAgain = await keyed(finance, 'pay-1', `/api/bills/${id}/pay`)
    expectReplay(paid, paidAgain)
    const [row]: Json[] = await query('select is_paid from bills where id = $1', [id])
    expect(row.is_paid).toBe(true)
  })

  it('PUT /transffers/{id}: a retried status change answers the same transfer, changed once', async () => {
    const c = await t.tenantWithApi()
    const o = await codOrder(t, c.client.id, 100)
    const form = await payoutUpload([[o.trackingId, 100, new Date().toISOString().slice(0, 10)]])
    const upload = await finance.request({ method: 'POST', url: '/api/cod/payouts/upload', ...form })
    expect(upload.body.collected).toBe(1)
    const made = await finance.post('/api/transffers', { businessclient: c.client.id, currency: 'CZK' })
    expect(made.status).toBe(201)
    const send = () =>
      finance.request({
        method: 'PUT',
        url: `/api/transffers/${made.body._id}`,
        payload: { status: 'Sent' },
        headers: { 'idempotency-key': 'sent-1' },
      })
    const first = await send()
    const retry = await send()
    expectReplay(first, retry)
    expect(retry.body.status).toBe('Sent')
  })
})
