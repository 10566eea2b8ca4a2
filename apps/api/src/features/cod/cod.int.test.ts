import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { MAX_UPLOAD_BYTES } from '@expedo/domain'
import JSZip from 'jszip'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { ensureIssuer } from '../../../test/bill-fixtures.ts'
import { codOrder, payoutUpload } from '../../../test/cod-fixtures.ts'
import { ensureDebianTool } from '../../../test/debian-tool.ts'
import { multipart } from '../../../test/multipart.ts'
import { readXlsx } from '../../../test/stock-fixtures.ts'
import { rowsBomb, sharedStringsBomb } from '../../../test/xlsx-bombs.ts'

/** xmllint's verdict on a payment file against the official pain.001.001.03 schema. */
function validatePain001(xml: string): { ok: boolean; output: string } {
  const schema = path.resolve(import.meta.dirname, '../../../test/fixtures/iso20022/pain.001.001.03.xsd')
  const dir = mkdtempSync(path.join(tmpdir(), 'expedo-cod-pain-'))
  try {
    const file = path.join(dir, 'cod.xml')
    writeFileSync(file, xml)
    const xmllint = ensureDebianTool('xmllint', 'libxml2-utils')
    const r = spawnSync(xmllint, ['--noout', '--nonet', '--schema', schema, file], { encoding: 'utf8' })
    return { ok: r.status === 0, output: r.stderr }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

import { createEcontFake, type EcontFake } from '../../dev/fakes/econt/econt-fake.ts'

let t: TestApp
let fake: EcontFake
let finance: TestApi
let financeToken: string
let admin: TestApi
const today = new Date().toISOString().slice(0, 10)
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000)

beforeAll(async () => {
  fake = createEcontFake({ credentials: { username: 'expedo', password: 'secret' } })
  const baseUrl = await fake.start()
  t = await createTestApp({
    env: { ECONT_BASE_URL: baseUrl, ECONT_USERNAME: 'expedo', ECONT_PASSWORD: 'secret' },
  })
  const financeUser = await t.userWithToken({ roles: ['finance'], username: t.factory.unique('fin') })
  finance = financeUser.api
  financeToken = financeUser.token
  admin = await t.asAdmin()
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

async function mismatchesOf(trackingIds: string[]): Promise<Json[]> {
  const res = await finance.get('/api/cod/mismatches', { itemsPerPage: '1000' })
  expect(res.status).toBe(200)
  return res.body.list.filter((m: Json) => trackingIds.includes(m.trackingId))
}

async function order(id: string): Promise<Json> {
  const res = await admin.get(`/api/orders/${id}`)
  expect(res.status).toBe(200)
  return res.body
}

async function countRows(table: string): Promise<number> {
  const { rows } = await t.database.pool.query(`select count(*)::int as n from ${table}`)
  return rows[0].n
}

describe('reconciliation: Econt PaymentReport', () => {
  it('matched → collected, short-paid → amount_differs, unknown → unknown_tracking, missing → not_paid; twice changes nothing', async () => {
    const c = await t.tenantWithApi()
    const matched = await codOrder(t, c.client.id, 1290)
    const short = await codOrder(t, c.client.id, 500)
    const missing = await codOrder(t, c.client.id, 780, { waitingSince: daysAgo(40) })
    const recent = await codOrder(t, c.client.id, 99, { waitingSince: daysAgo(3) })
    const unknown = `UNKNOWN${Date.now()}`
    fake.payments.push(
      { num: matched.trackingId, payDate: today, amount: 1290, currency: 'CZK' },
      { num: short.trackingId, payDate: today, amount: 450.5, currency: 'CZK' },
      { num: unknown, payDate: today, amount: 120, currency: 'CZK' },
      // Outside the range: not reported.
      { num: recent.trackingId, payDate: '2020-01-01', amount: 99, currency: 'CZK' },
    )
    const first = await finance.post('/api/cod/payouts/econt', { dateFrom: today, dateTo: today })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({
      imported: 3,
      duplicates: 0,
      collected: 1,
      amountDiffers: 1,
      unknownTracking: 1,
    })
    const call = fake.calls.at(-1)!
    expect(call.path).toBe('PaymentReport/PaymentReportService.PaymentReport.json')
    expect(call.body).toEqual({ dateFrom: today, dateTo: today })
    expect(call.auth).toBe('valid')

    const unpaid = await finance.post('/api/cod/mismatches/check-unpaid', { days: 30 })
    expect(unpaid.status).toBe(200)
    expect(unpaid.body.notPaid).toBeGreaterThanOrEqual(1)

    const queue = await mismatchesOf([
      matched.trackingId,
      short.trackingId,
      unknown,
      missing.trackingId,
      recent.trackingId,
    ])
    const byTracking = Object.fromEntries(queue.map((m: Json) => [m.trackingId, m]))
    expect(Object.keys(byTracking).sort()).toEqual([short.trackingId, unknown, missing.trackingId].sort())
    expect(byTracking[short.trackingId]).toMatchObject({
      kind: 'amount_differs',
      status: 'open',
      expected: 500,
      received: 450.5,
      currency: 'CZK',
      order: { _id: short.id },
      businessclient: { _id: c.client.id },
    })
    expect(byTracking[unknown]).toMatchObject({ kind: 'unknown_tracking', order: null, received: 120 })
    expect(byTracking[missing.trackingId]).toMatchObject({ kind: 'not_paid', expected: 780, received: null })

    const preview = await finance.get('/api/transffers/preview', {
      businessclient: c.client.id,
      currency: 'CZK',
    })
    expect(preview.body).toEqual({ ordersCount: 1, amount: 1290, currency: 'CZK' })

    const before = await Promise.all(['cod_payouts', 'cod_mismatches', 'cod_collections'].map(countRows))
    const again = await finance.post('/api/cod/payouts/econt', { dateFrom: today, dateTo: today })
    expect(again.body).toMatchObject({ rows: 3, imported: 0, duplicates: 3, collected: 0, mismatched: 0 })
    expect((await finance.post('/api/cod/mismatches/check-unpaid', { days: 30 })).body.notPaid).toBe(0)
    expect(await Promise.all(['cod_payouts', 'cod_mismatches', 'cod_collections'].map(countRows))).toEqual(
      before,
    )
  })

  it('refuses a bad range (400 naming the field), a client (403), and answers 503 when Econt fails', async () => {
    const bad = await finance.post('/api/cod/payouts/econt', { dateFrom: today, dateTo: '2020-01-01' })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toHaveProperty('dateTo')
    const missing = await finance.post('/api/cod/payouts/econt', { dateFrom: 'yesterday', dateTo: today })
    expect(missing.status).toBe(400)
    expect(missing.body.details).toHaveProperty('dateFrom')
    const c = await t.tenantWithApi()
    expect((await c.api.post('/api/cod/payouts/econt', { dateFrom: today, dateTo: today })).status).toBe(403)
    expect((await c.api.get('/api/cod/mismatches')).status).toBe(403)
    fake.settings.failStatus = 500
    try {
      const down = await finance.post('/api/cod/payouts/econt', { dateFrom: today, dateTo: today })
      expect(down.status).toBe(503)
    } finally {
      fake.settings.failStatus = undefined
    }
  })
})

describe('reconciliation: payout spreadsheet upload', () => {
  it('matches the rows of an .xlsx; the same file again changes nothing', async () => {
    const c = await t.tenantWithApi()
    const a = await codOrder(t, c.client.id, 300)
    const b = await codOrder(t, c.client.id, 410.2)
    const form = await payoutUpload([
      [a.trackingId, 300, new Date(`${today}T00:00:00Z`)],
      [b.trackingId, '400,20', today],
      [`NOPE-${Date.now()}`, 15, today],
    ])
    const res = await finance.request({ method: 'POST', url: '/api/cod/payouts/upload', ...form })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      rows: 3,
      imported: 3,
      collected: 1,
      amountDiffers: 1,
      unknownTracking: 1,
    })
    const again = await finance.request({ method: 'POST', url: '/api/cod/payouts/upload', ...form })
    expect(again.body).toMatchObject({ imported: 0, duplicates: 3, collected: 0, mismatched: 0 })
    const [m] = await mismatchesOf([b.trackingId])
    expect(m).toMatchObject({
      kind: 'amount_differs',
      expected: 410.2,
      received: 400.2,
      payout: { paidDate: today },
    })
  })

  it('a tracking id two orders share matches the one still waiting for its COD', async () => {
    const c = await t.tenantWithApi()
    const old = await codOrder(t, c.client.id, 999, { status: 'Delivered' })
    const waiting = await codOrder(t, c.client.id, 250)
    await t.database.pool.query('update orders set tracking_id = $1 where id = $2', [
      old.trackingId,
      waiting.id,
    ])
    const form = await payoutUpload([[old.trackingId, 250, today]])
    const res = await finance.request({ method: 'POST', url: '/api/cod/payouts/upload', ...form })
    expect(res.body).toMatchObject({ collected: 1, mismatched: 0 })
    const preview = await finance.get('/api/transffers/preview', {
      businessclient: c.client.id,
      currency: 'CZK',
    })
    expect(preview.body).toMatchObject({ ordersCount: 1, amount: 250 })
  })

  it('refuses an unreadable file or row (400 naming file, nothing written) and a missing file', async () => {
    const before = await countRows('cod_payouts')
    const c = await t.tenantWithApi()
    const a = await codOrder(t, c.client.id, 300)
    const badRow = await payoutUpload([
      [a.trackingId, 300, today],
      ['X-1', 'twelve', today],
    ])
    const res = await finance.request({ method: 'POST', url: '/api/cod/payouts/upload', ...badRow })
    expect(res.status).toBe(400)
    expect(res.body.details.file).toMatch(/row 3/)
    const notXlsx = await finance.request({
      method: 'POST',
      url: '/api/cod/payouts/upload',
      ...(await import('../../../test/multipart.ts')).multipart(
        {},
        { field: 'file', filename: 'x.xlsx', content: Buffer.from('not a spreadsheet') },
      ),
    })
    expect(notXlsx.status).toBe(400)
    expect(notXlsx.body.details).toHaveProperty('file')
    const none = await finance.post('/api/cod/payouts/upload', { file: 'x' })
    expect(none.status).toBe(400)
    expect(await countRows('cod_payouts')).toBe(before)
  })
})

describe('reconciliation: payout spreadsheet limits', () => {
  it('a zip bomb (0.36 MB, 3,000,000 rows inflating to 123 MB): 413 naming the row limit, nothing stored', async () => {
    const before = await Promise.all(['cod_payouts', 'cod_mismatches', 'cod_collections'].map(countRows))
    const bomb = multipart({}, { field: 'file', filename: 'bomb.xlsx', content: await rowsBomb() })
    const res = await finance.request({ method: 'POST', url: '/api/cod/payouts/upload', ...bomb })
    expect(res.status).toBe(413)
    expect(res.body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: { file: 'has more than 200,000 rows' },
      limit: { name: 'rows', max: 200_000 },
    })
    const shared = multipart({}, { field: 'file', filename: 'bomb.xlsx', content: await sharedStringsBomb() })
    const texts = await finance.request({ method: 'POST', url: '/api/cod/payouts/upload', ...shared })
    expect(texts.status).toBe(413)
    expect(texts.body.details).toEqual({ file: 'has more than 500,000 shared texts' })
    expect(await Promise.all(['cod_payouts', 'cod_mismatches', 'cod_collections'].map(countRows))).toEqual(
      before,
    )
  })

  it('a file past the upload limit: 413 naming the limit, before the sheet is read', async () => {
    const big = multipart(
      {},
      { field: 'file', filename: 'big.xlsx', content: Buffer.alloc(MAX_UPLOAD_BYTES + 1) },
    )
    const res = await finance.request({ method: 'POST', url: '/api/cod/payouts/upload', ...big })
    expect(res.status).toBe(413)
    expect(res.body).toMatchObject({
      details: { file: 'is larger than 10 MB' },
      limit: { name: 'fileBytes' },
    })
  })
})

