import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../../../test/app.ts'
import { invoiceDesk } from '../../../test/invoice-fixtures.ts'
import { pdfPagePng, pdfText } from '../../../test/pdf-tools.ts'
import { readQrFromPng } from '../../platform/documents/qr-reader.ts'

/**
 * Issue 24 "Paid documents and totals": order invoices are gross-priced (the total is what the customer
 * paid, to the cent), a COD or paid-online invoice says it is paid and asks for nothing, a credit note
 * carries its reason and a second credit of a credited line is a conflict.
 */

let t: TestApp
let d: Awaited<ReturnType<typeof invoiceDesk>>

beforeAll(async () => {
  t = await createTestApp()
  d = await invoiceDesk(t)
})
afterAll(() => t?.close())

const squeeze = (text: string) => text.replace(/\s+/g, ' ')

/** An issued invoice of an order of 1 × 100.00 and 3 for 100.00, shipping 99, COD 299 or paid online. */
async function issuedOf(c: Awaited<ReturnType<typeof d.client>>, cod: boolean): Promise<Json> {
  const order = (
    await c.api.post('/api/orders/create/new', {
      items: [
        { product: c.p1.id, quantity: 1, price: 100 },
        { product: c.p2.id, quantity: 3, price: 100 },
      ],
      clientOrderNr: t.factory.unique('PAID'),
      ...(cod ? { payment: { COD: { amount: 299 } } } : {}),
      shipTo: {
        street: 'Údolní',
        streetNr: '5',
        city: 'Brno',
        postcode: '602 00',
        country: 'Czech',
        phone: '+420777123456',
        client: { firstName: 'Jiří', lastName: 'Dvořák', email: 'jiri@example.com' },
      },
    })
  ).body
  const admin = await t.asAdmin()
  expect((await admin.put(`/api/orders/${order._id}`, { shipping: { shippingCost: 99 } })).status).toBe(200)
  const made = await c.api.post(`/api/orders/${order._id}/invoice`)
  expect(made.status).toBe(200)
  const issued = await c.api.post(`/api/invoices/${made.body.invoice._id}/issue`)
  expect(issued.status).toBe(200)
  return issued.body
}

