import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import JSZip from 'jszip'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { ensureIssuer } from '../../../test/bill-fixtures.ts'
import { ensureDebianTool } from '../../../test/debian-tool.ts'
import { productFor, readXlsx } from '../../../test/stock-fixtures.ts'
import { expectExcelDates, pragueWallClock } from '../../../test/xlsx-dates.ts'
import { refunds, services } from '../../db/schema/index.ts'
import { mergeRefundDayCounts } from './index.ts'

const IBAN = 'SK6609000000005012345678'
const schema = path.resolve(import.meta.dirname, '../../../test/fixtures/iso20022/pain.001.001.03.xsd')
const dir = mkdtempSync(path.join(tmpdir(), 'expedo-refunds-'))

let t: TestApp
let admin: TestApi
let finance: TestApi
let financeToken: string
let operator: TestApi
type Client = Awaited<ReturnType<TestApp['tenantWithApi']>>
let a: Client
let b: Client

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.asAdmin()
  const f = await t.userWithToken({ roles: ['finance'] })
  finance = f.api
  financeToken = f.token
  operator = (await t.userWithToken({ roles: ['operator'] })).api
  a = await t.tenantWithApi()
  b = await t.tenantWithApi()
  await ensureIssuer(t, 'Czech')
  await ensureIssuer(t, 'Slovakia')
  const card = await admin.post('/api/ratecards', {
    country: 'Czech',
    currency: 'CZK',
    validFrom: '2020-01-01',
    refundHandling: 40,
  })
  if (card.status !== 201) throw new Error(`rate card → ${card.status}`)
})
afterAll(async () => {
  await t?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** An order of the client (shipped to Czech: the refund-handling fee is priced by the Czech card). */
async function orderOf(c: Client, nr = t.factory.unique('ORD')) {
  const product = await productFor(t, c.client.id)
  const res = await c.api.post('/api/orders/create/new', {
    clientOrderNr: nr,
    shipTo: {
      country: 'Czech',
      city: 'Brno',
      street: 'Údolní',
      postcode: '602 00',
      client: { firstName: 'Jana', lastName: 'Nováková', phone: '+420 603 111 222' },
    },
    items: [{ product: product.id, quantity: 1, price: 10 }],
  })
  if (res.status !== 201) throw new Error(`order → ${res.status} ${JSON.stringify(res.body)}`)
  return res.body as Json
}

const eur = (order: string, over: Json = {}) => ({
  order,
  name: 'Jana Nováková',
  phone: '+421 900 123 456',
  country: 'Slovakia',
  city: 'Bratislava',
  street: 'Hlavná 1',
  amount: 12.5,
  IBAN: 'sk66 0900 0000 0050 1234 5678',
  ...over,
})
const czk = (order: string, over: Json = {}) => ({
  order,
  name: 'Petr Dvořák',
  country: 'Czech',
  city: 'Brno',
  street: 'Údolní 53',
  amount: 350,
  account_nr: '19-2000145399',
  account_code: '0800',
  ...over,
})

async function refundOf(c: Client, body?: Json): Promise<Json> {
  const order = await orderOf(c)
  const res = await c.api.post('/api/refunds', body ?? eur(order._id))
  if (res.status !== 201) throw new Error(`refund → ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

const statusOf = async (id: string) =>
  (await t.db.select({ s: refunds.status }).from(refunds).where(eq(refunds.id, id)))[0]?.s
const setStatus = (id: string, status: string) =>
  t.db.update(refunds).set({ status }).where(eq(refunds.id, id))
const refundCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(refunds))[0]!.n

/** The payment-file call as finance, with the raw XML answer. */
async function paymentFile(payload: Json) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/refunds/payment-file',
    payload,
    headers: { authorization: `Bearer ${financeToken}` },
  })
  const xml = res.statusCode === 200 ? res.body : ''
  const ids = [...xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1]!)
  return {
    status: res.statusCode,
    headers: res.headers,
    xml,
    ids,
    body: res.statusCode === 200 ? null : res.json(),
  }
}

/** The payment-file call as finance when it answers a ZIP: its files, by name, with their XML. */
async function zipFile(payload: Json) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/refunds/payment-file',
    payload,
    headers: { authorization: `Bearer ${financeToken}` },
  })
  const files: { name: string; xml: string }[] = []
  if (res.statusCode === 200 && res.headers['content-type'] === 'application/zip') {
    const zip = await JSZip.loadAsync(res.rawPayload)
    for (const name of Object.keys(zip.files).sort())
      files.push({ name, xml: await zip.file(name)!.async('string') })
  }
  return { status: res.statusCode, headers: res.headers as Record<string, string | undefined>, files }
}

function xsdValid(xml: string): { ok: boolean; output: string } {
  const xmllint = ensureDebianTool('xmllint', 'libxml2-utils')
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.xml`)
  writeFileSync(file, xml)
  const r = spawnSync(xmllint, ['--noout', '--nonet', '--schema', schema, file], { encoding: 'utf8' })
  return { ok: r.status === 0, output: r.stderr }
}

describe('creating a refund', () => {
  it('creates an EUR refund as New with its number, the order and the normalised IBAN', async () => {
    const order = await orderOf(a, 'A-REFUND-1001')
    const res = await a.api.post('/api/refunds', eur(order._id))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      refundid: expect.stringMatching(/^R-\d{6}$/),
      status: 'New',
      order: { _id: order._id, clientOrderNr: 'A-REFUND-1001' },
      businessclient: { _id: a.client.id },
      inboundparcel: null,
      currency: 'EUR',
      amount: 12.5,
      IBAN: IBAN,
      account_nr: '',
      editable: true,
      error_msgs: [],
    })
    const got = await a.api.get(`/api/refunds/${res.body._id}`)
    expect(got.status).toBe(200)
    expect(got.body).toEqual(res.body)
  })

  it('creates a Czech refund in CZK with account number and bank code', async () => {
    const order = await orderOf(a)
    const res = await a.api.post('/api/refunds', czk(order._id))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      currency: 'CZK',
      amount: 350,
      IBAN: '',
      account_nr: '19-2000145399',
      account_code: '0800',
    })
  })

  it('flags a second refund of the same order and amount as duplicate', async () => {
    const order = await orderOf(a)
    const first = await a.api.post('/api/refunds', eur(order._id, { amount: 20 }))
    const second = await a.api.post('/api/refunds', eur(order._id, { amount: 20.0 }))
    const other = await a.api.post('/api/refunds', eur(order._id, { amount: 5 }))
    expect([first.body.status, second.body.status, other.body.status]).toEqual(['New', 'duplicate', 'New'])
  })

  it('records the refund-handling service of the rate card in force', async () => {
    const refund = await refundOf(a)
    const rows = await t.db
      .select({ amount: services.amount, trigger: services.trigger, currency: services.currency })
      .from(services)
      .where(eq(services.triggerId, refund._id))
    expect(rows).toEqual([{ amount: '40.00', trigger: 'Refund', currency: 'CZK' }])
  })

  it('lets staff create for any client but not a client for another client’s order (404)', async () => {
    const order = await orderOf(a)
    const byAdmin = await admin.post('/api/refunds', eur(order._id))
    expect(byAdmin.status).toBe(201)
    expect(byAdmin.body.businessclient._id).toBe(a.client.id)
    const before = await refundCount()
    expect((await b.api.post('/api/refunds', eur(order._id))).status).toBe(404)
    // Finance and operators do not request refunds.
    expect((await finance.post('/api/refunds', eur(order._id))).status).toBe(403)
    expect((await operator.post('/api/refunds', eur(order._id))).status).toBe(403)
    expect(await refundCount()).toBe(before)
  })

  it('belongs to the order’s returned parcel: the latest by default, a named one only if it is the order’s', async () => {
    const warehouse = await t.factory.warehouse()
    const parcelOf = async (orderId: string) => {
      const { rows } = await t.database.pool.query(
        `insert into inbound_parcels (id, businessclient_id, order_id, warehouse_id)
         select gen_random_uuid(), o.businessclient_id, o.id, $2 from orders o where o.id = $1 returning id`,
        [orderId, warehouse.id],
      )
      return rows[0].id as string
    }
    const order = await orderOf(a)
    const none = await a.api.post('/api/refunds', eur(order._id))
    expect(none.body.inboundparcel).toBeNull()
    const parcel = await parcelOf(order._id)
    const linked = await a.api.post('/api/refunds', eur(order._id, { amount: 3 }))
    expect(linked.status).toBe(201)
    expect(linked.body.inboundparcel).toEqual({ _id: parcel })
    // another order's parcel (here: another client's) is refused and nothing is written
    const foreign = await parcelOf((await orderOf(b))._id)
    const before = (await a.api.get('/api/refunds', { limit: '1000' })).body.total
    const refused = await a.api.post('/api/refunds', eur(order._id, { amount: 4, inboundparcel: foreign }))
    expect(refused.status).toBe(400)
    expect(refused.body.details).toHaveProperty(['inboundparcel'])
    expect((await a.api.get('/api/refunds', { limit: '1000' })).body.total).toBe(before)
    const named = await a.api.post('/api/refunds', eur(order._id, { amount: 5, inboundparcel: parcel }))
    expect(named.body.inboundparcel).toEqual({ _id: parcel })
  })

  it('answers bad input with 400 naming the field and reason, and writes nothing', async () => {
    const order = await orderOf(a)
    const before = await refundCount()
    const cases: [Json, string, string][] = [
      [eur(order._id, { IBAN: '' }), 'IBAN', 'is required for EUR'],
      [eur(order._id, { IBAN: 'SK3112000000198742637542' }), 'IBAN', 'is not a valid IBAN (checksum)'],
      [czk(order._id, { account_nr: '' }), 'account_nr', 'is required for CZK'],
      [czk(order._id, { account_code: '80' }), 'account_code', 'must be a 4-digit bank code'],
      [eur(order._id, { currency: 'CZK' }), 'currency', 'must be EUR for Slovakia'],
      [eur(order._id, { amount: 0 }), 'amount', 'must be more than 0'],
      [eur(order._id, { amount: '12' }), 'amount', 'must be a number'],
      [eur(order._id, { amount: 1.005 }), 'amount', 'must have at most 2 decimals'],
      [eur(order._id, { country: 'Atlantis' }), 'country', 'must be a country of the list'],
      [eur(order._id, { name: '' }), 'name', 'is required'],
      [eur('not-an-id'), 'order', 'must be a valid id'],
    ]
    for (const [body, field, reason] of cases) {
      const res = await a.api.post('/api/refunds', body)
      expect(res.status, field).toBe(400)
      expect(res.body.details?.[field], JSON.stringify(res.body)).toBe(reason)
    }
    expect((await a.api.post('/api/refunds', { ...eur(order._id), extra: 1 })).status).toBe(400)
    expect(await refundCount()).toBe(before)
  })
})