describe('mismatch queue: resolve', () => {
  it('adjust needs a reason and an amount; it collects the order with that amount and logs who', async () => {
    const c = await t.tenantWithApi()
    const o = await codOrder(t, c.client.id, 1000)
    const form = await payoutUpload([[o.trackingId, 900, today]])
    await finance.request({ method: 'POST', url: '/api/cod/payouts/upload', ...form })
    const [m] = await mismatchesOf([o.trackingId])
    const noReason = await finance.post(`/api/cod/mismatches/${m._id}/resolve`, {
      action: 'adjust',
      amount: 950,
    })
    expect(noReason.status).toBe(400)
    expect(noReason.body.details).toHaveProperty('reason')
    const noAmount = await finance.post(`/api/cod/mismatches/${m._id}/resolve`, {
      action: 'adjust',
      reason: 'x',
    })
    expect(noAmount.status).toBe(400)
    expect(noAmount.body.details).toHaveProperty('amount')
    const done = await finance.post(`/api/cod/mismatches/${m._id}/resolve`, {
      action: 'adjust',
      amount: 950,
      reason: 'Courier paid the rest by a separate transfer',
    })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({
      status: 'adjusted',
      reason: 'Courier paid the rest by a separate transfer',
      actions: [{ action: 'adjust', amount: 950, reason: 'Courier paid the rest by a separate transfer' }],
    })
    expect(done.body.resolvedBy).toBeTruthy()
    expect(done.body.actions[0].username).toBe(done.body.resolvedBy)
    const twice = await finance.post(`/api/cod/mismatches/${m._id}/resolve`, { action: 'accept' })
    expect(twice.status).toBe(409)
    const preview = await finance.get('/api/transffers/preview', {
      businessclient: c.client.id,
      currency: 'CZK',
    })
    expect(preview.body).toMatchObject({ ordersCount: 1, amount: 950 })
  })

  it('accept of a not-paid order collects the expected COD; an unknown payout cannot be adjusted', async () => {
    const c = await t.tenantWithApi()
    const o = await codOrder(t, c.client.id, 640, { waitingSince: daysAgo(45) })
    await finance.post('/api/cod/mismatches/check-unpaid', {})
    const [m] = await mismatchesOf([o.trackingId])
    expect(m.kind).toBe('not_paid')
    const accepted = await finance.post(`/api/cod/mismatches/${m._id}/resolve`, { action: 'accept' })
    expect(accepted.body.status).toBe('accepted')
    const preview = await finance.get('/api/transffers/preview', {
      businessclient: c.client.id,
      currency: 'CZK',
    })
    expect(preview.body).toMatchObject({ ordersCount: 1, amount: 640 })

    const stray = `STRAY-${Date.now()}`
    await finance.request({
      method: 'POST',
      url: '/api/cod/payouts/upload',
      ...(await payoutUpload([[stray, 5, today]])),
    })
    const [u] = await mismatchesOf([stray])
    const adjust = await finance.post(`/api/cod/mismatches/${u._id}/resolve`, {
      action: 'adjust',
      amount: 5,
      reason: 'x',
    })
    expect(adjust.status).toBe(409)
    const off = await finance.post(`/api/cod/mismatches/${u._id}/resolve`, {
      action: 'write_off',
      reason: 'Not ours',
    })
    expect(off.body).toMatchObject({ status: 'written_off', reason: 'Not ours' })
    expect(
      (await finance.post(`/api/cod/mismatches/${crypto.randomUUID()}/resolve`, { action: 'accept' })).status,
    ).toBe(404)
  })
})

