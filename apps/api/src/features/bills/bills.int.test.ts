import { addDays, monthPeriod } from '@expedo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import {
  billedCount,
  billMonth,
  ensureIssuer,
  insertServices,
  issuerBody,
} from '../../../test/bill-fixtures.ts'
import { pdfText } from '../../../test/pdf-tools.ts'
import { expectExcelDates } from '../../../test/xlsx-dates.ts'

let t: TestApp
let finance: TestApi
let admin: TestApi
const today = new Date().toISOString().slice(0, 10)
const month = billMonth()

beforeAll(async () => {
  t = await createTestApp(process.env.BILLS_DEBUG ? { logStream: process.stderr } : {})
  finance = (await t.userWithToken({ roles: ['finance'] })).api
  admin = await t.asAdmin()
  await ensureIssuer(t, 'Czech')
})
afterAll(() => t?.close())

/** A client with 10 fulfilments at 25.00, 4 transports at 89.50 and 2 at 92.00 (CZK, Czech) last month. */
async function clientWithServices() {
  const c = await t.tenantWithApi()
  const id = c.client.id
  await insertServices(t, { businessclientId: id, count: 10, serviceType: 'fulfilment', unitPrice: '25.00' })
  await insertServices(t, { businessclientId: id, count: 4, serviceType: 'transport', unitPrice: '89.50' })
  await insertServices(t, { businessclientId: id, count: 2, serviceType: 'transport', unitPrice: '92.00' })
  return c
}

