import {
  cents,
  documentTotals,
  type LineInput,
  lineAmounts,
  moneyText,
  nettoFromBrutto,
} from '@expedo/domain'
import type { InvoiceItemInsert, InvoiceItemRow } from '../invoices.repository.ts'

export type NewLine = LineInput & { name: string; sku: string; sourceItemId?: string | null }

const isGross = (line: LineInput) => line.grossTotal !== undefined && line.grossTotal !== null

/**
 * A line as stored: its amounts from the domain's decimal rules, rounded once per line. A gross-priced line
 * (an order's) keeps its gross total and is marked so, so its credit notes and the totals keep the method;
 * its unit price without VAT is the unit gross price less VAT.
 */
export function storedLine(line: NewLine, position: number): Omit<InvoiceItemInsert, 'invoiceId'> {
  const a = lineAmounts(line)
  const gross = isGross(line)
  return {
    position,
    name: line.name,
    sku: line.sku,
    quantity: String(line.quantity),
    nettoPrice: gross
      ? moneyText(nettoFromBrutto(moneyText(a.price), line.vatPercent))
      : moneyText(cents(line.nettoPrice)),
    vatPercent: String(line.vatPercent),
    price: moneyText(a.price),
    vatAmount: moneyText(a.vatAmount),
    nettoTotal: moneyText(a.nettoTotal),
    bruttoTotal: moneyText(a.bruttoTotal),
    grossPriced: gross,
    sourceItemId: line.sourceItemId ?? null,
  }
}

/** A stored line as the domain's totals take it (a gross-priced line by its gross total). */
export const lineInputOf = (
  i: Pick<InvoiceItemRow, 'quantity' | 'nettoPrice' | 'vatPercent' | 'bruttoTotal'> & {
    grossPriced?: boolean | null
  },
): LineInput => ({
  quantity: i.quantity,
  nettoPrice: i.nettoPrice,
  vatPercent: i.vatPercent,
  grossTotal: i.grossPriced ? i.bruttoTotal : null,
})

/** Document totals from its stored lines. */
export function totalsOf(
  items: (Pick<InvoiceItemRow, 'quantity' | 'nettoPrice' | 'vatPercent' | 'bruttoTotal'> & {
    grossPriced?: boolean | null
  })[],
) {
  const t = documentTotals(items.map(lineInputOf))
  return { nettoTotal: moneyText(t.netto), vatTotal: moneyText(t.vat), bruttoTotal: moneyText(t.brutto) }
}