/** A client with `amounts` collected COD orders (CZK), matched by an upload. */
async function collectedClient(amounts: number[]) {
  const c = await t.tenantWithApi()
  const made = []
  for (const amount of amounts) made.push(await codOrder(t, c.client.id, amount))
  const form = await payoutUpload(made.map((o) => [o.trackingId, Number(o.codAmount), today]))
  const res = await finance.request({ method: 'POST', url: '/api/cod/payouts/upload', ...form })
  expect(res.body.collected).toBe(amounts.length)
  return { ...c, orders: made }
}

describe('transfers', () => {
  it('finance creates a transfer: its orders get codTransfferId and become Delivered (logged); New → Sent → Paid', async () => {
    const c = await collectedClient([100, 250.5, 49.5])
    const waiting = await codOrder(t, c.client.id, 70) // expected, not collected: not in the transfer
    const made = await finance.post('/api/transffers', { businessclient: c.client.id, currency: 'CZK' })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      amount: 400,
      codTotal: 400,
      currency: 'CZK',
      status: 'New',
      ordersCount: 3,
      netting: { amount: 0, bills: [] },
      toBankAccount: { accountNr: c.bankAccount.accountNr, bankCode: '0800', IBAN: c.bankAccount.iban },
      businessclient: { _id: c.client.id },
    })
    expect(made.body.tranfferNr).toMatch(/^COD-\d{6}$/)
    for (const o of c.orders) {
      const view = await order(o.id)
      expect(view.status).toBe('Delivered')
      expect(view.processing.codTransfferId).toBe(made.body._id)
      expect(view.changeLogs.map((l: Json) => l.what)).toContain('Status: COD WAITING → Delivered')
    }
    expect((await order(waiting.id)).status).toBe('COD WAITING')

    const detail = await finance.get(`/api/transffers/${made.body._id}`, { itemsPerPage: '2' })
    expect(detail.status).toBe(200)
    expect(detail.body.orders.total).toBe(3)
    expect(detail.body.orders.list).toHaveLength(2)

    const again = await finance.post('/api/transffers', { businessclient: c.client.id, currency: 'CZK' })
    expect(again.status).toBe(409)

    const back = await finance.put(`/api/transffers/${made.body._id}`, { status: 'Paid' })
    expect(back.status).toBe(409)
    expect((await finance.put(`/api/transffers/${made.body._id}`, { status: 'Sent' })).body.status).toBe(
      'Sent',
    )
    expect((await finance.put(`/api/transffers/${made.body._id}`, { status: 'Paid' })).body.status).toBe(
      'Paid',
    )
    expect((await finance.put(`/api/transffers/${made.body._id}`, { status: 'New' })).status).toBe(409)

    const xlsx = await finance.get(`/api/transffers/${made.body._id}/orders/export`)
    expect(xlsx.status).toBe(200)
    expect(String(xlsx.headers['content-type'])).toContain('spreadsheetml')
  })

  it('shows per order the invoiced total (net of credit notes) and its difference from the COD collected', async () => {
    const c = await collectedClient([299, 250.5, 49.5])
    const [whole, short, none] = c.orders
    // Issued documents of the orders: 299 as collected; 250.00 against 250.50 collected (shipping left
    // out); the third not invoiced. A credited and re-issued invoice counts once.
    const issue = (orderId: string, kind: string, total: number, n: number, credited = false) =>
      t.database.pool.query(
        `insert into invoices (id, kind, businessclient_id, order_id, country, currency, brutto_total,
                               issued_date, tax_date, due_date, supplier, customer, ship_to, sequence_number,
                               credited_fully)
         values (gen_random_uuid(), $1, $2, $3, 'Czech', 'CZK', $4, current_date, current_date, current_date,
                 '{}', '{}', '{}', $5, $6)`,
        [kind, c.client.id, orderId, total, `T${n}-${orderId.slice(0, 8)}`, credited],
      )
    await issue(whole!.id, 'invoice', 299, 1)
    await issue(short!.id, 'invoice', 250, 2, true)
    await issue(short!.id, 'creditnote', -250, 3)
    await issue(short!.id, 'invoice', 250, 4)
    const made = await finance.post('/api/transffers', { businessclient: c.client.id, currency: 'CZK' })
    expect(made.status).toBe(201)
    const detail = await finance.get(`/api/transffers/${made.body._id}`)
    const byId = new Map(detail.body.orders.list.map((o: Json) => [o._id, o]))
    expect(byId.get(whole!.id)).toMatchObject({ collected: 299, invoiced: 299, invoiceDifference: 0 })
    expect(byId.get(short!.id)).toMatchObject({ collected: 250.5, invoiced: 250, invoiceDifference: 0.5 })
    expect(byId.get(none!.id)).toMatchObject({ collected: 49.5, invoiced: null, invoiceDifference: null })
    // The export carries the same two columns.
    const xlsx = await readXlsx(t, financeToken, `/api/transffers/${made.body._id}/orders/export`)
    expect(xlsx.status).toBe(200)
    const header = xlsx.rows[0]!
    const at = (name: string) => header.indexOf(name)
    expect(at('Invoiced')).toBeGreaterThan(0)
    const shortRow = xlsx.rows.find((r) => r.includes(short!.clientOrderNr))!
    expect([shortRow[at('Invoiced')], shortRow[at('Collected − invoiced')]]).toEqual([250, 0.5])
  })

  it('nets the client’s unpaid locked bills when asked, shown as a line', async () => {
    const c = await collectedClient([1000])
    const issuer = await ensureIssuer(t, 'Czech')
    const { rows } = await t.database.pool.query(
      `insert into bills (id, businessclient_id, issuer_id, currency, country, period_start, period_end, locked,
         sequence_number, brutto_total, netto_total, vat_total, issued_date, client, issuer)
       values (gen_random_uuid(), $1, $2, 'CZK', 'Czech', current_date - 30, current_date - 1, true, $3,
         300, 247.93, 52.07, current_date - 2, '{}'::jsonb, '{}'::jsonb),
              (gen_random_uuid(), $1, $2, 'CZK', 'Czech', current_date - 30, current_date - 1, true, $4,
         900, 743.80, 156.20, current_date - 1, '{}'::jsonb, '{}'::jsonb) returning id`,
      [c.client.id, issuer._id, t.factory.unique('B'), t.factory.unique('B')],
    )
    const made = await finance.post('/api/transffers', {
      businessclient: c.client.id,
      currency: 'CZK',
      netBills: true,
    })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      codTotal: 1000,
      amount: 700,
      netting: { amount: 300, bills: [{ _id: rows[0].id }] },
    })
    // The 900 bill would take more than the COD left: it stays unpaid.
    const paid = await t.database.pool.query(
      'select is_paid from bills where businessclient_id = $1 order by brutto_total',
      [c.client.id],
    )
    expect(paid.rows.map((r: Json) => r.is_paid)).toEqual([true, false])
  })

  it('refuses bad input (400 naming the field), a client (403), no account in the currency (400)', async () => {
    const c = await collectedClient([10])
    const bad = await finance.post('/api/transffers', { businessclient: 'nope', currency: 'CZK' })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toHaveProperty('businessclient')
    const badCur = await finance.post('/api/transffers', { businessclient: c.client.id, currency: 'czk' })
    expect(badCur.status).toBe(400)
    expect(badCur.body.details).toHaveProperty('currency')
    const noAccount = await finance.post('/api/transffers', { businessclient: c.client.id, currency: 'EUR' })
    expect(noAccount.status).toBe(400)
    expect(noAccount.body.details).toHaveProperty('currency')
    expect(
      (await c.api.post('/api/transffers', { businessclient: c.client.id, currency: 'CZK' })).status,
    ).toBe(403)
    const badStatus = await finance.put(`/api/transffers/${crypto.randomUUID()}`, { status: 'Lost' })
    expect(badStatus.status).toBe(400)
    expect(badStatus.body.details).toHaveProperty('status')
  })

  it('a client reads only its own transfers; another client’s answers 404', async () => {
    const a = await collectedClient([20])
    const b = await collectedClient([30])
    const ta = (await finance.post('/api/transffers', { businessclient: a.client.id, currency: 'CZK' })).body
    const tb = (await finance.post('/api/transffers', { businessclient: b.client.id, currency: 'CZK' })).body
    const list = await a.api.get('/api/transffers')
    expect(list.status).toBe(200)
    expect(list.body.list.map((x: Json) => x._id)).toEqual([ta._id])
    expect(list.body.total).toBe(1)
    expect((await a.api.get(`/api/transffers/${ta._id}`)).status).toBe(200)
    expect((await a.api.get(`/api/transffers/${tb._id}`)).status).toBe(404)
    expect((await a.api.get(`/api/transffers/${tb._id}/orders/export`)).status).toBe(404)
    expect((await a.api.put(`/api/transffers/${ta._id}`, { status: 'Sent' })).status).toBe(403)
    const staff = await finance.get('/api/transffers', { businessclient: b.client.id, status: 'New' })
    expect(staff.body.list.map((x: Json) => x._id)).toEqual([tb._id])
  })

  it('concurrency: two finance calls at once put each order in exactly one transfer; Σ = collected', async () => {
    const c = await collectedClient([11, 22, 33, 44, 55, 66, 77, 88])
    const finance2 = (await t.userWithToken({ roles: ['finance'], username: t.factory.unique('fin') })).api
    const body = { businessclient: c.client.id, currency: 'CZK' }
    const answers = await Promise.all([
      finance.post('/api/transffers', body),
      finance2.post('/api/transffers', body),
    ])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    const { rows } = await t.database.pool.query(
      `select o.cod_transfer_id, count(*)::int as n, sum(o.cod_amount)::float as sum, max(t.amount)::float as amount
       from orders o join cod_transfers t on t.id = o.cod_transfer_id
       where o.businessclient_id = $1 group by 1`,
      [c.client.id],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ n: 8, sum: 396, amount: 396 })
  })
})