async function runFor(businessclient: string): Promise<Json> {
  const res = await finance.post('/api/bills/run', { period: month, businessclient })
  if (res.status !== 200) throw new Error(`run: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

/** "2026-11-01" → "1. 11. 2026", as a Czech document prints a date. */
const czechDate = (day: string) => {
  const [y, m, d] = day.split('-')
  return `${Number(d)}. ${Number(m)}. ${y}`
}

async function lockedBill() {
  const c = await clientWithServices()
  const run = await runFor(c.client.id)
  const locked = await finance.post(`/api/bills/${run.bills[0]._id}/lock`)
  if (locked.status !== 200) throw new Error(`lock: ${locked.status} ${JSON.stringify(locked.body)}`)
  return { c, bill: locked.body }
}

describe('issuers', () => {
  it('admin adds and changes an issuer; finance reads; one issuer per country', async () => {
    const made = await admin.post('/api/issuers', issuerBody('Slovakia'))
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({
      country: 'Slovakia',
      vatPayer: true,
      bankaccounts: [{ SWIFT: 'TATRSKBX', IBAN: 'SK2411000000002612345678' }],
    })
    const changed = await admin.put(`/api/issuers/${made.body._id}`, {
      ...issuerBody('Slovakia'),
      name: 'Expedo SK',
    })
    expect(changed.body.name).toBe('Expedo SK')
    expect((await admin.post('/api/issuers', issuerBody('Slovakia'))).status).toBe(409)
    const read = await finance.get('/api/issuers')
    expect(read.body.list.map((i: Json) => i.country)).toEqual(expect.arrayContaining(['Czech', 'Slovakia']))
  })

  it('refuses finance writes (403), client reads (403) and a bad body (400 naming the field)', async () => {
    expect((await finance.post('/api/issuers', issuerBody('Romania'))).status).toBe(403)
    const c = await t.tenantWithApi()
    expect((await c.api.get('/api/issuers')).status).toBe(403)
    const bad = await admin.post('/api/issuers', { ...issuerBody('Romania'), email: 'nope' })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toHaveProperty('email')
  })

  it('refuses an account whose BIC or bank code is not the bank inside its IBAN (400 naming the field)', async () => {
    const account = issuerBody('Romania').bankaccounts[0]
    // Fio's BIC and bank code on a Česká spořitelna IBAN (bank code 0800), as the demo once had
    const cases: [Json, string, string][] = [
      [
        { IBAN: 'CZ6508000000192000145399', accountNr: '19-2000145399', bankCode: '0800', SWIFT: 'FIOBCZPP' },
        'SWIFT',
        'GIBACZPX',
      ],
      [
        { IBAN: 'CZ6508000000192000145399', accountNr: '', bankCode: '2010', SWIFT: 'GIBACZPX' },
        'bankCode',
        '0800',
      ],
      [
        { IBAN: 'SK6609000000005012345678', accountNr: '', bankCode: '', SWIFT: 'TATRSKBX' },
        'SWIFT',
        'GIBASKBX',
      ],
      [{ IBAN: 'CZ6608000000192000145399' }, 'IBAN', 'valid IBAN'],
    ]
    for (const [change, field, reason] of cases) {
      const res = await admin.post('/api/issuers', {
        ...issuerBody('Romania'),
        bankaccounts: [{ ...account, ...change }],
      })
      expect(res.status, field).toBe(400)
      expect(res.body.details[`bankaccounts.0.${field}`]).toContain(reason)
    }
    expect((await finance.get('/api/issuers')).body.list.map((i: Json) => i.country)).not.toContain('Romania')
  })
})

describe('POST /api/bills/run', () => {
  it('makes one unlocked bill: items per service name and price, 21 % VAT, totals, services billed', async () => {
    const c = await clientWithServices()
    const run = await runFor(c.client.id)
    expect(run).toMatchObject({ services: 16, skipped: [] })
    expect(run.bills).toHaveLength(1)
    const bill = (await finance.get(`/api/bills/${run.bills[0]._id}`)).body
    const { start, end } = monthPeriod(month)
    expect(bill).toMatchObject({
      kind: 'bill',
      sequenceNumber: null,
      locked: false,
      editable: true,
      status: 'pending',
      currency: 'CZK',
      country: 'Czech',
      period: { start, end },
      totals: { NETTO_total: 792, VAT_total: 166.32, BRUTTO_total: 958.32 },
      businessclient: { _id: c.client.id, name: c.client.name },
    })
    expect(
      bill.items.map((i: Json) => [i.description, i.quantity, i.netto_price, i.VAT_procent, i.brutto_total]),
    ).toEqual([
      ['Fulfilment', 10, 25, 21, 302.5],
      ['Transport (89.50)', 4, 89.5, 21, 433.18],
      ['Transport (92.00)', 2, 92, 21, 222.64],
    ])
    expect(await billedCount(t, c.client.id)).toBe(16)
  })

  it('a rerun bills nothing twice; services of another month stay unbilled', async () => {
    const c = await clientWithServices()
    await insertServices(t, { businessclientId: c.client.id, count: 3, day: `${today.slice(0, 8)}01` })
    await runFor(c.client.id)
    const again = await runFor(c.client.id)
    expect(again).toMatchObject({ bills: [], services: 0 })
    expect(await billedCount(t, c.client.id)).toBe(16)
  })

  it('two runs at once bill each service once, in one bill', async () => {
    const c = await clientWithServices()
    const [a, b] = await Promise.all([runFor(c.client.id), runFor(c.client.id)])
    expect(a.services + b.services).toBe(16)
    expect(a.bills.length + b.bills.length).toBe(1)
    const list = await finance.get('/api/bills', { businessclient: c.client.id })
    expect(list.body.total).toBe(1)
  })

  it('skips a country without an issuer and says so; a client may not run (403); a bad month is 400', async () => {
    const c = await t.tenantWithApi()
    await insertServices(t, { businessclientId: c.client.id, count: 2, country: 'Hungary', currency: 'HUF' })
    expect(await runFor(c.client.id)).toMatchObject({
      bills: [],
      skipped: [
        {
          country: 'Hungary',
          services: 2,
          businessclient: { _id: c.client.id, name: c.client.name },
          reason: 'no-issuer',
          reasonCountry: 'Hungary',
          message: 'There is no issuer in Hungary: add one, then run again',
        },
      ],
    })
    expect((await c.api.post('/api/bills/run', { period: month })).status).toBe(403)
    const bad = await finance.post('/api/bills/run', { period: '2026-13' })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toHaveProperty('period')
  })

  it('skips a client the VAT rules refuse (established outside the EU), saying whose services and why', async () => {
    const outside = await t.tenantWithApi({
      client: { addressCountry: 'Ukraine', addressCity: 'Kyiv', addressStreet: 'Khreshchatyk' },
    })
    await insertServices(t, { businessclientId: outside.client.id, count: 3, serviceType: 'storage' })
    const run = await runFor(outside.client.id)
    expect(run.bills).toEqual([])
    expect(run.skipped).toEqual([
      {
        country: 'Czech',
        services: 3,
        businessclient: { _id: outside.client.id, name: outside.client.name },
        reason: 'services-outside-eu',
        reasonCountry: 'Ukraine',
        message:
          'The business client is established outside the EU (Ukraine): the VAT of this bill is not in the rules',
      },
    ])
    expect(await billedCount(t, outside.client.id)).toBe(0)
  })
})

describe('bill lifecycle', () => {
  it('finance edits an item of an unlocked bill and the totals follow; bad values are 400', async () => {
    const c = await clientWithServices()
    const id = (await runFor(c.client.id)).bills[0]._id
    const bill = (await finance.get(`/api/bills/${id}`)).body
    const item = bill.items[0]
    const res = await finance.put(`/api/bills/${id}/items/${item._id}`, {
      quantity: 12,
      NETTO: 20,
      description: 'Balení',
    })
    expect(res.status).toBe(200)
    expect(res.body.items[0]).toMatchObject({
      description: 'Balení',
      quantity: 12,
      netto_price: 20,
      brutto_total: 290.4,
    })
    expect(res.body.totals).toMatchObject({ NETTO_total: 782, BRUTTO_total: 946.22 })
    const bad = await finance.put(`/api/bills/${id}/items/${item._id}`, { quantity: -1 })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toHaveProperty('quantity')
    expect((await c.api.put(`/api/bills/${id}/items/${item._id}`, { quantity: 1 })).status).toBe(403)
  })

  it('locking numbers the bill from the issuer series, dates it, and then nothing changes (409)', async () => {
    const { bill } = await lockedBill()
    expect(bill).toMatchObject({ locked: true, editable: false, status: 'notpaid-indue' })
    expect(bill.sequenceNumber).toMatch(new RegExp(`^VFCZ${today.slice(0, 4)}\\d{6}$`))
    expect(bill.dates).toEqual({ issuedDate: today, dueDate: addDays(today, 14), taxDate: bill.period.end })
    const edit = await finance.put(`/api/bills/${bill._id}/items/${bill.items[0]._id}`, { quantity: 1 })
    expect(edit.status).toBe(409)
    expect(edit.body.code).toBe('DOCUMENT_ISSUED')
    expect((await finance.post(`/api/bills/${bill._id}/lock`)).body.code).toBe('DOCUMENT_ISSUED')
    // The database refuses it too (the guard behind the service).
    await expect(
      t.database.pool.query('update bills set brutto_total = 1 where id = $1', [bill._id]),
    ).rejects.toMatchObject({ code: 'P0409' })
    const next = await lockedBill()
    const n = (s: string) => Number(s.slice(-6))
    expect(n(next.bill.sequenceNumber)).toBe(n(bill.sequenceNumber) + 1)
  })

  it('refuses to lock a bill to a client without an address (409 LEGAL_CONTENT_MISSING), taking no number', async () => {
    const c = await t.tenantWithApi({ client: { addressStreet: '', addressCity: '' } })
    await insertServices(t, { businessclientId: c.client.id, count: 2, serviceType: 'fulfilment' })
    const { bills } = await runFor(c.client.id)
    const unlocked = (await finance.get(`/api/bills/${bills[0]._id}`)).body
    expect(unlocked.legalMissing).toEqual(['customer.address'])
    const before = await lockedBill()
    const refused = await finance.post(`/api/bills/${unlocked._id}/lock`)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('LEGAL_CONTENT_MISSING')
    expect(refused.body.details).toEqual({ 'customer.address': expect.stringContaining('§ 29') })
    expect((await finance.get(`/api/bills/${unlocked._id}`)).body).toMatchObject({
      locked: false,
      sequenceNumber: null,
    })
    // Completed, the bill locks with the number after the last one: the refusal took none.
    const address = { street: 'Údolní', streetNr: '53', city: 'Brno', postcode: '602 00' }
    const update = { type: 'update', query: { address } }
    expect((await admin.put(`/api/businessclients/${c.client.id}`, update)).status).toBe(200)
    const locked = await finance.post(`/api/bills/${unlocked._id}/lock`)
    expect(locked.status).toBe(200)
    expect(locked.body.legalMissing).toEqual([])
    const n = (s: string) => Number(s.slice(-6))
    expect(n(locked.body.sequenceNumber)).toBe(n(before.bill.sequenceNumber) + 1)
  })

  it('the PDF of a locked bill has its number, issuer and client; an unlocked bill answers 409', async () => {
    const { c, bill } = await lockedBill()
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/bills/${bill._id}/pdf`,
      headers: { authorization: `Bearer ${c.token}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF')
    const text = pdfText(res.rawPayload).replace(/[ \t]+/g, ' ')
    for (const probe of [
      bill.sequenceNumber,
      'Expedo Czech s.r.o.',
      c.client.name,
      '958,32',
      // Every word in the document's language (the Czech client's): title, services, period, payment.
      'Vyúčtování – daňový doklad',
      'Doprava (89.50)',
      'Vyřízení objednávky',
      'Způsob úhrady: Bankovním převodem',
      'Spisová značka: C 12345 vedená',
      `Zúčtovací období: ${czechDate(bill.period.start)} – ${czechDate(bill.period.end)}`,
    ])
      expect(text).toContain(probe)
    expect(text).toContain('Česko')
    for (const english of ['Transport', 'Fulfilment', 'Bank transfer', 'Faktura'])
      expect(text).not.toContain(english)
    const other = await clientWithServices()
    const unlocked = (await runFor(other.client.id)).bills[0]._id
    expect((await finance.get(`/api/bills/${unlocked}/pdf`)).status).toBe(409)
  })

  it('finance marks a locked bill paid; the list filters by status', async () => {
    const { c, bill } = await lockedBill()
    expect((await c.api.post(`/api/bills/${bill._id}/pay`)).status).toBe(403)
    const paid = await finance.post(`/api/bills/${bill._id}/pay`)
    expect(paid.body).toMatchObject({ isPaid: true, status: 'paid' })
    const only = (status: string) =>
      finance.get('/api/bills', { businessclient: c.client.id, status }).then((r) => r.body.total)
    expect(await only('paid')).toBe(1)
    expect(await only('notpaid-indue')).toBe(0)
    // An overdue bill (locked long ago): the guard allows inserting one, only not changing it.
    await t.database.pool.query(
      `insert into bills (id, businessclient_id, issuer_id, country, currency, period_start, period_end, locked,
        sequence_number, issued_date, due_date, client, issuer)
       select gen_random_uuid(), businessclient_id, issuer_id, country, currency, period_start, period_end, true, 'OLD-' || id,
        '2020-01-01', '2020-01-15', client, issuer from bills where id = $1`,
      [bill._id],
    )
    expect(await only('notpaid-overdue')).toBe(1)
    const page = await finance.get('/api/bills', {
      businessclient: c.client.id,
      itemsPerPage: '1',
      page: '2',
    })
    expect(page.body).toMatchObject({ total: 2 })
    expect(page.body.list).toHaveLength(1)
  })

  it('a credit note negates the bill from its own series, once: a second one answers 409', async () => {
    const { bill } = await lockedBill()
    const res = await finance.post(`/api/bills/${bill._id}/creditnote`, { reason: 'Storage billed twice' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      kind: 'billcreditnote',
      locked: true,
      bill: { _id: bill._id, sequenceNumber: bill.sequenceNumber },
      totals: { NETTO_total: -792, BRUTTO_total: -958.32 },
      reason: 'Storage billed twice',
    })
    expect(res.body.sequenceNumber).toMatch(/^VDCZ/)
    expect((await finance.get(`/api/bills/${bill._id}`)).body.creditNote).toEqual({
      _id: res.body._id,
      creditNoteNr: res.body.sequenceNumber,
    })
    const again = await finance.post(`/api/bills/${bill._id}/creditnote`, { reason: 'Again' })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('CONFLICT')
  })

  it('a credit note needs its reason (ZDPH § 45(1)), as an invoice’s does: 400 naming it, nothing issued', async () => {
    const { bill } = await lockedBill()
    const bare = await finance.post(`/api/bills/${bill._id}/creditnote`)
    expect(bare.status).toBe(400)
    expect(bare.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { body: 'is required' } })
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const res = await finance.post(`/api/bills/${bill._id}/creditnote`, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { reason: 'is required' } })
    }
    expect((await finance.get(`/api/bills/${bill._id}`)).body.creditNote).toBeNull()
  })

  it('the credit note’s PDF prints its reason and the bill it corrects, in the document’s language', async () => {
    const { c, bill } = await lockedBill()
    const note = await finance.post(`/api/bills/${bill._id}/creditnote`, {
      reason: 'Doprava účtována dvakrát',
    })
    expect(note.status).toBe(201)
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/bills/${note.body._id}/pdf`,
      headers: { authorization: `Bearer ${c.token}` },
    })
    expect(res.statusCode).toBe(200)
    const text = pdfText(res.rawPayload).replace(/[ \t]+/g, ' ')
    expect(text).toContain('Důvod opravy: Doprava účtována dvakrát')
    expect(text).toContain(bill.sequenceNumber)
  })
})

