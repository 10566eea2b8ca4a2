import type { DocumentLine, TaxDocument, VatRecapRow } from './tax-document.ts'

/** Test lines and totals computed in integer cents, the way the invoicing feature rounds (per line). */

/** Cents of a decimal string with at most two places. */
const cents = (v: string) => {
  const [i = '0', f = ''] = v.replace('-', '').split('.')
  const c = BigInt(i) * 100n + BigInt(`${f}00`.slice(0, 2))
  return v.startsWith('-') ? -c : c
}
const money = (c: bigint) => {
  const s = (c < 0n ? -c : c).toString().padStart(3, '0')
  return `${c < 0n ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`
}

/** n × rate / 100, rounded half away from zero. */
const percentOf = (n: bigint, rate: number) => {
  const r = (n < 0n ? -n : n) * BigInt(rate)
  const q = (r + 50n) / 100n
  return n < 0n ? -q : q
}

/** A line from the unit price without VAT, quantity and rate; VAT rounded per line (FINANCE.md). */
export function testLine(name: string, sku: string, quantity: number, netto: string, vatPercent: number) {
  const nettoTotal = cents(netto) * BigInt(quantity)
  const vat = percentOf(nettoTotal, vatPercent)
  const unitVat = percentOf(cents(netto), vatPercent)
  return {
    name,
    sku,
    quantity: String(quantity),
    nettoPrice: netto,
    price: money(cents(netto) + unitVat),
    vatPercent: String(vatPercent),
    vatAmount: money(vat),
    nettoTotal: money(nettoTotal),
    bruttoTotal: money(nettoTotal + vat),
  } satisfies DocumentLine
}

/** Recomputes the VAT recapitulation and the totals from the lines. */
export function withTotals(doc: TaxDocument): TaxDocument {
  const rates = new Map<string, { base: bigint; vat: bigint }>()
  for (const l of doc.lines) {
    const r = rates.get(l.vatPercent) ?? { base: 0n, vat: 0n }
    r.base += cents(l.nettoTotal)
    r.vat += cents(l.vatAmount)
    rates.set(l.vatPercent, r)
  }
  const vatRecap: VatRecapRow[] = [...rates].map(([vatPercent, r]) => ({
    vatPercent,
    base: money(r.base),
    vat: money(r.vat),
    total: money(r.base + r.vat),
  }))
  const sum = (pick: (l: DocumentLine) => string) => money(doc.lines.reduce((a, l) => a + cents(pick(l)), 0n))
  return {
    ...doc,
    vatRecap: doc.supplierVatPayer ? vatRecap : [],
    totals: {
      netto: sum((l) => l.nettoTotal),
      vat: sum((l) => l.vatAmount),
      brutto: sum((l) => l.bruttoTotal),
    },
  }
}

/** The document with `count` generated lines (for page-break tests and benches). */
export function withLines(doc: TaxDocument, count: number): TaxDocument {
  const lines = Array.from({ length: count }, (_, i) =>
    testLine(
      `Položka č. ${i + 1} – žluťoučký kůň`,
      `SKU-${String(i + 1).padStart(5, '0')}`,
      1 + (i % 4),
      `${100 + i}.50`,
      i % 3 ? 21 : 12,
    ),
  )
  return withTotals({ ...doc, lines })
}