describe('payment file', () => {
  it('pays New transfers in one pain.001 and marks them Sent; a second file of them is refused', async () => {
    await ensureIssuer(t, 'Czech')
    const a = await collectedClient([120])
    const b = await collectedClient([80.4])
    const ta = (await finance.post('/api/transffers', { businessclient: a.client.id, currency: 'CZK' })).body
    const tb = (await finance.post('/api/transffers', { businessclient: b.client.id, currency: 'CZK' })).body
    const [one, two] = await Promise.all([
      finance.post('/api/transffers/payment-file', { transfers: [ta._id, tb._id] }),
      finance.post('/api/transffers/payment-file', { transfers: [tb._id] }),
    ])
    const ok = [one, two].filter((r) => r.status === 200)
    expect(ok).toHaveLength(1)
    expect([one, two].find((r) => r.status !== 200)?.status).toBe(409)
    const file = ok[0]!
    expect(String(file.headers['content-type'])).toContain('application/xml')
    expect(String(file.headers['content-disposition'])).toMatch(/cod-transfers-\d{4}-\d{2}-\d{2}-\d\.xml/)
    const xml = String(file.body)
    expect(xml).toContain('pain.001.001.03')
    expect(validatePain001(xml)).toEqual({ ok: true, output: expect.any(String) })
    expect(xml).toContain(tb.tranfferNr)
    expect((await finance.get(`/api/transffers/${tb._id}`)).body.status).toBe('Sent')
    if (one.status === 200) {
      expect(xml).toContain(ta.tranfferNr)
      expect((await finance.get(`/api/transffers/${ta._id}`)).body.status).toBe('Sent')
    } else {
      expect((await finance.get(`/api/transffers/${ta._id}`)).body.status).toBe('New')
    }
    const bad = await finance.post('/api/transffers/payment-file', { transfers: [] })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toHaveProperty('transfers')
    const c = await t.tenantWithApi()
    expect((await c.api.post('/api/transffers/payment-file', { transfers: [ta._id] })).status).toBe(403)
  })

  it('pays CZK and EUR transfers from each currency’s own account: a ZIP of one valid file per debtor account', async () => {
    await ensureIssuer(t, 'Czech')
    await ensureIssuer(t, 'Slovakia')
    const cz = await collectedClient([150])
    const sk = await t.tenantWithApi()
    const account = await sk.api.put(`/api/businessclients/${sk.client.id}`, {
      type: 'new bankaccount',
      query: {
        bankname: 'Slovenská sporiteľňa',
        currency: 'EUR',
        IBAN: 'SK66 0900 0000 0050 1234 5678',
        SWIFT: 'GIBASKBX',
      },
    })
    expect(account.status).toBe(200)
    const euro = await codOrder(t, sk.client.id, 42.5, { country: 'Slovakia' })
    const form = await payoutUpload([[euro.trackingId, 42.5, today]])
    expect(
      (await finance.request({ method: 'POST', url: '/api/cod/payouts/upload', ...form })).body.collected,
    ).toBe(1)
    const tc = (await finance.post('/api/transffers', { businessclient: cz.client.id, currency: 'CZK' })).body
    const te = (await finance.post('/api/transffers', { businessclient: sk.client.id, currency: 'EUR' })).body
    expect(te.currency).toBe('EUR')

    const { token } = await t.userWithToken({ roles: ['finance'], username: t.factory.unique('fin') })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/transffers/payment-file',
      payload: { transfers: [tc._id, te._id] },
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(String(res.headers['content-disposition'])).toMatch(/cod-transfers-\d{4}-\d{2}-\d{2}-2\.zip/)
    const zip = await JSZip.loadAsync(res.rawPayload)
    const names = Object.keys(zip.files).sort()
    expect(names).toEqual([
      expect.stringMatching(/-CZK-CZ9320100000002000145399\.xml$/),
      expect.stringMatching(/-EUR-SK2411000000002612345678\.xml$/),
    ])
    const [czk, eur] = await Promise.all(names.map((n) => zip.file(n)!.async('string')))
    for (const xml of [czk!, eur!])
      expect(validatePain001(xml)).toEqual({ ok: true, output: expect.any(String) })
    // each file: its account's holder, its one currency; no control sum adds crowns and euros
    expect(czk).toContain('<Nm>Expedo Czech s.r.o.</Nm>')
    expect(czk).toContain(`<EndToEndId>${tc.tranfferNr}</EndToEndId>`)
    expect(czk).not.toContain('EUR')
    expect(czk!.match(/<CtrlSum>150.00<\/CtrlSum>/g)).toHaveLength(2)
    expect(eur).toContain('<Nm>Expedo Slovakia s.r.o.</Nm>')
    expect(eur).toContain('<BIC>TATRSKBX</BIC>')
    expect(eur).toContain(`<EndToEndId>${te.tranfferNr}</EndToEndId>`)
    expect(eur).not.toContain('CZK')
    expect(eur!.match(/<CtrlSum>42.50<\/CtrlSum>/g)).toHaveLength(2)
    for (const tr of [tc, te])
      expect((await finance.get(`/api/transffers/${tr._id}`)).body.status).toBe('Sent')
  })

  it('refuses a transfer that pays to the paying account itself, naming it, and leaves it New', async () => {
    await ensureIssuer(t, 'Czech')
    const c = await collectedClient([99])
    // the client's CZK account is the Czech issuer's own Fio account (as the demo's COD-000005 had)
    await t.database.pool.query(
      `update business_client_bank_accounts set iban = 'CZ9320100000002000145399', account_nr = '2000145399',
         bank_code = '2010', swift = 'FIOBCZPP' where businessclient_id = $1`,
      [c.client.id],
    )
    const tr = (await finance.post('/api/transffers', { businessclient: c.client.id, currency: 'CZK' })).body
    const res = await finance.post('/api/transffers/payment-file', { transfers: [tr._id] })
    expect(res.status).toBe(400)
    expect(res.body.details.transfers).toContain(tr.tranfferNr)
    expect(res.body.details.transfers).toContain('the paying account itself')
    expect((await finance.get(`/api/transffers/${tr._id}`)).body.status).toBe('New')
  })
})
