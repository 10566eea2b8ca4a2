import { documentTotals, lineAmounts, moneyText, scaledText, toScaled } from '@expedo/domain'
import type { BillItemRow } from '../bills.repository.ts'

/** An item's amounts from quantity, unit price and VAT (docs/domain.md: brutto = q × netto × (100 + VAT) / 100). */
export function itemAmounts(line: { quantity: string; nettoPrice: string; vatPercent: string }) {
  const a = lineAmounts(line)
  return {
    quantity: scaledText(toScaled(line.quantity, 3), 3),
    nettoPrice: line.nettoPrice,
    vatPercent: line.vatPercent,
    nettoTotal: moneyText(a.nettoTotal),
    vatAmount: moneyText(a.vatAmount),
    bruttoTotal: moneyText(a.bruttoTotal),
  }
}

/** A bill's totals: the sums of its rounded item totals. */
export function billTotals(items: Pick<BillItemRow, 'quantity' | 'nettoPrice' | 'vatPercent'>[]) {
  const t = documentTotals(items)
  return { nettoTotal: moneyText(t.netto), vatTotal: moneyText(t.vat), bruttoTotal: moneyText(t.brutto) }
}