describe('the refund’s bank account, checked as a bank would (the national bank-code table)', () => {
  it('refuses a bank code no CZ/SK bank has, or an account that is not the IBAN’s: 400 naming the field', async () => {
    const order = await orderOf(a)
    const before = await refundCount()
    const cases: [Json, string, string][] = [
      // A valid checksum, but 1200 is no Slovak bank's code (any more).
      [
        eur(order._id, { IBAN: 'SK3112000000198742637541' }),
        'IBAN',
        'has the bank code 1200, which is not in the SK national bank-code table',
      ],
      [
        czk(order._id, { account_code: '0000' }),
        'account_code',
        'has the bank code 0000, which is not in the CZ national bank-code table',
      ],
      [
        eur(order._id, { account_code: '1100' }),
        'account_code',
        'does not match the bank code 0900 inside the IBAN',
      ],
    ]
    for (const [body, field, reason] of cases) {
      const res = await a.api.post('/api/refunds', body)
      expect(res.status, field).toBe(400)
      expect(res.body.details, JSON.stringify(res.body)).toEqual({ [field]: reason })
    }
    expect(await refundCount()).toBe(before)
    const refund = await refundOf(a)
    const edited = await a.api.put(`/api/refunds/${refund._id}`, {
      ...eur(''),
      order: undefined,
      IBAN: 'SK3112000000198742637541',
    })
    expect(edited.status).toBe(400)
    expect(edited.body.details).toEqual({
      IBAN: 'has the bank code 1200, which is not in the SK national bank-code table',
    })
  })
})

