import {
  addDays,
  BILL_DUE_DAYS,
  type BillCreditNoteBody,
  cents,
  convert,
  defaultBillSeriesOf,
  moneyText,
  vatStatementCurrency,
} from '@expedo/domain'
import type { Tx } from '../../../platform/db/database.ts'
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../../platform/db/errors.ts'
import { continuedSeriesValue, ensureSeries, isYearless } from '../../../platform/db/number-series.ts'
import { exchangeRateOn } from '../../../platform/db/tax-rates.ts'
import { assertLegalContent } from '../../../platform/documents/legal-content.ts'
import { AppError } from '../../../platform/http/app-error.ts'
import { issuerBlock, toBill } from '../bills.mapper.ts'
import { type BillRow, createBillsRepository } from '../bills.repository.ts'
import { createIssuersRepository } from '../issuers.repository.ts'
import { billTotals, itemAmounts } from './bill-lines.ts'
import { billVat } from './bill-vat.ts'
import { billTaxDocument } from './tax-document.ts'

export const billLocked = () =>
  new AppError('DOCUMENT_ISSUED', 'The bill is locked: it cannot change (issue a credit note to correct it)')

/**
 * The issuer's series of a kind, country and year (made on first use; Bulgaria numbers in 10 digits, its bills
 * and bill credit notes from one series).
 */
async function seriesOf(tx: Tx, row: BillRow, year: number): Promise<string> {
  const { documentType, country, prefix, format } = defaultBillSeriesOf(
    row.kind === 'billcreditnote' ? 'billcreditnote' : 'bill',
    row.country,
  )
  const key = { owner: { issuerId: row.issuerId }, documentType, country, year, prefix }
  const nextValue = isYearless(format) ? await continuedSeriesValue(tx, key, format) : 1
  return ensureSeries(tx, key, { format, nextValue })
}

/**
 * Locks (approves) a bill in the caller's transaction (FINANCE.md "Numbering"): issued today, due in 14
 * days, the issuer's and client's blocks as they are now, the totals from the items, the exchange rate of a
 * foreign-currency bill of a CZ/RO issuer, and LAST the number of the issuer's series. Answers the number. A
 * bill that lacks what its issuer country's law requires is refused (409 LEGAL_CONTENT_MISSING) before the
 * series is touched; a credit note copies its locked bill's parties.
 */
export async function issueBill(tx: Tx, row: BillRow, today: string): Promise<string> {
  if (row.locked) throw billLocked()
  const repo = createBillsRepository(tx)
  const items = await repo.items(row.id)
  if (!items.length) throw new AppError('CONFLICT', 'A bill without items cannot be locked')
  const issuer = await createIssuersRepository(tx).get(row.issuerId)
  // A bill's services were supplied in its period: the tax date is the period's end (never after issue).
  const taxDate = row.kind === 'bill' && row.periodEnd < today ? row.periodEnd : today
  // The place of supply as the client's profile is now (a VAT number added since the run): the items take
  // its rates, the client block the VAT number it rests on. A credit note keeps its bill's.
  const vat =
    issuer && row.kind === 'bill' ? await billVat(tx, issuer, row.businessclientId, taxDate) : undefined
  const client = vat?.client ?? (await repo.clientBlock(row.businessclientId, row.country))
  // Only a changed treatment re-rates the items: finance's own rate on an item of an unchanged bill stays.
  if (vat && vat.treatment !== row.vatTreatment) {
    for (const item of items) {
      const rate = vat.rateOf(item.serviceType ?? '')
      if (Number(item.vatPercent) === Number(rate)) continue
      const amounts = itemAmounts({ quantity: item.quantity, nettoPrice: item.nettoPrice, vatPercent: rate })
      await repo.updateItem(item.id, amounts)
      Object.assign(item, amounts)
    }
  }
  const totals = billTotals(items)
  const target = vatStatementCurrency(row.country)
  let exchange = {}
  if (target && target !== row.currency) {
    const found = await exchangeRateOn(tx, row.currency, target, taxDate)
    if (!found)
      throw new AppError(
        'CONFLICT',
        `No exchange rate of ${row.currency} in ${target} on or before ${taxDate}: add one, then lock`,
      )
    exchange = {
      exchangeCurrency: target,
      exchangeRate: found.rate,
      exchangeDate: found.day,
      exchangeVat: moneyText(convert(cents(totals.vatTotal), found.rate)),
    }
  }
  const changes = {
    ...totals,
    ...exchange,
    issuedDate: today,
    taxDate,
    dueDate: addDays(today, BILL_DUE_DAYS),
    ...(issuer ? { issuer: issuerBlock(issuer) } : {}),
    ...(client && row.kind === 'bill' ? { client } : {}),
    ...(vat ? { vatTreatment: vat.treatment } : {}),
  }
  await repo.update(row.id, changes)
  const what = row.kind === 'bill' ? 'The bill' : 'The credit note'
  // The bill as it is being locked, from what is in hand (its credit note and original are not checked).
  const locking = { row: { ...row, ...changes }, items, creditNote: null, original: null }
  const doc = billTaxDocument(toBill(locking, today), locking.row.issuer)
  if (row.kind === 'bill') assertLegalContent(doc, what)
  const seriesId = await seriesOf(tx, row, Number(today.slice(0, 4)))
  try {
    const number = await repo.takeNumber(row.id, seriesId)
    // The series' format decides the number's shape (Bulgaria: 10 digits); a wrong one rolls the number back.
    assertLegalContent({ ...doc, number }, what, 'number')
    return number
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw new AppError('CONFLICT', 'That number is already issued: check the issuer’s series')
    throw error
  }
}

/**
 * The credit note of a locked bill: its items negated, with its reason (required, printed: ZDPH § 45(1),
 * the body schema the invoice's credit note shares), issued (numbered) at once. A bill credited already
 * answers 409, as an invoice credited in full does. Answers its id.
 */
export async function creditBill(
  tx: Tx,
  row: BillRow,
  body: BillCreditNoteBody,
  today: string,
): Promise<string> {
  if (row.kind !== 'bill') throw new AppError('CONFLICT', 'A credit note cannot be credited')
  if (!row.locked) throw new AppError('CONFLICT', 'An unlocked bill is edited, not credited')
  const repo = createBillsRepository(tx)
  if (await repo.hasCreditNote(row.id)) throw new AppError('CONFLICT', 'The bill has a credit note already')
  const items = await repo.items(row.id)
  const note = await repo.insert({
    kind: 'billcreditnote',
    businessclientId: row.businessclientId,
    issuerId: row.issuerId,
    billId: row.id,
    country: row.country,
    currency: row.currency,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    client: row.client,
    issuer: row.issuer,
    vatTreatment: row.vatTreatment,
    reason: body.reason,
  })
  const negate = (v: string) =>
    v.startsWith('-') ? v.slice(1) : v === '0' || /^0(\.0+)?$/.test(v) ? v : `-${v}`
  await repo.insertItems(
    items.map((i) => ({
      billId: note.id,
      position: i.position,
      description: i.description,
      serviceType: i.serviceType,
      quantity: negate(i.quantity),
      nettoPrice: i.nettoPrice,
      vatPercent: i.vatPercent,
      nettoTotal: negate(i.nettoTotal),
      vatAmount: negate(i.vatAmount),
      bruttoTotal: negate(i.bruttoTotal),
      productName: i.productName,
      sourceItemId: i.id,
    })),
  )
  await issueBill(tx, note, today)
  return note.id
}
