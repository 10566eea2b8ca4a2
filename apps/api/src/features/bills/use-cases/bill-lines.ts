import { documentTotals, lineAmounts, moneyText, scaledText, toScaled } from '@expedo/domain'
import { documentTerms } from '../../../platform/documents/labels.ts'
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

/**
 * Where a bill item's stored English name differs from the document catalogue's English name: items were
 * stored under it before the catalogue named the service otherwise, and a stored description never changes
 * (the PDF still prints the catalogue's name for it, tax-document.ts `billItemName`).
 */
export const storedServiceNames: Readonly<Record<string, string>> = { fulfilment: 'Fulfilment' }

/**
 * The English name of a service on a bill item, as the run stores it in the item's description (screens
 * translate the code; the PDF prints the document language's name): the document catalogue's English names
 * (labels.ts `documentTerms.en.services`, the one list of service names), but for the stored ones above.
 */
export const serviceLabel: Readonly<Record<string, string>> = {
  ...documentTerms.en.services,
  ...storedServiceNames,
}