describe('the refunds list', () => {
  let c: Client
  const made: Json[] = []
  beforeAll(async () => {
    c = await t.tenantWithApi()
    for (const [i, amount] of [30, 10, 20].entries()) {
      const order = await orderOf(c, `LIST-${i}-ORDER`)
      made.push((await c.api.post('/api/refunds', eur(order._id, { amount, name: `List Person ${i}` }))).body)
    }
  })

  it('pages newest first by default and sorts by a column', async () => {
    const page1 = await c.api.get('/api/refunds', { limit: '2' })
    expect(page1.status).toBe(200)
    expect(page1.body.total).toBe(3)
    expect(page1.body.list.map((r: Json) => r._id)).toEqual([made[2]._id, made[1]._id])
    const page2 = await c.api.get('/api/refunds', { limit: '2', currentPage: '2' })
    expect(page2.body.list.map((r: Json) => r._id)).toEqual([made[0]._id])
    const byAmount = await c.api.get('/api/refunds', { sortColumn: 'amount', sortType: 'asc' })
    expect(byAmount.body.list.map((r: Json) => r.amount)).toEqual([10, 20, 30])
  })

  it('filters by search term, status, dates and (staff) business client', async () => {
    const search = async (q: Record<string, string>, api = c.api) =>
      (await api.get('/api/refunds', q)).body.list.map((r: Json) => r._id)
    expect(await search({ searchTerm: 'LIST-1-ORD' })).toEqual([made[1]._id])
    expect(await search({ searchTerm: made[0].refundid })).toEqual([made[0]._id])
    expect(await search({ searchTerm: 'list person 2' })).toEqual([made[2]._id])
    await setStatus(made[1]._id, 'Rejected')
    expect(await search({ status: 'Rejected' })).toEqual([made[1]._id])
    const today = new Date().toISOString().slice(0, 10)
    expect(await search({ dateFrom: today, dateTo: today })).toHaveLength(3)
    expect(await search({ dateFrom: '2001-01-01', dateTo: '2001-01-31' })).toEqual([])
    expect(await search({ businessclient: c.client.id }, admin)).toHaveLength(3)
    // A client's own scope wins over a businessclient filter naming someone else.
    expect(await search({ businessclient: a.client.id })).toHaveLength(3)
  })

  it('counts from the day counts, right after creates, status changes, deletes and a merge', async () => {
    const d = await t.tenantWithApi()
    const mine = [await refundOf(d), await refundOf(d), await refundOf(d)]
    const totals = async () => {
      const all = (await d.api.get('/api/refunds')).body.total
      const approved = (await d.api.get('/api/refunds', { status: 'Approved' })).body.total
      const byStaff = (await admin.get('/api/refunds', { businessclient: d.client.id, status: 'New' })).body
        .total
      // Staff over every client: the same as counting the table.
      const [{ n }] = (
        await t.database.pool.query(`select count(*)::int as n from refunds where status = 'New'`)
      ).rows
      expect((await finance.get('/api/refunds', { status: 'New' })).body.total).toBe(n)
      expect((await finance.get('/api/refunds')).body.total).toBe(await refundCount())
      return [all, approved, byStaff]
    }
    expect(await totals()).toEqual([3, 0, 3])
    await d.api.put('/api/refunds', { refunds: [mine[0]._id, mine[1]._id], status: 'Approved' })
    expect(await totals()).toEqual([3, 2, 1])
    await mergeRefundDayCounts(t.db)
    await d.api.delete(`/api/refunds/${mine[2]._id}`)
    expect(await totals()).toEqual([2, 2, 0])
    await mergeRefundDayCounts(t.db)
    expect(await totals()).toEqual([2, 2, 0])
    const today = new Date().toISOString().slice(0, 10)
    expect((await d.api.get('/api/refunds', { dateFrom: today, dateTo: today })).body.total).toBe(2)
    expect((await d.api.get('/api/refunds', { dateTo: '2001-01-01' })).body.total).toBe(0)
  })

  it('answers bad filters with 400 and keeps other clients’ refunds out', async () => {
    for (const [q, field] of [
      [{ limit: '1001' }, 'limit'],
      [{ sortColumn: 'iban' }, 'sortColumn'],
      [{ sortType: 'up' }, 'sortType'],
      [{ status: 'Paid' }, 'status'],
      [{ dateFrom: '2026-02-30' }, 'dateFrom'],
      [{ dateFrom: '2026-02-10', dateTo: '2026-02-01' }, 'dateTo'],
    ] as const) {
      const res = await c.api.get('/api/refunds', q as Record<string, string>)
      expect(res.status, field).toBe(400)
      expect(Object.keys(res.body.details ?? {}), field).toContain(`query.${field}`)
    }
    const list = await b.api.get('/api/refunds', { limit: '1000' })
    expect(list.body.list.every((r: Json) => r.businessclient._id === b.client.id)).toBe(true)
    expect((await operator.get('/api/refunds')).status).toBe(403)
    expect((await b.api.get(`/api/refunds/${made[0]._id}`)).status).toBe(404)
  })

  it('exports the filtered refunds as a real .xlsx; nothing to export is a 404', async () => {
    const file = await readXlsx(t, c.token, `/api/refunds/export?searchTerm=LIST-&sortColumn=amount`)
    expect(file.status).toBe(200)
    expect(file.headers['content-type']).toContain('spreadsheetml')
    expect(file.rows[0]).toEqual(expect.arrayContaining(['Refund', 'Order', 'Status', 'Amount', 'IBAN']))
    expect(
      file.rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(made.map((r) => r.refundid).sort())
    const none = await readXlsx(t, b.token, `/api/refunds/export?searchTerm=${made[0].refundid}`)
    expect(none.status).toBe(404)
    // Created and Updated: Excel date-times with a format, read back by exceljs, not text
    const raw = await t.app.inject({
      method: 'GET',
      url: '/api/refunds/export?searchTerm=LIST-',
      headers: { authorization: `Bearer ${c.token}` },
    })
    const rows = await expectExcelDates(raw.rawPayload, { datetime: ['Created', 'Updated'] })
    expect(rows).toHaveLength(made.length)
    // Just made: within the hour of now on a Prague clock (the business's local time, not UTC).
    const now = pragueWallClock(new Date()).getTime()
    for (const row of rows) expect(Math.abs(now - (row.Created as Date).getTime())).toBeLessThan(600_000)
  })
})

describe('editing and deleting', () => {
  it('updates the contact and bank data; Czech asks account and bank code', async () => {
    const refund = await refundOf(a)
    const res = await a.api.put(`/api/refunds/${refund._id}`, {
      name: 'Jan Novák',
      country: 'Czech',
      city: 'Praha',
      street: 'Národní 1',
      amount: 99.9,
      account_nr: '8351055966',
      account_code: '2010',
      phone: '+420 777 000 111',
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ name: 'Jan Novák', currency: 'CZK', IBAN: '', amount: 99.9 })
    const bad = await a.api.put(`/api/refunds/${refund._id}`, {
      ...czk(''),
      order: undefined,
      account_nr: '',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toEqual({ account_nr: 'is required for CZK' })
    expect((await b.api.put(`/api/refunds/${refund._id}`, czk('', { order: undefined }))).status).toBe(404)
  })

  it('refuses edit and delete (409) once sent or refunded; an error refund edited is New again', async () => {
    const body = { ...eur(''), order: undefined }
    for (const status of ['Pending Bank Confirmation', 'Refunded']) {
      const refund = await refundOf(a)
      await setStatus(refund._id, status)
      expect((await a.api.put(`/api/refunds/${refund._id}`, body)).status).toBe(409)
      const del = await a.api.delete(`/api/refunds/${refund._id}`)
      expect(del.status).toBe(409)
      expect(del.body.message).toContain(status)
      expect(await statusOf(refund._id)).toBe(status)
    }
    const failed = await refundOf(a)
    await t.db
      .update(refunds)
      .set({ status: 'error', errorMsgs: ['AC01 wrong account'] })
      .where(eq(refunds.id, failed._id))
    const fixed = await a.api.put(`/api/refunds/${failed._id}`, body)
    expect(fixed.body).toMatchObject({ status: 'New', error_msgs: [] })
  })

  it('deletes a refund; another client gets 404 and it stays', async () => {
    const refund = await refundOf(a)
    expect((await b.api.delete(`/api/refunds/${refund._id}`)).status).toBe(404)
    expect(await statusOf(refund._id)).toBe('New')
    const del = await a.api.delete(`/api/refunds/${refund._id}`)
    expect(del.status).toBe(200)
    expect(del.body._id).toBe(refund._id)
    expect((await a.api.get(`/api/refunds/${refund._id}`)).status).toBe(404)
  })
})

describe('approving and rejecting in bulk', () => {
  it('sets New and duplicate refunds and refuses the others, saying which and why', async () => {
    const fresh = await refundOf(a)
    const dup = await refundOf(a)
    await setStatus(dup._id, 'duplicate')
    const rejected = await refundOf(a)
    await setStatus(rejected._id, 'Rejected')
    const foreign = await refundOf(b)
    const res = await a.api.put('/api/refunds', {
      refunds: [fresh._id, dup._id, rejected._id, foreign._id],
      status: 'Approved',
    })
    expect(res.status).toBe(200)
    expect(res.body.updated.map((u: Json) => u._id).sort()).toEqual([fresh._id, dup._id].sort())
    expect(res.body.refused).toEqual([
      {
        _id: rejected._id,
        refundid: rejected.refundid,
        status: 'Rejected',
        reason: 'is Rejected: only a New or duplicate refund can be set Approved',
      },
      { _id: foreign._id, refundid: null, status: null, reason: 'not found' },
    ])
    expect(await statusOf(fresh._id)).toBe('Approved')
    expect(await statusOf(dup._id)).toBe('Approved')
    expect(await statusOf(rejected._id)).toBe('Rejected')
    expect(await statusOf(foreign._id)).toBe('New')
  })

  it('refuses a status other than Approved or Rejected and finance or operators deciding', async () => {
    const refund = await refundOf(a)
    const res = await a.api.put('/api/refunds', { refunds: [refund._id], status: 'Refunded' })
    expect(res.status).toBe(400)
    expect(res.body.details).toEqual({ status: 'must be Approved or Rejected' })
    expect((await finance.put('/api/refunds', { refunds: [refund._id], status: 'Approved' })).status).toBe(
      403,
    )
    expect((await operator.put('/api/refunds', { refunds: [refund._id], status: 'Approved' })).status).toBe(
      403,
    )
    expect(await statusOf(refund._id)).toBe('New')
  })
})

describe('the bank payment file and the bank’s answer', () => {
  async function approved(c: Client, body?: (order: string) => Json) {
    const order = await orderOf(c)
    const refund = (await c.api.post('/api/refunds', (body ?? eur)(order._id))).body
    const res = await c.api.put('/api/refunds', { refunds: [refund._id], status: 'Approved' })
    expect(res.body.updated).toHaveLength(1)
    return refund as Json
  }

  it('sends the chosen Approved refunds in a pain.001 that validates, and marks them Pending Bank Confirmation', async () => {
    const one = await approved(a)
    const two = await approved(b)
    const file = await paymentFile({ refunds: [one._id, two._id] })
    expect(file.status).toBe(200)
    expect(file.headers['content-type']).toContain('application/xml')
    expect(file.headers['content-disposition']).toMatch(
      /attachment; filename="refunds-\d{4}-\d{2}-\d{2}-2\.xml"/,
    )
    expect(xsdValid(file.xml)).toEqual({ ok: true, output: expect.any(String) })
    expect(file.ids.sort()).toEqual([one.refundid, two.refundid].sort())
    expect(file.xml).toContain(`<IBAN>${IBAN}</IBAN>`)
    expect(file.xml).toContain('<InstdAmt Ccy="EUR">12.50</InstdAmt>')
    expect(await statusOf(one._id)).toBe('Pending Bank Confirmation')
    const got = await a.api.get(`/api/refunds/${one._id}`)
    expect(got.body).toMatchObject({ status: 'Pending Bank Confirmation', editable: false })
    expect(got.body.sentAt).not.toBeNull()
    // Sent already: a second file of them is refused and nothing changes.
    const again = await paymentFile({ refunds: [one._id] })
    expect(again.status).toBe(409)
  })

  it('pays CZK by account number and bank code; CZK and EUR together: a ZIP with one file per debtor account', async () => {
    const cz = await approved(a, czk)
    const eu = await approved(a)
    const mixed = await zipFile({ refunds: [cz._id, eu._id] })
    expect(mixed.status).toBe(200)
    expect(mixed.headers['content-type']).toBe('application/zip')
    expect(mixed.headers['content-disposition']).toMatch(/filename="refunds-\d{4}-\d{2}-\d{2}-2\.zip"/)
    expect(mixed.files.map((f) => f.name)).toEqual([
      expect.stringMatching(/^refunds-\d{4}-\d{2}-\d{2}-CZK-CZ9320100000002000145399\.xml$/),
      expect.stringMatching(/^refunds-\d{4}-\d{2}-\d{2}-EUR-SK2411000000002612345678\.xml$/),
    ])
    const [czkFile, eurFile] = mixed.files as [{ name: string; xml: string }, { name: string; xml: string }]
    for (const file of mixed.files)
      expect(xsdValid(file.xml)).toEqual({ ok: true, output: expect.any(String) })
    // each file: the account's holder (the issuer owning it), its one currency, its own control sum
    expect(czkFile.xml).toContain('<Nm>Expedo Czech s.r.o.</Nm>')
    expect(czkFile.xml).toContain('<Ccy>CZK</Ccy>')
    expect(czkFile.xml).not.toContain('EUR')
    expect(czkFile.xml).toContain(`<EndToEndId>${cz.refundid}</EndToEndId>`)
    expect(czkFile.xml.match(/<CtrlSum>350.00<\/CtrlSum>/g)).toHaveLength(2)
    expect(eurFile.xml).toContain('<Nm>Expedo Slovakia s.r.o.</Nm>')
    expect(eurFile.xml).not.toContain('CZK')
    expect(eurFile.xml).toContain(`<EndToEndId>${eu.refundid}</EndToEndId>`)
    // The Czech account 19-2000145399/0800 goes as its IBAN.
    expect(czkFile.xml).toContain('<IBAN>CZ6508000000192000145399</IBAN>')
    expect(await statusOf(cz._id)).toBe('Pending Bank Confirmation')
    expect(await statusOf(eu._id)).toBe('Pending Bank Confirmation')
    // each refund carries the id of its own file
    const ids = mixed.headers['x-payment-file-id']!.split(', ')
    expect(ids).toHaveLength(2)
    const fileIds = await t.database.pool.query(
      'select payment_file_id from refunds where id = any($1) order by currency',
      [[cz._id, eu._id]],
    )
    expect(fileIds.rows.map((r) => r.payment_file_id)).toEqual(ids)
  })

  it('refuses a refund to the paying account itself, naming the refund, and sends nothing', async () => {
    // the Czech issuer's own Fio account as the customer's
    const own = await approved(a, (order) => czk(order, { account_nr: '2000145399', account_code: '2010' }))
    const res = await paymentFile({ refunds: [own._id] })
    expect(res.status).toBe(400)
    expect(res.body.details[`refunds.${own.refundid}`]).toContain('the paying account itself')
    expect(await statusOf(own._id)).toBe('Approved')
  })

  it('refuses a refund that is not Approved, and a client sending a file (403)', async () => {
    const fresh = await refundOf(a)
    const res = await paymentFile({ refunds: [fresh._id] })
    expect(res.status).toBe(409)
    expect(res.body.details.refunds).toContain(fresh._id)
    expect((await a.api.post('/api/refunds/payment-file', {})).status).toBe(403)
    expect((await operator.post('/api/refunds/payment-file', {})).status).toBe(403)
    expect(await statusOf(fresh._id)).toBe('New')
  })

  it('records Refunded or error with the bank’s messages, only for a sent refund', async () => {
    const ok = await approved(a)
    const bad = await approved(a)
    expect((await finance.put(`/api/refunds/${ok._id}/result`, { status: 'Refunded' })).status).toBe(409)
    expect((await paymentFile({ refunds: [ok._id, bad._id] })).status).toBe(200)
    expect((await a.api.put(`/api/refunds/${ok._id}/result`, { status: 'Refunded' })).status).toBe(403)
    const missing = await finance.put(`/api/refunds/${bad._id}/result`, { status: 'error' })
    expect(missing.status).toBe(400)
    expect(missing.body.details).toEqual({ error_msgs: 'is required for error' })
    const done = await finance.put(`/api/refunds/${ok._id}/result`, { status: 'Refunded' })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ status: 'Refunded', editable: false })
    expect(done.body.refundedAt).not.toBeNull()
    const failed = await finance.put(`/api/refunds/${bad._id}/result`, {
      status: 'error',
      error_msgs: ['AC04 closed account'],
    })
    expect(failed.body).toMatchObject({
      status: 'error',
      error_msgs: ['AC04 closed account'],
      editable: true,
    })
    expect(
      (await finance.put(`/api/refunds/${ok._id}/result`, { status: 'error', error_msgs: ['x'] })).status,
    ).toBe(409)
    expect(
      (await finance.put('/api/refunds/00000000-0000-4000-8000-000000000042/result', { status: 'Refunded' }))
        .status,
    ).toBe(404)
  })

  it.skipIf(!process.env.DATABASE_URL)(
    'never puts one refund in two files when two calls run at once (PostgreSQL)',
    async () => {
      const c = await t.tenantWithApi()
      const mine: Json[] = []
      for (let i = 0; i < 8; i++) mine.push(await approved(c))
      const ids = mine.map((r) => r._id)
      // Overlapping choices and an all-EUR call, at the same time.
      const results = await Promise.all([
        paymentFile({ refunds: ids.slice(0, 5) }),
        paymentFile({ refunds: ids.slice(3) }),
        paymentFile({ currency: 'EUR' }),
      ])
      const sent = results.flatMap((r) => r.ids)
      expect(new Set(sent).size).toBe(sent.length)
      const myNumbers = mine.map((r) => r.refundid)
      expect(sent.filter((n) => myNumbers.includes(n)).sort()).toEqual([...myNumbers].sort())
      for (const r of results) expect([200, 409]).toContain(r.status)
      for (const id of ids) expect(await statusOf(id)).toBe('Pending Bank Confirmation')
    },
  )
})

describe('the export honours every filter it accepts (RefundExportQuerySchema)', () => {
  /** x's refunds: old (New, created in January 2025) and approved (today); y's: other. */
  const seeded: Record<'old' | 'approved' | 'other', Json> = {} as never
  let x: Client
  beforeAll(async () => {
    x = await t.tenantWithApi()
    const y = await t.tenantWithApi()
    seeded.old = await refundOf(x)
    seeded.approved = await refundOf(x)
    seeded.other = await refundOf(y)
    await x.api.put('/api/refunds', { refunds: [seeded.approved._id], status: 'Approved' })
    await t.database.pool.query(`update refunds set created_at = '2025-01-15T10:00:00Z' where id = $1`, [
      seeded.old._id,
    ])
    seeded.other.businessclient = y.client.id
  })
  const today = new Date().toISOString().slice(0, 10)
  type Key = keyof typeof seeded
  const cases: { name: string; staff?: true; query: () => Record<string, string>; keys: Key[] }[] = [
    { name: 'searchTerm', query: () => ({ searchTerm: seeded.approved.refundid }), keys: ['approved'] },
    { name: 'status Approved', query: () => ({ status: 'Approved' }), keys: ['approved'] },
    { name: 'status New', query: () => ({ status: 'New' }), keys: ['old'] },
    { name: 'status Rejected (none)', query: () => ({ status: 'Rejected' }), keys: [] },
    {
      name: 'dateFrom/dateTo',
      query: () => ({ dateFrom: '2025-01-01', dateTo: '2025-01-31' }),
      keys: ['old'],
    },
    { name: 'dateFrom', query: () => ({ dateFrom: today }), keys: ['approved'] },
    { name: 'dateTo', query: () => ({ dateTo: '2025-12-31' }), keys: ['old'] },
    {
      name: 'businessclient',
      staff: true,
      query: () => ({ businessclient: seeded.other.businessclient }),
      keys: ['other'],
    },
    {
      name: 'businessclient with another client’s searchTerm',
      staff: true,
      query: () => ({ businessclient: seeded.other.businessclient, searchTerm: seeded.old.refundid }),
      keys: [],
    },
  ]
  it.each(cases)('$name', async ({ staff, query, keys }) => {
    const file = await readXlsx(
      t,
      staff ? financeToken : x.token,
      `/api/refunds/export?${new URLSearchParams(query())}`,
    )
    if (keys.length === 0) return expect(file.status).toBe(404)
    expect(file.status).toBe(200)
    expect(file.rows.slice(1).map((r) => r[0])).toEqual(keys.map((k) => seeded[k].refundid))
  })
})