describe('numbers and deadlines by law (FINANCE.md "Place of supply, numbering and document content")', () => {
  it('a Bulgarian issuer numbers its bills and their credit notes in one continuous 10-digit series', async () => {
    await ensureIssuer(t, 'Bulgaria')
    const bill = async () => {
      const c = await t.tenantWithApi()
      await insertServices(t, {
        businessclientId: c.client.id,
        count: 2,
        currency: 'EUR',
        country: 'Bulgaria',
        unitPrice: '10.00',
      })
      const run = await runFor(c.client.id)
      const locked = await finance.post(`/api/bills/${run.bills[0]._id}/lock`)
      expect(locked.status, JSON.stringify(locked.body)).toBe(200)
      return locked.body
    }
    const first = await bill()
    const note = await finance.post(`/api/bills/${first._id}/creditnote`, { reason: 'Wrong month' })
    expect(note.status, JSON.stringify(note.body)).toBe(201)
    const second = await bill()
    expect([first.sequenceNumber, note.body.sequenceNumber, second.sequenceNumber]).toEqual([
      '0000000001',
      '0000000002',
      '0000000003',
    ])
  })

  it('the database refuses a second bill or credit note of one issuer with a number', async () => {
    const { bill } = await lockedBill()
    const note = (await finance.post(`/api/bills/${bill._id}/creditnote`, { reason: 'Wrong month' })).body
    const c = await clientWithServices()
    const draft = (await runFor(c.client.id)).bills[0]._id
    await expect(
      t.database.pool.query('update bills set locked = true, sequence_number = $2 where id = $1', [
        draft,
        note.sequenceNumber,
      ]),
    ).rejects.toMatchObject({ code: '23505' })
  })

  it('the monthly run on the 1st drafts last month’s bills; each says its issuing deadline, DUZP the month’s end', async () => {
    const { createBillsService } = await import('./bills.service.ts')
    const { scopeOf } = await import('../../platform/http/auth-context.ts')
    let today = '2025-04-01'
    const service = createBillsService({ db: t.db, today: () => today })
    const c = await t.tenantWithApi()
    await insertServices(t, { businessclientId: c.client.id, count: 3, day: '2025-03-12' })
    expect(await service.runMonthly()).toBe(1)
    const listed = (await finance.get('/api/bills', { businessclient: c.client.id })).body.list
    expect(listed).toHaveLength(1)
    expect(listed[0]).toMatchObject({
      period: { start: '2025-03-01', end: '2025-03-31' },
      locked: false,
      issueBy: '2025-04-15',
    })
    today = '2025-04-02'
    const auth = {
      userId: '00000000-0000-0000-0000-000000000000',
      username: 'finance',
      roles: ['finance' as const],
      businessclientId: null,
      sysLang: 'ENG' as const,
      scope: scopeOf(['finance'], null),
    }
    const locked = await service.lock(auth, listed[0]._id)
    expect(locked.dates).toEqual({ issuedDate: '2025-04-02', taxDate: '2025-03-31', dueDate: '2025-04-16' })
    const note = await finance.post(`/api/bills/${locked._id}/creditnote`, { reason: 'Wrong month' })
    expect(note.body.issueBy).toBeNull()
  })
})

