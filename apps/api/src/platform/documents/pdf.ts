import type { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { formatDate, formatMoney, formatNumber } from './format.ts'
import { type DocumentLabels, documentLabels, documentTitle, fillLabel, vatTreatmentLine } from './labels.ts'
import { legalLines } from './legal-content.ts'
import { drawHeading, drawParties } from './pdf-header.ts'
import { newPdf, pdfBytes } from './pdf-kit.ts'
import {
  CONTENT_WIDTH,
  type Column,
  type Cursor,
  drawTable,
  drawText,
  ensureSpace,
  HALF,
  MARGIN,
  type Pdf,
  RIGHT,
  stampFooters,
  textHeight,
} from './pdf-layout.ts'
import { drawPaymentQr } from './pdf-payment-qr.ts'
import type { TaxDocument } from './tax-document.ts'

/**
 * The PDF of a tax document (FINANCE.md "Documents as files"): A4 portrait, vector, Noto Sans parsed once
 * per process, built from the document's data only (no URL or file is ever opened from it). CPU-bound
 * (tens of milliseconds): batches render in worker threads (pdf-workers.ts), not in a request handler.
 */
export async function renderTaxDocumentPdf(doc: TaxDocument): Promise<Buffer> {
  return pdfBytes(buildPdf(doc))
}

/** Writes the PDF to `out` and ends it; resolves when `out` has taken everything. */
export async function writeTaxDocumentPdf(doc: TaxDocument, out: Writable): Promise<void> {
  const pdf = buildPdf(doc)
  const written = pipeline(pdf, out)
  pdf.end()
  await written
}

function buildPdf(doc: TaxDocument): Pdf {
  const labels = documentLabels[doc.language] ?? documentLabels.en
  const pdf = newPdf({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: doc.language,
    info: {
      Title: doc.number ?? 'PROFORMA',
      Subject: documentTitle(labels, doc.kind, doc.language),
      Author: doc.supplier.name,
      CreationDate: new Date(`${doc.issuedDate}T00:00:00Z`),
    },
  })
  const cursor: Cursor = { pdf, y: MARGIN }
  drawHeading(cursor, doc, labels)
  drawParties(cursor, doc, labels)
  drawItems(cursor, doc, labels)
  drawTotals(cursor, doc, labels)
  drawNotes(cursor, doc, labels)
  drawPaymentQr(cursor, doc, labels)
  stampFooters(pdf, (page, pages) => {
    const id = doc.number ?? labels.proforma
    return `${id} · ${fillLabel(labels.pageOf, { page, pages })}`
  })
  return pdf
}

function drawItems(cursor: Cursor, doc: TaxDocument, labels: DocumentLabels) {
  const money = (v: string) => formatMoney(v, doc.language)
  const qty = (v: string) => formatNumber(v, doc.language)
  const r = 'right' as const
  if (doc.supplierVatPayer) {
    const columns: Column[] = [
      { label: labels.item, width: 170 },
      { label: labels.sku, width: 70 },
      { label: labels.quantity, width: 45, align: r },
      { label: labels.unitPrice, width: 65, align: r },
      { label: labels.vatPercent, width: 35, align: r },
      { label: labels.vat, width: 55, align: r },
      { label: labels.totalInclVat, width: CONTENT_WIDTH - 440, align: r },
    ]
    const rows = doc.lines.map((l) => [
      l.name,
      l.sku,
      qty(l.quantity),
      money(l.nettoPrice),
      `${qty(l.vatPercent)} %`,
      money(l.vatAmount),
      money(l.bruttoTotal),
    ])
    drawTable(cursor, columns, rows)
  } else {
    // A non-VAT-payer's plain invoice: no VAT columns at all.
    const columns: Column[] = [
      { label: labels.item, width: 215 },
      { label: labels.sku, width: 80 },
      { label: labels.quantity, width: 50, align: r },
      { label: labels.unitPricePlain, width: 80, align: r },
      { label: labels.total, width: CONTENT_WIDTH - 425, align: r },
    ]
    const rows = doc.lines.map((l) => [l.name, l.sku, qty(l.quantity), money(l.price), money(l.bruttoTotal)])
    drawTable(cursor, columns, rows)
  }
  cursor.y += 10
}

function drawTotals(cursor: Cursor, doc: TaxDocument, labels: DocumentLabels) {
  const money = (v: string) => `${formatMoney(v, doc.language)} ${doc.currency}`
  if (doc.supplierVatPayer && doc.vatRecap.length) {
    const captionH = textHeight(cursor.pdf, labels.vatRecap, { width: CONTENT_WIDTH, bold: true })
    ensureSpace(cursor, captionH + 40)
    cursor.y +=
      drawText(cursor.pdf, labels.vatRecap, MARGIN, cursor.y, { width: CONTENT_WIDTH, bold: true }) + 2
    const r = 'right' as const
    const columns: Column[] = [
      { label: labels.vatPercent, width: 115, align: r },
      { label: labels.base, width: 130, align: r },
      { label: labels.vat, width: 130, align: r },
      { label: labels.totalInclVat, width: CONTENT_WIDTH - 375, align: r },
    ]
    const rows = doc.vatRecap.map((v) => [
      `${formatNumber(v.vatPercent, doc.language)} %`,
      money(v.base),
      money(v.vat),
      money(v.total),
    ])
    drawTable(cursor, columns, rows)
    cursor.y += 8
  }
  const pairs: [string, string][] = doc.supplierVatPayer
    ? [
        [labels.totalExclVat, money(doc.totals.netto)],
        [labels.vat, money(doc.totals.vat)],
      ]
    : []
  // Paid before issue (COD, online): the total, what was paid and how, and nothing left to pay.
  const paid = paidLabel(doc, labels)
  if (paid) pairs.push([labels.total, money(doc.totals.brutto)], [paid, money(doc.totals.brutto)])
  ensureSpace(cursor, pairs.length * 12 + 24)
  const { pdf } = cursor
  for (const [label, value] of pairs) {
    drawText(pdf, label, RIGHT, cursor.y, { width: HALF - 110 })
    cursor.y += drawText(pdf, value, RIGHT + HALF - 110, cursor.y, { width: 110, align: 'right' })
  }
  cursor.y += 3
  drawText(pdf, labels.totalToPay, RIGHT, cursor.y + 2, { width: HALF - 130, bold: true, size: 10 })
  cursor.y += drawText(pdf, money(paid ? '0.00' : doc.totals.brutto), RIGHT + HALF - 130, cursor.y, {
    width: 130,
    bold: true,
    size: 12,
    align: 'right',
  })
  cursor.y += 12
}

/** How a document paid before issue was paid, in its language; null when the customer still pays. */
export function paidLabel(doc: TaxDocument, labels: DocumentLabels): string | null {
  if (doc.kind !== 'invoice' && doc.kind !== 'bill') return null
  if (doc.paid === 'cod') return labels.paidByCod
  if (doc.paid === 'online') return labels.paidOnline
  return null
}

function drawNotes(cursor: Cursor, doc: TaxDocument, labels: DocumentLabels) {
  const date = (d: string) => formatDate(d, doc.language)
  // A draft is not a tax document yet: it must not claim the law's wording.
  const legal = doc.number === null ? [] : legalLines(doc)
  const lines = [
    doc.exchange &&
      fillLabel(labels.vatInLocal, {
        vat: formatMoney(doc.exchange.vat, doc.language),
        local: doc.exchange.currency,
        rate: formatNumber(doc.exchange.rate, doc.language),
        currency: doc.currency,
        date: date(doc.exchange.date),
      }),
    doc.original &&
      fillLabel(labels.corrects, { number: doc.original.number, date: date(doc.original.issuedDate) }),
    // The issuer's law words a non-payer's note itself (in the document's language); else the label's.
    doc.supplierVatPayer || legal.length ? '' : labels.notVatPayer,
    // Reverse charge (art. 226(11a)) or an exempt intra-Community supply (art. 226(11)), in its language.
    vatTreatmentLine(doc.vatTreatment, doc.language, doc.supplier.countryCode),
    doc.original && doc.note ? fillLabel(labels.correctionReason, { reason: doc.note }) : doc.note,
    ...legal,
  ].filter((l): l is string => Boolean(l))
  const text = [...new Set(lines)].join('\n')
  if (!text) return
  const style = { width: CONTENT_WIDTH }
  ensureSpace(cursor, textHeight(cursor.pdf, text, style))
  cursor.y += drawText(cursor.pdf, text, MARGIN, cursor.y, style) + 12
}