const fileOf = async (c: { token: string }, id: string, kind: 'pdf' | 'isdoc') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/invoices/${id}/${kind}`,
    headers: { authorization: `Bearer ${c.token}` },
  })
  expect(res.statusCode).toBe(200)
  return res.rawPayload
}
const pdfOf = (c: { token: string }, id: string) => fileOf(c, id, 'pdf')
const isdocOf = async (c: { token: string }, id: string) => (await fileOf(c, id, 'isdoc')).toString('utf8')

describe('gross-priced order invoices', () => {
  it('invoices 100.00 at 21 % as 100.00 (VAT 17.36 from above), the total equal to the COD amount', async () => {
    const c = await d.client()
    const inv = await issuedOf(c, true)
    expect(inv.BRUTTO_total).toBe(299)
    expect(
      inv.items.map((i: Json) => [
        i.quantity,
        i.price,
        i.netto_total,
        i.VAT_amount,
        i.brutto_total,
        i.grossPriced,
      ]),
    ).toEqual([
      [1, 100, 82.64, 17.36, 100, true],
      [3, 33.33, 82.64, 17.36, 100, true],
      [1, 99, 81.82, 17.18, 99, true],
    ])
    expect(inv.vatRecap).toEqual([{ VAT_procent: 21, base: 247.1, VAT: 51.9, total: 299 }])
    expect(inv.NETTO_total + inv.VAT_total).toBeCloseTo(299, 10)
  })

  it('credits a gross line one piece at a time: the pieces add up to the line’s total exactly', async () => {
    const c = await d.client()
    const inv = await issuedOf(c, true)
    const three = inv.items[1]
    const totals: number[] = []
    for (let n = 0; n < 3; n++) {
      const note = await c.api.post(`/api/invoices/${inv._id}/creditnote`, {
        items: [{ itemId: three._id, quantity: 1 }],
        reason: 'Vrácené zboží',
      })
      expect(note.status).toBe(201)
      expect(note.body.items[0].grossPriced).toBe(true)
      totals.push(note.body.BRUTTO_total)
    }
    expect(totals.reduce((a, b) => a + b, 0)).toBeCloseTo(-100, 10)
    expect(totals).toEqual([-33.33, -33.34, -33.33])
  })
})

describe('paid before issue', () => {
  it('a COD invoice says “Uhrazeno dobírkou”, asks for 0, has no due date, no QR; ISDOC pays by COD', async () => {
    const c = await d.client()
    const inv = await issuedOf(c, true)
    expect(inv.paymentType).toBe('COD')
    const pdf = await pdfOf(c, inv._id)
    const text = squeeze(pdfText(pdf))
    expect(text).toContain('Uhrazeno dobírkou')
    expect(text).toContain('Celkem k úhradě 0,00 CZK')
    expect(text).not.toContain('Datum splatnosti')
    expect(text).not.toContain('Zaplaťte QR kódem')
    expect(readQrFromPng(pdfPagePng(pdf, 1))).toBeNull()
    const isdoc = await isdocOf(c, inv._id)
    expect(isdoc).toContain('<PaymentMeansCode>50</PaymentMeansCode>')
    expect(isdoc).toContain('<PayableAmount>0.00</PayableAmount>')
    expect(isdoc).toContain('<VATCalculationMethod>1</VATCalculationMethod>')
  })

  it('a paid-online invoice says “Zaplaceno online”; ISDOC pays by card', async () => {
    const c = await d.client()
    const inv = await issuedOf(c, false)
    expect(inv.paymentType).toBe('Paid Online')
    const text = squeeze(pdfText(await pdfOf(c, inv._id)))
    expect(text).toContain('Zaplaceno online')
    expect(text).toContain('Celkem k úhradě 0,00 CZK')
    expect(await isdocOf(c, inv._id)).toContain('<PaymentMeansCode>48</PaymentMeansCode>')
  })
})

describe('credit-note reason and repeated credits', () => {
  it('requires a reason (400 naming the field) and prints it with the corrected invoice’s number and date', async () => {
    const c = await d.client()
    const inv = await issuedOf(c, true)
    for (const body of [{}, { reason: '   ' }]) {
      const refused = await c.api.post(`/api/invoices/${inv._id}/creditnote`, body)
      expect(refused.status).toBe(400)
      expect(refused.body.details).toHaveProperty(['reason'])
    }
    const note = await c.api.post(`/api/invoices/${inv._id}/creditnote`, { reason: 'Poškozené zboží' })
    expect(note.status).toBe(201)
    expect(note.body.reason).toBe('Poškozené zboží')
    const text = squeeze(pdfText(await pdfOf(c, note.body._id)))
    const [y, m, day] = inv.dates.issuedDate.split('-').map(Number)
    expect(text).toContain(`Opravuje daňový doklad ${inv.sequenceNumber} ze dne ${day}. ${m}. ${y}`)
    expect(text).toContain('Důvod opravy: Poškozené zboží')
  })

  it('answers 409 to a second credit of lines credited already', async () => {
    const c = await d.client()
    const inv = await issuedOf(c, true)
    const first = inv.items[0]
    // One line named twice in one request would credit it twice over: refused, naming the repeat.
    const repeated = await c.api.post(`/api/invoices/${inv._id}/creditnote`, {
      items: [
        { itemId: first._id, quantity: 1 },
        { itemId: first._id, quantity: 1 },
      ],
      reason: 'Vráceno',
    })
    expect(repeated.status).toBe(400)
    expect(repeated.body.details).toHaveProperty(['items.1.itemId'])
    const once = await c.api.post(`/api/invoices/${inv._id}/creditnote`, {
      items: [{ itemId: first._id, quantity: 1 }],
      reason: 'Vráceno',
    })
    expect(once.status).toBe(201)
    const twice = await c.api.post(`/api/invoices/${inv._id}/creditnote`, {
      items: [{ itemId: first._id, quantity: 1 }],
      reason: 'Vráceno',
    })
    expect(twice.status).toBe(409)
    expect(twice.body.code).toBe('CONFLICT')
  })
})