describe('a client reads its own bills', () => {
  it('lists and opens its own, with services and the summary; another client’s bill is 404', async () => {
    const { c, bill } = await lockedBill()
    const list = await c.api.get('/api/bills')
    expect(list.body.list.map((b: Json) => b._id)).toEqual([bill._id])
    const services = await c.api.get(`/api/bills/${bill._id}/services`, { itemsPerPage: '5' })
    expect(services.body.total).toBe(16)
    expect(services.body.list).toHaveLength(5)
    expect(services.body.foundServices).toEqual([
      {
        _id: 'CZK',
        services: [
          { service_details: { name: 'fulfilment' }, quantity: 10, total: 250 },
          { service_details: { name: 'transport' }, quantity: 6, total: 542 },
        ],
        grandTotal: 792,
      },
    ])
    const other = await t.tenantWithApi()
    for (const url of [
      `/api/bills/${bill._id}`,
      `/api/bills/${bill._id}/services`,
      `/api/bills/${bill._id}/pdf`,
    ])
      expect((await other.api.get(url)).status).toBe(404)
    expect((await other.api.get('/api/bills')).body.total).toBe(0)
  })

  it('exports a bill’s services as .xlsx; a filter with no rows is 404', async () => {
    const { c, bill } = await lockedBill()
    const res = await c.api.post(`/api/bills/${bill._id}/services/export`, { serviceType: 'transport' })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    const none = await c.api.post(`/api/bills/${bill._id}/services/export`, { serviceType: 'storage' })
    expect(none.status).toBe(404)
    // the service dates: Excel dates with a day format, read back by exceljs, not text
    const file = await t.app.inject({
      method: 'POST',
      url: `/api/bills/${bill._id}/services/export`,
      payload: {},
      headers: { authorization: `Bearer ${c.token}` },
    })
    const rows = await expectExcelDates(file.rawPayload, { date: ['Date'] })
    expect(rows).toHaveLength(16)
    for (const row of rows) expect((row.Date as Date).toISOString().slice(0, 7)).toBe(month)
  })
})
