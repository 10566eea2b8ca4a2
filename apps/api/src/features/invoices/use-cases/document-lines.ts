import { cents, documentTotals, type LineInput, lineAmounts, moneyText } from '@expedo/domain'
import type { InvoiceItemInsert, InvoiceItemRow } from '../invoices.repository.ts'

export type NewLine = LineInput & { name: string; sku: string; sourceItemId?: string | null }

/** A line as stored: its amounts from the domain's decimal rules, rounded once per line. */
export function storedLine(line: NewLine, position: number): Omit<InvoiceItemInsert, 'invoiceId'> {
  const a = lineAmounts(line)
  return {
    position,
    name: line.name,
    sku: line.sku,
    quantity: String(line.quantity),
    nettoPrice: moneyText(cents(line.nettoPrice)),
    vatPercent: String(line.vatPercent),
    price: moneyText(a.price),
    vatAmount: moneyText(a.vatAmount),
    nettoTotal: moneyText(a.nettoTotal),
    bruttoTotal: moneyText(a.bruttoTotal),
    sourceItemId: line.sourceItemId ?? null,
  }
}

/** Document totals from its stored lines. */
export function totalsOf(items: Pick<InvoiceItemRow, 'quantity' | 'nettoPrice' | 'vatPercent'>[]) {
  const t = documentTotals(
    items.map((i) => ({ quantity: i.quantity, nettoPrice: i.nettoPrice, vatPercent: i.vatPercent })),
  )
  return { nettoTotal: moneyText(t.netto), vatTotal: moneyText(t.vat), bruttoTotal: moneyText(t.brutto) }
}
