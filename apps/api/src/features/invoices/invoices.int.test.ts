import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../../../test/app.ts'
import { invoiceCount, invoiceDesk } from '../../../test/invoice-fixtures.ts'
import { pdfText } from '../../../test/pdf-tools.ts'

let t: TestApp
let d: Awaited<ReturnType<typeof invoiceDesk>>
let c: Awaited<ReturnType<Awaited<ReturnType<typeof invoiceDesk>>['client']>>
const year = new Date().getUTCFullYear()

beforeAll(async () => {
  t = await createTestApp()
  d = await invoiceDesk(t)
  c = await d.client()
})
afterAll(() => t?.close())

describe('POST /api/orders/{id}/invoice', () => {
  it('makes a draft from the order: lines at the Czech standard rate, shipping, COD, supplier and customer', async () => {
    const order = await d.order(c)
    const res = await c.api.post(`/api/orders/${order._id}/invoice`)
    expect(res.status).toBe(200)
    expect(res.body._id).toBe(order._id)
    expect(res.body.invoice).toMatchObject({ sequenceNumber: null, currency: 'CZK', BRUTTO_total: 401.5 })
    const inv = (await c.api.get(`/api/invoices/${res.body.invoice._id}`)).body
    expect(inv).toMatchObject({
      kind: 'invoice',
      sequenceNumber: null,
      country: 'Czech',
      currency: 'CZK',
      paymentType: 'COD',
      NETTO_total: 331.82,
      VAT_total: 69.68,
      BRUTTO_total: 401.5,
      actionSourceId: { _id: order._id, clientOrderNr: order.clientOrderNr },
      creditNote: null,
      customer: { firstName: 'Jiří', lastName: 'Dvořák', city: 'Brno', street: 'Údolní', country: 'Czech' },
      shipTo: { name: 'Jiří Dvořák', city: 'Brno', postcode: '602 00' },
      businessclient: {
        _id: c.client.id,
        name: c.client.name,
        vatPayer: true,
        bankaccounts: [{ IBAN: 'CZ6508000000192000145399', currency: 'CZK' }],
        companyids: [{ coid: '27082440', taxid: 'CZ27082440' }],
      },
    })
    // e-shop prices include VAT: 2 × 121.00 → netto 100.00 at 21 %; shipping 99.00 → 81.82 + 17.18.
    expect(
      inv.items.map((i: Json) => [
        i.quantity,
        i.netto_price,
        i.VAT_procent,
        i.price,
        i.netto_total,
        i.VAT_amount,
        i.brutto_total,
      ]),
    ).toEqual([
      [2, 100, 21, 121, 200, 42, 242],
      [1, 50, 21, 60.5, 50, 10.5, 60.5],
      [1, 81.82, 21, 99, 81.82, 17.18, 99],
    ])
    expect(inv.items[2].name).toBe('Doprava')
    expect(inv.vatRecap).toEqual([{ VAT_procent: 21, base: 331.82, VAT: 69.68, total: 401.5 }])
    expect(inv.dates.issuedDate).toBe(new Date().toISOString().slice(0, 10))
    expect(inv.series).toBeNull()
    // A Czech VAT payer with its DIČ and IČO, a customer with an address: nothing the law asks for is missing.
    expect(inv.legalMissing).toEqual([])
  })

  it('rebuilds the draft when asked again, and refuses once its invoice is issued (409 DOCUMENT_ISSUED)', async () => {
    const order = await d.order(c)
    const first = (await c.api.post(`/api/orders/${order._id}/invoice`)).body.invoice
    const again = (await c.api.post(`/api/orders/${order._id}/invoice`)).body.invoice
    expect(again._id).toBe(first._id)
    await c.api.post(`/api/invoices/${first._id}/issue`)
    const before = await invoiceCount(t)
    const refused = await c.api.post(`/api/orders/${order._id}/invoice`)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('DOCUMENT_ISSUED')
    expect(await invoiceCount(t)).toBe(before)
  })

  it('invoicing one order twice at once makes one invoice', async () => {
    const order = await d.order(c)
    const before = await invoiceCount(t)
    const answers = await Promise.all([1, 2, 3].map(() => c.api.post(`/api/orders/${order._id}/invoice`)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    expect(new Set(answers.map((a) => a.body.invoice._id)).size).toBe(1)
    expect(await invoiceCount(t)).toBe(before + 1)
  })

  it('answers 404 for another client’s order and 403 for an operator, writing nothing', async () => {
    const other = await d.client()
    const order = await d.order(other)
    const before = await invoiceCount(t)
    expect((await c.api.post(`/api/orders/${order._id}/invoice`)).status).toBe(404)
    expect((await d.operator.post(`/api/orders/${order._id}/invoice`)).status).toBe(403)
    expect(await invoiceCount(t)).toBe(before)
  })
})

describe('editing a draft', () => {
  it('adds an item with the form’s defaults and its brutto price, removes one, and the totals follow', async () => {
    const draft = await d.draft(c)
    const added = await c.api.post(`/api/invoices/${draft._id}`, { name: 'Gift wrap' })
    expect(added.status).toBe(200)
    expect(added.body.items.at(-1)).toMatchObject({
      name: 'Gift wrap',
      quantity: 1,
      netto_price: 0,
      VAT_procent: 0,
      brutto_total: 0,
    })
    const priced = await c.api.post(`/api/invoices/${draft._id}`, {
      name: 'Insurance',
      quantity: 3,
      netto_price: 9.99,
      VAT_procent: 21,
    })
    expect(priced.body.items.at(-1)).toMatchObject({
      price: 12.09,
      netto_total: 29.97,
      brutto_total: 36.26,
      VAT_amount: 6.29,
    })
    expect(priced.body.BRUTTO_total).toBe(437.76)
    const removed = await c.api.post(`/api/invoices/${draft._id}/${priced.body.items.at(-1)._id}`)
    expect(removed.status).toBe(200)
    expect(removed.body.items.map((i: Json) => i.name)).not.toContain('Insurance')
    expect(removed.body.BRUTTO_total).toBe(401.5)
  })

  it('answers 400 naming the field for a bad item and changes nothing', async () => {
    const draft = await d.draft(c)
    for (const [payload, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'x', quantity: -1 }, 'quantity'],
      [{ name: 'x', netto_price: -0.01 }, 'netto_price'],
      [{ name: 'x', netto_price: 1.001 }, 'netto_price'],
      [{ name: 'x', VAT_procent: 101 }, 'VAT_procent'],
      [{ name: 'x', quantity: 'two' }, 'quantity'],
    ] as const) {
      const res = await c.api.post(`/api/invoices/${draft._id}`, payload)
      expect(res.status, JSON.stringify(payload)).toBe(400)
      expect(Object.keys(res.body.details).join()).toContain(field)
    }
    expect((await c.api.get(`/api/invoices/${draft._id}`)).body.items).toHaveLength(3)
  })

  it('changes one field given as query: dates, the customer’s address (and the shipping address with it)', async () => {
    const draft = await d.draft(c)
    const dated = await c.api.request({
      method: 'PUT',
      url: `/api/invoices/${draft._id}`,
      query: { taxDate: '2026-11-02' },
    })
    expect(dated.status).toBe(200)
    expect(dated.body.dates.taxDate).toBe('2026-11-02')
    const moved = await c.api.request({
      method: 'PUT',
      url: `/api/invoices/${draft._id}`,
      query: { city: 'Olomouc' },
    })
    expect(moved.body.customer.city).toBe('Olomouc')
    expect(moved.body.shipTo.city).toBe('Olomouc')
    const bad: Record<string, string>[] = [
      {},
      { city: 'A', street: 'B' },
      { dueDate: '1800-01-01' },
      { issuedDate: 'tomorrow' },
      { variableSymbol: '12a' },
      { country: 'Atlantis' },
    ]
    for (const query of bad) {
      const res = await c.api.request({ method: 'PUT', url: `/api/invoices/${draft._id}`, query })
      expect(res.status, JSON.stringify(query)).toBe(400)
    }
    const late = await c.api.request({
      method: 'PUT',
      url: `/api/invoices/${draft._id}`,
      query: { dueDate: '2000-01-01' },
    })
    expect(late.status).toBe(400)
    expect(late.body.details).toHaveProperty('dueDate')
  })
})

