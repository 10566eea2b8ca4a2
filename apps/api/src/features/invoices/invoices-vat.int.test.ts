import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../../../test/app.ts'
import { invoiceCount, invoiceDesk } from '../../../test/invoice-fixtures.ts'
import { pdfText } from '../../../test/pdf-tools.ts'

/**
 * Client invoices pick their VAT by the place of supply (FINANCE.md "Place of supply"; Directive 2006/112/EC
 * art. 32, 33, 138): the warehouse the goods leave from, the ship-to country, the customer's VAT number and
 * the business client's One-Stop-Shop; a case needing a VAT registration the client lacks is refused before a
 * number is taken. The test client is Czech, its goods in a Czech warehouse.
 */
let t: TestApp
let d: Awaited<ReturnType<typeof invoiceDesk>>

beforeAll(async () => {
  t = await createTestApp()
  d = await invoiceDesk(t)
  // A Czech issuer states the VAT of a EUR invoice in CZK too.
  await t.database.pool.query(
    `insert into exchange_rates (currency, target, day, rate) values ('EUR', 'CZK', current_date - 30, 24.5)
     on conflict do nothing`,
  )
})
afterAll(() => t?.close())

const slovakConsumer = {
  shipTo: {
    country: 'Slovakia',
    city: 'Nitra',
    street: 'Štúrova',
    postcode: '94901',
    client: { firstName: 'Ján', lastName: 'Novák', email: 'jan@example.com' },
  },
}
const slovakBusiness = {
  shipTo: {
    ...slovakConsumer.shipTo,
    isCompany: true,
    client: {
      ...slovakConsumer.shipTo.client,
      isCompany: true,
      companyName: 'Záhrada s.r.o.',
      taxId: 'SK2022749619',
      nr_reg_com: '36421928',
    },
  },
}

const rates = (inv: Json) => [...new Set(inv.items.map((i: Json) => i.VAT_procent))]

