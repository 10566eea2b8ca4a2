import { decode as decodeBysquare } from 'bysquare/pay'
import { describe, expect, it } from 'vitest'
import { paymentQrPayload, paymentQrPng } from './payment-qr.ts'
import { readQrFromPng } from './qr-reader.ts'
import {
  bulgarianInvoice,
  czechCreditNote,
  czechInvoice,
  romanianInvoice,
  slovakInvoice,
} from './test-documents.ts'

/** SPAYD's KEY:value fields. */
function spaydFields(payload: string): Record<string, string> {
  const [header, version, ...fields] = payload.split('*')
  expect(`${header}*${version}`).toBe('SPD*1.0')
  return Object.fromEntries(fields.map((f) => [f.slice(0, f.indexOf(':')), f.slice(f.indexOf(':') + 1)]))
}

describe('paymentQrPayload', () => {
  it('writes QR Platba (SPAYD) for a CZK invoice', () => {
    const doc = czechInvoice()
    const qr = paymentQrPayload(doc)
    expect(qr?.kind).toBe('spayd')
    const fields = spaydFields(qr!.payload)
    expect(fields).toMatchObject({
      ACC: 'CZ6508000000192000145399',
      AM: doc.totals.brutto,
      CC: 'CZK',
      'X-VS': '2026000123',
      DT: '20260319',
      MSG: 'FV2026000123',
    })
    expect(fields.RN).toBe('ZLUTOUCKY KUN S.R.O.')
  })

  it('writes PAY by square for a Slovak supplier in EUR that decodes back', () => {
    const doc = slovakInvoice()
    const qr = paymentQrPayload(doc)
    expect(qr?.kind).toBe('bysquare')
    const model = decodeBysquare(qr!.payload)
    const payment = model.payments[0]!
    expect(payment.amount).toBe(Number(doc.totals.brutto))
    expect(payment.currencyCode).toBe('EUR')
    expect(payment.variableSymbol).toBe('2026000045')
    expect(payment.paymentDueDate).toBe('20260319')
    expect(payment.bankAccounts[0]!.iban).toBe('SK3112000000198742637541')
  })

  it('writes an EPC QR for other EUR invoices', () => {
    const doc = bulgarianInvoice()
    const qr = paymentQrPayload(doc)
    expect(qr?.kind).toBe('epc')
    const lines = qr!.payload.split('\n')
    expect(lines.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT'])
    expect(lines[4]).toBe('BNBGBGSF')
    expect(lines[6]).toBe('BG80BNBG96611020345678')
    expect(lines[7]).toBe(`EUR${doc.totals.brutto}`)
    expect(lines[10]).toBe('0000000123 VS 123')
  })

  it('gives no QR for drafts, credit notes, non-positive totals, other currencies or no usable account', () => {
    expect(paymentQrPayload(czechInvoice({ number: null }))).toBeNull()
    expect(paymentQrPayload(czechCreditNote())).toBeNull()
    const zero = czechInvoice()
    expect(paymentQrPayload({ ...zero, totals: { ...zero.totals, brutto: '0.00' } })).toBeNull()
    expect(paymentQrPayload(romanianInvoice())).toBeNull()
    expect(paymentQrPayload(czechInvoice({ currency: 'EUR' }))).toBeNull()
    const noIban = czechInvoice()
    expect(
      paymentQrPayload({ ...noIban, bankAccounts: [{ ...noIban.bankAccounts[0]!, iban: '' }] }),
    ).toBeNull()
  })
})

describe('the QR image', () => {
  it('decodes back to the payload (error-correction level M)', async () => {
    for (const doc of [czechInvoice(), slovakInvoice(), bulgarianInvoice()]) {
      const { payload } = paymentQrPayload(doc)!
      expect(readQrFromPng(await paymentQrPng(payload))).toBe(payload)
    }
  })
})
