import { formatDate } from './format.ts'
import {
  countryName,
  type DocumentLabels,
  documentTerms,
  documentTitle,
  fillLabel,
  paymentName,
} from './labels.ts'
import { legalRuleFor } from './legal-content.ts'
import { partyIdLines } from './party-ids.ts'
import { type Cursor, drawText, GREY, HALF, MARGIN, type Pdf, RIGHT } from './pdf-layout.ts'
import type { DocumentBankAccount, DocumentParty, TaxDocument } from './tax-document.ts'

/** The top of the first page: title, number (or PROFORMA), the parties, bank details and dates. */

export function drawHeading(cursor: Cursor, doc: TaxDocument, labels: DocumentLabels) {
  const { pdf } = cursor
  const title = documentTitle(labels, doc.kind, doc.language)
  // Bulgarian law asks for the Bulgarian document name whatever the label language.
  const legalNames = legalRuleFor(doc)?.documentName
  const legalName =
    legalNames && (doc.kind.endsWith('creditnote') ? legalNames.creditNote : legalNames.invoice)
  const heading = legalName && legalName !== title ? `${title} / ${legalName}` : title
  const left = drawText(pdf, heading, MARGIN, cursor.y, { width: HALF + 40, size: 15, bold: true })
  let right: number
  if (doc.number === null) {
    right = drawText(pdf, labels.proforma, RIGHT, cursor.y - 4, {
      width: HALF,
      size: 26,
      bold: true,
      align: 'right',
      color: '#b42318',
    })
  } else {
    right = drawText(pdf, labels.number, RIGHT, cursor.y, {
      width: HALF,
      size: 7.5,
      align: 'right',
      color: GREY,
    })
    right += drawText(pdf, doc.number, RIGHT, cursor.y + right, {
      width: HALF,
      size: 13,
      bold: true,
      align: 'right',
    })
  }
  cursor.y += Math.max(left, right) + 14
}

/** A party's address and identifiers: the country named in the document's language, ids by the party's country. */
function partyLines(p: DocumentParty, doc: TaxDocument, labels: DocumentLabels): string[] {
  return [
    p.person && p.name ? p.person : '',
    [p.street, p.streetNr].filter(Boolean).join(' '),
    [p.postcode, p.city].filter(Boolean).join(' '),
    p.country && countryName(p.countryCode, doc.language, p.country),
    ...partyIdLines(p, doc.language, labels),
  ].filter(Boolean)
}

function bankLines(doc: TaxDocument, labels: DocumentLabels): string[] {
  const own = doc.bankAccounts.filter((a) => a.currency.toUpperCase() === doc.currency.toUpperCase())
  const accounts: DocumentBankAccount[] = (own.length ? own : doc.bankAccounts).slice(0, 2)
  return accounts.flatMap((a) =>
    [
      a.bankname && `${labels.bank}: ${a.bankname}`,
      a.accountNr && `${labels.account}: ${a.accountNr}${a.bankCode ? `/${a.bankCode}` : ''}`,
      a.iban && `${labels.iban}: ${a.iban}`,
      a.swift && `${labels.swift}: ${a.swift}`,
    ].filter(Boolean),
  )
}

function dateLines(doc: TaxDocument, labels: DocumentLabels): string[] {
  const date = (d: string) => formatDate(d, doc.language)
  return [
    `${labels.issueDate}: ${date(doc.issuedDate)}`,
    doc.taxDate && `${labels.taxDate}: ${date(doc.taxDate)}`,
    // A document paid before issue asks for nothing: no due date.
    doc.dueDate && (doc.paid ? '' : `${labels.dueDate}: ${date(doc.dueDate)}`),
    doc.variableSymbol && `${labels.variableSymbol}: ${doc.variableSymbol}`,
    doc.period
      ? fillLabel(documentTerms[doc.language].period, {
          start: date(doc.period.start),
          end: date(doc.period.end),
        })
      : '',
    doc.paymentType && `${labels.payment}: ${paymentName(doc.paymentType, doc.language)}`,
    doc.orderNumber && `${labels.order}: ${doc.orderNumber}`,
  ].filter(Boolean)
}

/** A labelled block: a grey caption, a bold name, then plain lines; answers its height. */
function drawBlock(pdf: Pdf, x: number, y: number, caption: string, name: string, lines: string[]): number {
  let h = drawText(pdf, caption, x, y, { width: HALF, size: 7, color: GREY })
  h += drawText(pdf, name, x, y + h, { width: HALF, size: 10, bold: true })
  h += drawText(pdf, lines.join('\n'), x, y + h, { width: HALF })
  return h
}

export function drawParties(cursor: Cursor, doc: TaxDocument, labels: DocumentLabels) {
  const { pdf } = cursor
  const { supplier, customer, shipTo } = doc
  const supplierH = drawBlock(
    pdf,
    MARGIN,
    cursor.y,
    labels.supplier,
    supplier.name,
    partyLines(supplier, doc, labels),
  )
  const customerName = customer.name || customer.person
  const customerH = drawBlock(
    pdf,
    RIGHT,
    cursor.y,
    labels.customer,
    customerName,
    partyLines(customer, doc, labels),
  )
  cursor.y += Math.max(supplierH, customerH) + 10

  const bank = bankLines(doc, labels)
  const bankH = bank.length ? drawText(pdf, bank.join('\n'), MARGIN, cursor.y, { width: HALF }) : 0
  let rightH = 0
  if (shipTo) {
    rightH = drawBlock(
      pdf,
      RIGHT,
      cursor.y,
      labels.shipTo,
      shipTo.name || shipTo.person,
      partyLines(shipTo, doc, labels),
    )
    rightH += 6
  }
  rightH += drawText(pdf, dateLines(doc, labels).join('\n'), RIGHT, cursor.y + rightH, { width: HALF })
  cursor.y += Math.max(bankH, rightH) + 14
}
