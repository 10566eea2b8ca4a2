import { CurrencyCode, encode as encodeBysquare, PaymentOptions } from 'bysquare/pay'
import QRCode from 'qrcode'
import epcQr from 'sepa-payment-qr-code'
import spayd from 'spayd'
import { isPositive, toFixed2 } from './format.ts'
import type { DocumentBankAccount, TaxDocument } from './tax-document.ts'

/**
 * The payment QR code of an invoice or bill (FINANCE.md "Payment QR"): QR Platba (SPAYD) for CZK,
 * PAY by square for a Slovak supplier's EUR, EPC/GiroCode for other EUR. Error-correction level M,
 * which SPAYD and EPC both ask for.
 */
export type PaymentQrKind = 'spayd' | 'bysquare' | 'epc'

export interface PaymentQr {
  kind: PaymentQrKind
  payload: string
}

/** The scheme's name, printed under the code. */
export const paymentQrNames: Record<PaymentQrKind, string> = {
  spayd: 'QR Platba',
  bysquare: 'PAY by square',
  epc: 'EPC QR (GiroCode)',
}

const ERROR_CORRECTION = 'M'

/** The first account in the document's currency that has an IBAN (every scheme needs one). */
function accountFor(doc: TaxDocument): DocumentBankAccount | undefined {
  const currency = doc.currency.toUpperCase()
  return doc.bankAccounts.find((a) => a.currency.toUpperCase() === currency && a.iban.trim())
}

/** Banking apps choke on diacritics and on the SPAYD field separator. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[*\n\r]/g, ' ')
    .trim()

const compactIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase()
const variableSymbol = (doc: TaxDocument) => (/^\d{1,10}$/.test(doc.variableSymbol) ? doc.variableSymbol : '')

/**
 * The QR payload, or null when the document must not carry one: a draft (no number), a credit note,
 * a document paid before issue, a non-positive total, a currency without a scheme, or no account in the currency with an IBAN.
 */
export function paymentQrPayload(doc: TaxDocument): PaymentQr | null {
  if (doc.number === null) return null
  if (doc.kind === 'creditnote' || doc.kind === 'billcreditnote') return null
  // Paid before issue (COD, online): nothing to pay, no code that asks for it again.
  if (doc.paid) return null
  if (!isPositive(doc.totals.brutto)) return null
  const account = accountFor(doc)
  if (!account) return null
  const currency = doc.currency.toUpperCase()
  if (currency === 'CZK') return { kind: 'spayd', payload: spaydPayload(doc, account) }
  if (currency !== 'EUR') return null
  if (doc.supplier.countryCode.toUpperCase() === 'SK') {
    return { kind: 'bysquare', payload: bysquarePayload(doc, account) }
  }
  return { kind: 'epc', payload: epcPayload(doc, account) }
}

function spaydPayload(doc: TaxDocument, account: DocumentBankAccount): string {
  const [y, m, d] = doc.dueDate.split('-').map(Number)
  const vs = variableSymbol(doc)
  return spayd({
    acc: compactIban(account.iban),
    am: toFixed2(doc.totals.brutto),
    cc: 'CZK',
    ...(vs ? { xvs: vs } : {}),
    ...(y && m && d ? { dt: new Date(y, m - 1, d) } : {}),
    msg: plain(doc.number ?? '').slice(0, 60),
    rn: plain(doc.supplier.name).slice(0, 35),
  })
}

function bysquarePayload(doc: TaxDocument, account: DocumentBankAccount): string {
  const vs = variableSymbol(doc)
  return encodeBysquare({
    payments: [
      {
        type: PaymentOptions.PaymentOrder,
        amount: Number(toFixed2(doc.totals.brutto)),
        currencyCode: CurrencyCode.EUR,
        ...(vs ? { variableSymbol: vs } : {}),
        ...(doc.dueDate ? { paymentDueDate: doc.dueDate.replaceAll('-', '') } : {}),
        paymentNote: plain(doc.number ?? '').slice(0, 140),
        beneficiary: { name: plain(doc.supplier.name).slice(0, 70) },
        bankAccounts: [
          { iban: compactIban(account.iban), ...(account.swift.trim() ? { bic: account.swift.trim() } : {}) },
        ],
      },
    ],
  })
}

function epcPayload(doc: TaxDocument, account: DocumentBankAccount): string {
  const vs = variableSymbol(doc)
  return epcQr({
    name: plain(doc.supplier.name).slice(0, 70),
    iban: compactIban(account.iban),
    ...(account.swift.trim() ? { bic: account.swift.trim() } : {}),
    amount: Number(toFixed2(doc.totals.brutto)),
    unstructuredReference: plain(`${doc.number}${vs ? ` VS ${vs}` : ''}`).slice(0, 140),
  })
}

/** The QR's modules (size × size, true = dark), for drawing it as vector squares. */
export function paymentQrMatrix(payload: string): {
  size: number
  isDark(row: number, col: number): boolean
} {
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: ERROR_CORRECTION })
  return { size: modules.size, isDark: (row, col) => Boolean(modules.get(row, col)) }
}

/** The QR as a PNG image (e-mails, previews): `scale` pixels per module, with the standard 4-module margin. */
export function paymentQrPng(payload: string, scale = 4): Promise<Buffer> {
  return QRCode.toBuffer(payload, { errorCorrectionLevel: ERROR_CORRECTION, scale, margin: 4, type: 'png' })
}
