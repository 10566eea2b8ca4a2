import { type CreditNoteBody, cents, grossShare, moneyText, scaledText, toScaled } from '@expedo/domain'
import type { Tx } from '../../../platform/db/database.ts'
import { AppError, invalid } from '../../../platform/http/app-error.ts'
import { createInvoicesRepository, type InvoiceRow } from '../invoices.repository.ts'
import { type NewLine, storedLine, totalsOf } from './document-lines.ts'
import { issueDocument } from './issue-document.ts'

const qty = (v: string | number) => toScaled(v, 3)

/**
 * A credit note of a locked, issued invoice (FINANCE.md "Numbering": a correction is a credit note with its own
 * series, referencing the invoice): the named lines and quantities, or all that is left; never more than is
 * left to credit on a line. Its lines are the invoice's with negative quantities, so reports net them out;
 * a gross-priced line is credited by its share of the line's gross total, so the notes of a line add up to
 * it exactly. A line credited in full already answers 409 (the state, not the request, is the problem).
 * The reason is required (ZDPH § 45(1)) and printed. Issued at once; the invoice is marked fully credited
 * when nothing is left. Answers the credit note's id.
 */
export async function creditInvoice(
  tx: Tx,
  invoice: InvoiceRow,
  body: CreditNoteBody,
  today: string,
): Promise<string> {
  if (invoice.kind !== 'invoice') throw new AppError('CONFLICT', 'Only an invoice can be credited')
  if (invoice.sequenceNumber === null)
    throw new AppError('CONFLICT', 'A draft is not credited: change or remove its items instead')
  const repo = createInvoicesRepository(tx)
  const items = await repo.items(invoice.id)
  const credited = await repo.creditedQuantities(invoice.id)
  const left = new Map(items.map((i) => [i.id, qty(i.quantity) - qty(credited.get(i.id) ?? '0')]))

  const wanted: { itemId: string; quantity: bigint }[] = body.items
    ? body.items.map((w, n) => {
        const remaining = left.get(w.itemId)
        if (remaining === undefined) throw invalid(`items.${n}.itemId`, 'is not a line of this invoice')
        if (body.items!.findIndex((other) => other.itemId === w.itemId) !== n)
          throw invalid(`items.${n}.itemId`, 'names a line named before')
        const q = qty(w.quantity)
        if (remaining <= 0n) {
          const name = items.find((i) => i.id === w.itemId)?.name ?? ''
          throw new AppError('CONFLICT', `The line “${name}” is credited in full already`)
        }
        if (q > remaining)
          throw invalid(
            `items.${n}.quantity`,
            `must be at most ${scaledText(remaining, 3).replace(/\.?0+$/, '')}`,
          )
        return { itemId: w.itemId, quantity: q }
      })
    : [...left.entries()].filter(([, q]) => q > 0n).map(([itemId, quantity]) => ({ itemId, quantity }))
  if (!wanted.length) throw new AppError('CONFLICT', 'The invoice is credited in full')

  const byId = new Map(items.map((i) => [i.id, i]))
  const lines: NewLine[] = wanted.map((w) => {
    const source = byId.get(w.itemId)!
    const whole = qty(source.quantity)
    const before = whole - left.get(w.itemId)!
    return {
      name: source.name,
      sku: source.sku,
      quantity: scaledText(-w.quantity, 3),
      nettoPrice: source.nettoPrice,
      vatPercent: source.vatPercent,
      grossTotal: source.grossPriced
        ? moneyText(-grossShare(cents(source.bruttoTotal), whole, before, w.quantity))
        : null,
      sourceItemId: source.id,
    }
  })
  const stored = lines.map((l, n) => storedLine(l, n + 1))
  const note = await repo.insert(
    {
      kind: 'creditnote',
      businessclientId: invoice.businessclientId,
      orderId: invoice.orderId,
      orderNr: invoice.orderNr,
      invoiceId: invoice.id,
      country: invoice.country,
      currency: invoice.currency,
      paymentType: invoice.paymentType,
      issuedDate: today,
      taxDate: today,
      dueDate: today,
      supplier: invoice.supplier,
      customer: invoice.customer,
      shipTo: invoice.shipTo,
      reason: body.reason,
      // A correction keeps its invoice's VAT treatment (and wording).
      vatTreatment: invoice.vatTreatment,
      ...totalsOf(stored),
    },
    stored,
  )
  for (const w of wanted) left.set(w.itemId, left.get(w.itemId)! - w.quantity)
  if ([...left.values()].every((q) => q <= 0n)) await repo.update(invoice.id, { creditedFully: true })
  await issueDocument(tx, note)
  return note.id
}
