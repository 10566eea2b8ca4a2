import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { billMonth, ensureIssuer, insertServices, issuerBody } from '../../../test/bill-fixtures.ts'
import { pdfText } from '../../../test/pdf-tools.ts'

/**
 * VAT by place of supply on the provider's bills (FINANCE.md "Place of supply"; Directive 2006/112/EC art. 44,
 * 196, 226(11a)): a business client established in another member state with its VAT number there pays no VAT
 * on the bill, which shows both VAT numbers and the reverse-charge wording in the document's language.
 */
let t: TestApp
let finance: TestApi
let admin: TestApi
const month = billMonth()

/** The Romanian issuer: a valid CUI, RON account. */
const romanianIssuer: Json = {
  ...issuerBody('Romania'),
  name: 'Expedo Logistics S.R.L.',
  coid: 'J12/3456/2019',
  taxid: 'RO18547290',
  address: {
    street: 'Strada Fabricii',
    streetNr: '1',
    postcode: '400000',
    city: 'Cluj-Napoca',
    country: 'Romania',
  },
  bankaccounts: [
    {
      bankname: 'Banca Transilvania',
      currency: 'RON',
      accountNr: '',
      bankCode: '',
      IBAN: 'RO49AAAA1B31007593840000',
      SWIFT: 'BTRLRO22',
    },
  ],
}

beforeAll(async () => {
  t = await createTestApp()
  finance = (await t.userWithToken({ roles: ['finance'] })).api
  admin = await t.asAdmin()
  await ensureIssuer(t, 'Czech')
  const ro = await admin.post('/api/issuers', romanianIssuer)
  if (ro.status !== 201) {
    const list = (await admin.get('/api/issuers')).body.list
    const existing = list.find((i: Json) => i.country === 'Romania')
    await admin.put(`/api/issuers/${existing._id}`, romanianIssuer)
  }
})
afterAll(() => t?.close())

/** A business client of `country` holding `taxid` there, with 10 fulfilments at 25.00 last month billed by `issuerCountry`. */
async function clientBilled(country: string, taxid: string, issuerCountry: string, currency: string) {
  const c = await t.tenantWithApi({
    client: { addressCountry: country, addressCity: 'Cluj', addressStreet: 'Str. Memorandumului' },
    companyId: { country, coid: country === 'Romania' ? 'J12/1/2020' : '25123891', taxid },
  })
  await insertServices(t, {
    businessclientId: c.client.id,
    count: 10,
    serviceType: 'fulfilment',
    unitPrice: '25.00',
    currency,
    country: issuerCountry,
  })
  const run = await finance.post('/api/bills/run', { period: month, businessclient: c.client.id })
  expect(run.status).toBe(200)
  const locked = await finance.post(`/api/bills/${run.body.bills[0]._id}/lock`)
  expect(locked.status, JSON.stringify(locked.body)).toBe(200)
  return { c, bill: locked.body }
}

async function pdfOf(c: { token: string }, id: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/bills/${id}/pdf`,
    headers: { authorization: `Bearer ${c.token}` },
  })
  expect(res.statusCode).toBe(200)
  return pdfText(res.rawPayload).replace(/\s+/g, ' ')
}

describe('reverse charge on bills to a VAT payer of another member state', () => {
  it('the Czech provider bills a Romanian VAT payer without VAT, both VAT numbers and "taxare inversă"', async () => {
    const { c, bill } = await clientBilled('Romania', 'RO14399840', 'Czech', 'CZK')
    expect(bill.vatTreatment).toBe('reverse-charge')
    expect(bill.totals).toEqual({ NETTO_total: 250, VAT_total: 0, BRUTTO_total: 250 })
    expect(bill.items.map((i: Json) => i.VAT_procent)).toEqual([0])
    expect(bill.businessclientId.taxid).toBe('RO14399840')
    expect(bill.legalMissing).toEqual([])
    const text = await pdfOf(c, bill._id)
    expect(text).toContain('Taxare inversă')
    expect(text).toContain('RO14399840')
    expect(text).toContain('CZ01234567')
  })

  it('the Romanian provider bills a Czech VAT payer without VAT and says "daň odvede zákazník"', async () => {
    const { c, bill } = await clientBilled('Czech', 'CZ25123891', 'Romania', 'RON')
    expect(bill.vatTreatment).toBe('reverse-charge')
    expect(bill.totals.VAT_total).toBe(0)
    const text = await pdfOf(c, bill._id)
    expect(text).toContain('Daň odvede zákazník')
    expect(text).toContain('CZ25123891')
    expect(text).toContain('RO18547290')
  })

  it('a client of another member state without a VAT number pays the provider’s own VAT, no wording', async () => {
    const { c, bill } = await clientBilled('Romania', '', 'Czech', 'CZK')
    expect(bill.vatTreatment).toBe('domestic')
    expect(bill.items.map((i: Json) => i.VAT_procent)).toEqual([21])
    expect(bill.totals).toEqual({ NETTO_total: 250, VAT_total: 52.5, BRUTTO_total: 302.5 })
    expect(await pdfOf(c, bill._id)).not.toContain('Taxare inversă')
  })

  it('a client of the provider’s own country pays its VAT', async () => {
    const { bill } = await clientBilled('Czech', 'CZ25123891', 'Czech', 'CZK')
    expect(bill.vatTreatment).toBe('domestic')
    expect(bill.totals.VAT_total).toBe(52.5)
  })

  it('a VAT number added after the run counts when the bill is locked', async () => {
    const c = await t.tenantWithApi({
      client: { addressCountry: 'Romania', addressCity: 'Cluj', addressStreet: 'Str. Memorandumului' },
      companyId: { country: 'Romania', coid: 'J12/1/2020', taxid: '' },
    })
    await insertServices(t, { businessclientId: c.client.id, count: 4, unitPrice: '25.00' })
    const run = await finance.post('/api/bills/run', { period: month, businessclient: c.client.id })
    const id = run.body.bills[0]._id
    expect((await finance.get(`/api/bills/${id}`)).body).toMatchObject({
      vatTreatment: 'domestic',
      totals: { VAT_total: 21 },
    })
    const put = await admin.put(`/api/businessclients/${c.client.id}/companyids/${c.companyId.id}`, {
      taxid: 'RO14399840',
    })
    expect(put.status).toBe(200)
    const locked = await finance.post(`/api/bills/${id}/lock`)
    expect(locked.body).toMatchObject({
      vatTreatment: 'reverse-charge',
      totals: { NETTO_total: 100, VAT_total: 0, BRUTTO_total: 100 },
      businessclientId: { taxid: 'RO14399840' },
    })
  })
})