describe('issuing', () => {
  it('numbers the drafts of a series one after another and then refuses every change but the internal note', async () => {
    const s = await d.client()
    const a = await d.issued(s)
    const b = await d.issued(s)
    expect(a.sequenceNumber).toBe(`FVCZ${year}000001`)
    expect(b.sequenceNumber).toBe(`FVCZ${year}000002`)
    expect(a.variableSymbol).toBe(`${year}000001`)
    expect(a.issuedAt).not.toBeNull()
    const again = await s.api.post(`/api/invoices/${a._id}/issue`)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('DOCUMENT_ISSUED')
    for (const res of [
      await s.api.post(`/api/invoices/${a._id}`, { name: 'late' }),
      await s.api.post(`/api/invoices/${a._id}/${a.items[0]._id}`),
      await s.api.request({ method: 'PUT', url: `/api/invoices/${a._id}`, query: { city: 'Praha' } }),
    ]) {
      expect(res.status).toBe(409)
      expect(res.body.code).toBe('DOCUMENT_ISSUED')
    }
    const noted = await s.api.request({
      method: 'PUT',
      url: `/api/invoices/${a._id}`,
      query: { customer_internal: 'VIP' },
    })
    expect(noted.status).toBe(200)
    expect(noted.body).toMatchObject({
      customer_internal: 'VIP',
      sequenceNumber: a.sequenceNumber,
      BRUTTO_total: 401.5,
    })
  })

  it('refuses a draft without items (409) and leaves the series untouched', async () => {
    const s = await d.client()
    const draft = await d.draft(s)
    for (const item of draft.items) await s.api.post(`/api/invoices/${draft._id}/${item._id}`)
    const res = await s.api.post(`/api/invoices/${draft._id}/issue`)
    expect(res.status).toBe(409)
    expect((await d.issued(s)).sequenceNumber).toBe(`FVCZ${year}000001`)
  })

  it('refuses an invoice without what Czech law requires (409 LEGAL_CONTENT_MISSING), leaving it a draft and the series without a gap', async () => {
    const s = await d.client()
    const admin = await t.asAdmin()
    const companyId = `/api/businessclients/${s.client.id}/companyids/${s.companyId.id}`
    expect((await admin.put(companyId, { taxid: '' })).status).toBe(200)
    const made = await d.draft(s)
    const cleared = { method: 'PUT', url: `/api/invoices/${made._id}`, query: { street: '' } } as const
    const draft = (await s.api.request(cleared)).body
    expect(draft.legalMissing).toEqual(['supplier.taxId', 'customer.address'])
    const refused = await s.api.post(`/api/invoices/${draft._id}/issue`)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('LEGAL_CONTENT_MISSING')
    expect(Object.keys(refused.body.details)).toEqual(['supplier.taxId', 'customer.address'])
    expect(refused.body.message).toContain('§ 29')
    expect((await s.api.get(`/api/invoices/${draft._id}`)).body).toMatchObject({
      sequenceNumber: null,
      issuedAt: null,
    })
    // Completed, it is issued with the series' first number: the refusal took none.
    await admin.put(companyId, { taxid: 'CZ27082440' })
    await s.api.request({ method: 'PUT', url: `/api/invoices/${draft._id}`, query: { street: 'Údolní' } })
    const issued = await s.api.post(`/api/invoices/${draft._id}/issue`)
    expect(issued.status).toBe(200)
    expect(issued.body.sequenceNumber).toBe(`FVCZ${year}000001`)
  })

  it('a Slovak issuer needs its register entry: kept with its company id and printed once issued', async () => {
    const s = await d.client({
      client: { addressCountry: 'Slovakia', addressCity: 'Bratislava', addressStreet: 'Mlynské nivy' },
      companyId: { country: 'Slovakia', coid: '36421928', taxid: 'SK2020000001' },
    })
    // The goods leave the Czech warehouse: the Slovak client is registered for VAT there too.
    await t.factory.companyId(s.client.id, { country: 'Czech', coid: '', taxid: 'CZ25123891' })
    const slovak = { shipTo: { country: 'Slovakia', city: 'Nitra', street: 'Štúrova', postcode: '94901' } }
    const draft = await d.draft(s, slovak)
    expect(draft.currency).toBe('EUR')
    expect(draft.legalMissing).toEqual(['supplier.register'])
    const refused = await s.api.post(`/api/invoices/${draft._id}/issue`)
    expect(refused.status).toBe(409)
    expect(refused.body.details).toEqual({ 'supplier.register': expect.stringContaining('222/2004') })
    const register = 'Obchodný register Okresného súdu Bratislava I, oddiel Sro, vložka 12345/B'
    const admin = await t.asAdmin()
    const put = await admin.put(`/api/businessclients/${s.client.id}/companyids/${s.companyId.id}`, {
      register,
    })
    expect(put.status).toBe(200)
    const issued = await s.api.post(`/api/invoices/${draft._id}/issue`)
    expect(issued.status).toBe(200)
    expect(issued.body.legalMissing).toEqual([])
    expect(issued.body.businessclient.companyids).toEqual([
      { country: 'Slovakia', coid: '36421928', taxid: 'SK2020000001', register },
      { country: 'Czech', coid: '', taxid: 'CZ25123891', register: '' },
    ])
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${draft._id}/pdf`,
      headers: { authorization: `Bearer ${s.token}` },
    })
    expect(pdfText(pdf.rawPayload).replace(/\s+/g, ' ')).toContain('vložka 12345/B')
  })
})

describe('credit notes', () => {
  it('credits a line in part, then the rest, never more than is left; the order may then be invoiced again', async () => {
    const s = await d.client()
    const inv = await d.issued(s)
    const [first, second] = inv.items
    const tooMuch = await s.api.post(`/api/invoices/${inv._id}/creditnote`, {
      items: [{ itemId: first._id, quantity: 3 }],
      reason: 'Returned goods',
    })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.details).toEqual({ 'items.0.quantity': 'must be at most 2' })
    const part = await s.api.post(`/api/invoices/${inv._id}/creditnote`, {
      items: [{ itemId: first._id, quantity: 1 }],
      reason: 'Returned',
    })
    expect(part.status).toBe(201)
    expect(part.body).toMatchObject({
      kind: 'creditnote',
      sequenceNumber: `DNCZ${year}000001`,
      invoice: { _id: inv._id, sequenceNumber: inv.sequenceNumber },
      BRUTTO_total: -121,
      NETTO_total: -100,
      items: [{ quantity: -1, netto_price: 100, brutto_total: -121 }],
    })
    const reread = (await s.api.get(`/api/invoices/${inv._id}`)).body
    expect(reread.creditNote).toEqual({ _id: part.body._id, sequenceNumber: part.body.sequenceNumber })
    expect((await s.api.get(`/api/creditnotes/${part.body._id}`)).body._id).toBe(part.body._id)
    expect((await s.api.get(`/api/creditnotes/${inv._id}`)).status).toBe(404)

    const rest = await s.api.post(`/api/invoices/${inv._id}/creditnote`, { reason: 'Returned goods' })
    expect(rest.status).toBe(201)
    expect(rest.body.sequenceNumber).toBe(`DNCZ${year}000002`)
    expect(rest.body.items.map((i: Json) => [i.quantity, i.brutto_total])).toEqual([
      [-1, -121],
      [-1, -60.5],
      [-1, -99],
    ])
    expect(second).toBeDefined()
    const none = await s.api.post(`/api/invoices/${inv._id}/creditnote`, { reason: 'Returned goods' })
    expect(none.status).toBe(409)
    // Credited in full: the order may have a new invoice.
    const again = await s.api.post(`/api/orders/${inv.actionSourceId._id}/invoice`)
    expect(again.status).toBe(200)
    expect(again.body.invoice._id).not.toBe(inv._id)
  })

  it('refuses to credit a draft or a foreign invoice, and an unknown line', async () => {
    const s = await d.client()
    const draft = await d.draft(s)
    expect(
      (await s.api.post(`/api/invoices/${draft._id}/creditnote`, { reason: 'Returned goods' })).status,
    ).toBe(409)
    const inv = await d.issued(s)
    expect(
      (await c.api.post(`/api/invoices/${inv._id}/creditnote`, { reason: 'Returned goods' })).status,
    ).toBe(404)
    const unknown = await s.api.post(`/api/invoices/${inv._id}/creditnote`, {
      items: [{ itemId: draft.items[0]._id, quantity: 1 }],
      reason: 'Returned goods',
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.details).toHaveProperty(['items.0.itemId'])
  })
})

describe('GET /api/invoices and roles', () => {
  it('lists a client’s own invoices newest first with filters and paging; staff see every client', async () => {
    const s = await d.client()
    const docs = [await d.issued(s), await d.issued(s), await d.draft(s)]
    const list = await s.api.get('/api/invoices')
    expect(list.status).toBe(200)
    expect(list.body.total).toBe(3)
    expect(list.body.message).toBe('3 invoices found')
    expect(list.body.foundInvoices[0]).toMatchObject({
      customer: { name: 'Jiří Dvořák' },
      currency: 'CZK',
      BRUTTO_total: 401.5,
    })
    expect(
      (await s.api.get('/api/invoices', { sequenceNumber: docs[1].sequenceNumber })).body.foundInvoices.map(
        (r: Json) => r._id,
      ),
    ).toEqual([docs[1]._id])
    expect(
      (await s.api.get('/api/invoices', { clientOrderNr: docs[0].actionSourceId.clientOrderNr })).body.total,
    ).toBe(1)
    const page = await s.api.get('/api/invoices', { itemsPerPage: '2', currentPage: '2' })
    expect(page.body.foundInvoices).toHaveLength(1)
    const none = await s.api.get('/api/invoices', { dateFrom: '2001-01-01', dateTo: '2001-01-31' })
    expect(none.body).toEqual({ foundInvoices: [], total: 0, message: 'No invoices found' })
    const finance = (await t.userWithToken({ roles: ['finance'] })).api
    const all = await finance.get('/api/invoices', { businessclient: s.client.id })
    expect(all.body.total).toBe(3)
    expect((await finance.get('/api/invoices')).body.total).toBeGreaterThan(3)
    expect(
      (await c.api.get('/api/invoices')).body.foundInvoices.map((r: Json) => r.businessclient._id),
    ).not.toContain(s.client.id)
    expect((await s.api.get('/api/invoices', { itemsPerPage: '0' })).status).toBe(400)
    expect((await s.api.get('/api/invoices', { dateFrom: '2026-13-01' })).status).toBe(400)
  })

  it('answers 404 for another client’s document, 403 for an operator and 401 without a session', async () => {
    const inv = await d.issued(await d.client())
    for (const url of [`/api/invoices/${inv._id}`, `/api/invoices/${inv._id}/pdf`]) {
      const res = await c.api.get(url)
      expect(res.status, url).toBe(404)
      expect(JSON.stringify(res.body)).not.toContain(inv.sequenceNumber)
    }
    expect((await d.operator.get('/api/invoices')).status).toBe(403)
    expect((await d.operator.get(`/api/invoices/${inv._id}`)).status).toBe(403)
    expect((await t.anon.get('/api/invoices')).status).toBe(401)
  })
})

describe('a business client’s invoicing settings', () => {
  it('a non-VAT-payer invoices without VAT, due after its own number of days', async () => {
    const s = await d.client()
    const res = await s.api.put(`/api/businessclients/${s.client.id}`, {
      type: 'update',
      query: { invoicing: { vatPayer: false, dueDays: 30 } },
    })
    expect(res.status).toBe(200)
    expect(res.body.invoicing).toEqual({ vatPayer: false, dueDays: 30, oss: false, ossSince: null })
    const bad = await s.api.put(`/api/businessclients/${s.client.id}`, {
      type: 'update',
      query: { invoicing: { dueDays: -1 } },
    })
    expect(bad.status).toBe(400)
    const draft = await d.draft(s)
    expect(draft.businessclient.vatPayer).toBe(false)
    expect(draft.items.map((i: Json) => [i.VAT_procent, i.netto_price, i.brutto_total])).toEqual([
      [0, 121, 242],
      [0, 60.5, 60.5],
      [0, 99, 99],
    ])
    expect(draft.VAT_total).toBe(0)
    // Its company id row lacks nothing a non-VAT-payer must show; a missing address would be named.
    expect(draft.legalMissing).toEqual([])
    const days = (Date.parse(draft.dates.dueDate) - Date.parse(draft.dates.issuedDate)) / 86_400_000
    expect(days).toBe(30)
  })
})