async function pdfOf(c: { token: string }, id: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/invoices/${id}/pdf`,
    headers: { authorization: `Bearer ${c.token}` },
  })
  expect(res.statusCode).toBe(200)
  return pdfText(res.rawPayload).replace(/\s+/g, ' ')
}

const seriesValues = async (clientId: string) =>
  (
    await t.database.pool.query(
      'select document_type, country, next_value from number_series where businessclient_id = $1 order by 1, 2',
      [clientId],
    )
  ).rows

/** Moves an order to a warehouse of `country` (the goods now leave from there). */
async function shipFrom(orderId: string, country: string) {
  const w = await t.factory.warehouse({ country, city: 'Bratislava' })
  await t.database.pool.query('update orders set warehouse_id = $1 where id = $2', [w.id, orderId])
}

describe('the VAT of an order’s invoice by the place of supply', () => {
  it('a Slovak VAT payer gets an exempt intra-Community supply from the Czech warehouse, with the wording', async () => {
    const c = await d.client()
    const draft = await d.draft(c, slovakBusiness)
    expect(draft.vatTreatment).toBe('intra-community-exempt')
    expect(rates(draft)).toEqual([0])
    expect(draft).toMatchObject({ currency: 'EUR', VAT_total: 0, NETTO_total: 401.5, BRUTTO_total: 401.5 })
    const issued = await c.api.post(`/api/invoices/${draft._id}/issue`)
    expect(issued.status, JSON.stringify(issued.body)).toBe(200)
    const text = await pdfOf(c, draft._id)
    expect(text).toContain('Oslobodené od dane podľa § 64 ZDPH')
    expect(text).toContain('SK2022749619')
    expect(text).toContain('CZ27082440')
  })

  it('a Slovak consumer pays the Czech 21 % without the One-Stop-Shop, and the Slovak 23 % with it', async () => {
    const c = await d.client()
    const origin = await d.draft(c, slovakConsumer)
    expect(origin.vatTreatment).toBe('domestic')
    expect(rates(origin)).toEqual([21])
    const on = await c.api.put(`/api/businessclients/${c.client.id}`, {
      type: 'update',
      query: { invoicing: { oss: true, ossSince: '2026-01-01' } },
    })
    expect(on.status).toBe(200)
    expect(on.body.invoicing).toMatchObject({ oss: true, ossSince: '2026-01-01' })
    const oss = await d.draft(c, slovakConsumer)
    expect(oss.vatTreatment).toBe('oss')
    expect(rates(oss)).toEqual([23])
    // Gross prices stay what the customer pays: 2 × 121.00 at 23 % → netto 98.37.
    expect(oss.items[0].netto_price).toBe(98.37)
    // A Czech consumer still pays Czech VAT.
    expect(rates(await d.draft(c))).toEqual([21])
  })

  it('a draft made before the client joined the One-Stop-Shop is not issued with the old VAT', async () => {
    const c = await d.client()
    const draft = await d.draft(c, slovakConsumer)
    await c.api.put(`/api/businessclients/${c.client.id}`, {
      type: 'update',
      query: { invoicing: { oss: true, ossSince: '2021-07-01' } },
    })
    const before = await seriesValues(c.client.id)
    const refused = await c.api.post(`/api/invoices/${draft._id}/issue`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('make the draft again')
    expect(await seriesValues(c.client.id)).toEqual(before)
    // Drafted again from the order, it issues at the Slovak rate.
    const again = await c.api.post(`/api/orders/${draft.actionSourceId._id}/invoice`)
    expect(again.body.invoice.VAT_total).toBeGreaterThan(0)
    const issued = await c.api.post(`/api/invoices/${draft._id}/issue`)
    expect(issued.status).toBe(200)
    expect(rates(issued.body)).toEqual([23])
  })

  it('goods leaving a Slovak warehouse need a Slovak VAT registration: refused before any draft or number', async () => {
    const c = await d.client()
    const order = await d.order(c, slovakConsumer)
    await shipFrom(order._id, 'Slovakia')
    const drafts = await invoiceCount(t)
    const refused = await c.api.post(`/api/orders/${order._id}/invoice`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('needs a VAT registration in Slovakia')
    expect(refused.body.details).toEqual({ vatRegistration: 'a VAT registration in Slovakia is missing' })
    expect(await invoiceCount(t)).toBe(drafts)
    // Registered in Slovakia: a domestic Slovak supply at 23 %.
    const admin = await t.asAdmin()
    const added = await admin.post(`/api/businessclients/${c.client.id}/companyids`, {
      country: 'Slovakia',
      coid: '36421928',
      taxid: 'SK2022749619',
    })
    expect(added.status).toBe(201)
    const made = await c.api.post(`/api/orders/${order._id}/invoice`)
    expect(made.status).toBe(200)
    const inv = (await c.api.get(`/api/invoices/${made.body.invoice._id}`)).body
    expect(inv.vatTreatment).toBe('domestic')
    expect(rates(inv)).toEqual([23])
  })

  it('goods leaving a Slovak warehouse are invoiced under the Slovak registration: its ids on the PDF and ISDOC, not the home ones', async () => {
    const c = await d.client()
    const admin = await t.asAdmin()
    const added = await admin.post(`/api/businessclients/${c.client.id}/companyids`, {
      country: 'Slovakia',
      coid: '36421928',
      taxid: 'SK2022749619',
    })
    expect(added.status).toBe(201)
    const order = await d.order(c, slovakConsumer)
    await shipFrom(order._id, 'Slovakia')
    const made = await c.api.post(`/api/orders/${order._id}/invoice`)
    expect(made.status).toBe(200)
    const issued = await c.api.post(`/api/invoices/${made.body.invoice._id}/issue`)
    expect(issued.status, JSON.stringify(issued.body)).toBe(200)
    expect(issued.body.businessclient.vatRegistration).toBe('Slovakia')
    const text = await pdfOf(c, issued.body._id)
    expect(text).toContain('SK2022749619')
    expect(text).toContain('36421928')
    expect(text).not.toContain('CZ27082440')
    const isdoc = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${issued.body._id}/isdoc`,
      headers: { authorization: `Bearer ${c.token}` },
    })
    expect(isdoc.statusCode).toBe(200)
    const supplierParty = isdoc.body.slice(
      isdoc.body.indexOf('<AccountingSupplierParty>'),
      isdoc.body.indexOf('</AccountingSupplierParty>'),
    )
    expect(supplierParty).toContain('<CompanyID>SK2022749619</CompanyID>')
    expect(supplierParty).toContain('<ID>36421928</ID>')
    expect(supplierParty).not.toContain('27082440')
    // The same client's goods from its Czech warehouse: its home ids.
    const home = await d.issued(c)
    expect(home.businessclient.vatRegistration).toBe('Czech')
    expect(await pdfOf(c, home._id)).toContain('CZ27082440')
  })

  it('a draft whose order moved to a warehouse without registration is refused at issue; the series is untouched', async () => {
    const c = await d.client()
    const draft = await d.draft(c)
    await shipFrom(draft.actionSourceId._id, 'Slovakia')
    const before = await seriesValues(c.client.id)
    const refused = await c.api.post(`/api/invoices/${draft._id}/issue`)
    expect(refused.status).toBe(409)
    expect(refused.body.details).toEqual({ vatRegistration: 'a VAT registration in Slovakia is missing' })
    expect(await seriesValues(c.client.id)).toEqual(before)
    expect((await c.api.get(`/api/invoices/${draft._id}`)).body.sequenceNumber).toBeNull()
  })
})

describe('VAT numbers and the One-Stop-Shop are checked where they are entered', () => {
  it('an order’s customer with a VAT number of a wrong check digit answers 400 naming the field', async () => {
    const c = await d.client()
    const res = await c.api.post('/api/orders/create/new', {
      shipTo: {
        ...slovakBusiness.shipTo,
        client: { ...slovakBusiness.shipTo.client, taxId: 'SK2022749618' },
      },
      items: [{ product: c.p1.id, quantity: 1, price: 121 }],
    })
    expect(res.status).toBe(400)
    expect(res.body.details).toEqual({
      'shipTo.client.taxId': 'has a wrong check digit for a SK VAT number',
    })
  })

  it('the profile refuses a company id’s malformed VAT number, and the One-Stop-Shop without a valid start', async () => {
    const c = await d.client()
    const admin = await t.asAdmin()
    const bad = await admin.post(`/api/businessclients/${c.client.id}/companyids`, {
      country: 'Romania',
      taxid: 'RO18547291',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toEqual({ taxid: 'has a wrong check digit for a RO VAT number' })
    const put = (invoicing: Json) =>
      c.api.put(`/api/businessclients/${c.client.id}`, { type: 'update', query: { invoicing } })
    const noDate = await put({ oss: true })
    expect(noDate.status).toBe(400)
    expect(noDate.body.details).toHaveProperty(['query.invoicing.ossSince'])
    const early = await put({ oss: true, ossSince: '2020-01-01' })
    expect(early.status).toBe(400)
    expect(Object.values(early.body.details).join()).toContain('2021-07-01')
    expect((await put({ oss: false })).status).toBe(200)
  })
})
