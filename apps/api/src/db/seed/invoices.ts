import {
  addDays,
  convert,
  currencyOfCountry,
  type DocumentKind,
  defaultSeriesOf,
  documentLanguageOf,
  euIsoOf,
  formatDocumentNumber,
  lineAmounts,
  moneyText,
  nettoFromBrutto,
  orderInvoiceLines,
  supplyRegistrationOf,
  variableSymbolOf,
  vatStatementCurrency,
  vatTreatmentOf,
} from '@expedo/domain'
import { sql } from 'drizzle-orm'
import { supplierOf, supplierVatOf } from '../../features/invoices/index.ts'
import type { Tx } from '../../platform/db/database.ts'
import { isYearless } from '../../platform/db/number-series.ts'
import { exchangeRates, invoiceItems, invoices, numberSeries } from '../schema/index.ts'

/** Statuses of an order that has left the warehouse: its invoice was issued when it shipped. */
const shipped = ['Shipping', 'Delivered', 'COD WAITING', 'Not shipped']
const DAY_MS = 86_400_000

/**
 * Demo invoices: every shipped order of the demo clients has its invoice, issued the day it shipped, numbered
 * 1, 2, 3 … per series in issue order (as issuing them one by one would have), in CZK, EUR and RON; every
 * 40th is credited in full a few days later. Exchange rates (EUR in CZK and in RON) for the period give the
 * foreign-currency invoices their local VAT.
 */
export async function seedInvoices(tx: Tx, clientIds: string[]): Promise<void> {
  const today = new Date().toISOString().slice(0, 10)
  await tx.insert(exchangeRates).values(demoRates(today)).onConflictDoNothing()
  const rates = (
    await tx.execute<{ country: string; rate: string; valid_from: string }>(
      sql`select country, rate::text, valid_from::text from vat_rates where kind = 'standard' order by valid_from desc`,
    )
  ).rows
  const rateOf = (country: string, day: string) =>
    rates.find((r) => r.country === country && r.valid_from <= day)?.rate ?? '0'
  const fx = (
    await tx.execute<{ currency: string; target: string; day: string; rate: string }>(
      sql`select currency, target, day::text, rate::text from exchange_rates order by day desc`,
    )
  ).rows

  for (const businessclientId of clientIds) {
    const supplier = await supplierOf(tx, businessclientId)
    const vat = await supplierVatOf(tx, businessclientId)
    const issuerCountry = supplier.address.country
    const orders = (
      await tx.execute<{
        id: string
        nr: string
        country: string
        cod: boolean
        payment: string
        shipping: string
        customer: Record<string, string | boolean>
        street: string
        street_nr: string
        postcode: string
        city: string
        phone: string
        shipped_at: string
        wh_country: string | null
      }>(sql`
      select o.id, coalesce(nullif(o.client_order_nr, ''), o.internal_numeric_id::text) as nr,
             o.ship_to_country as country, o.cod_apply as cod, o.payment_type as payment,
             o.shipping_cost::text as shipping, o.ship_to_client as customer, o.ship_to_street as street,
             o.ship_to_street_nr as street_nr, o.ship_to_postcode as postcode, o.ship_to_city as city,
             o.ship_to_phone as phone,
             (select w.country from warehouses w where w.id = o.warehouse_id) as wh_country,
             coalesce((select min(l.at) from order_change_logs l where l.order_id = o.id and l.what like '%→ Shipping%'),
                      o.updated_at)::date::text as shipped_at
      from orders o
      where o.businessclient_id = ${businessclientId} and o.status in (${sql.join(
        shipped.map((s) => sql`${s}`),
        sql`, `,
      )})
      order by shipped_at, o.id`)
    ).rows
    const items = (
      await tx.execute<{ order_id: string; name: string; sku: string; quantity: number; price: string }>(sql`
      select i.order_id, i.name, i.sku, i.quantity, i.price::text from order_items i
      join orders o on o.id = i.order_id where o.businessclient_id = ${businessclientId}
      order by i.created_at, i.id`)
    ).rows
    const itemsOf = new Map<string, typeof items>()
    for (const item of items) itemsOf.set(item.order_id, [...(itemsOf.get(item.order_id) ?? []), item])

    // A series per kind, customer country and year (one per year for all of them where the issuer's country
    // shares one numbering: Bulgaria), made when first used; its next value is set at the end. A year-less
    // format continues its numbers into the next year's series.
    const counters = new Map<string, { id: string; next: number }>()
    const numberFor: NumberFor = async (kind, customerCountry, day) => {
      const { documentType, country, prefix, format } = defaultSeriesOf(kind, customerCountry, issuerCountry)
      const year = Number(day.slice(0, 4))
      const key = `${documentType}|${country}|${year}|${prefix}`
      let counter = counters.get(key)
      if (!counter) {
        const before = counters.get(`${documentType}|${country}|${year - 1}|${prefix}`)
        const first = isYearless(format) && before ? before.next : 1
        const [made] = await tx
          .insert(numberSeries)
          .values({
            businessclientId,
            documentType,
            country,
            year,
            prefix,
            format,
            nextValue: first,
            firstValue: first,
          })
          .returning({ id: numberSeries.id })
        counter = { id: made!.id, next: first }
        counters.set(key, counter)
      }
      return { seriesId: counter.id, number: formatDocumentNumber(format, prefix, year, counter.next++) }
    }

    // Credit notes wait for their day: numbers follow the issue dates also where invoices and credit notes
    // share one numbering (Bulgaria).
    const pendingNotes: { day: string; write: () => Promise<void> }[] = []
    const writeNotesUntil = async (day: string | null) => {
      while (pendingNotes.length && (day === null || pendingNotes[0]!.day <= day))
        await pendingNotes.shift()!.write()
    }
    for (const [n, o] of orders.entries()) {
      await writeNotesUntil(o.shipped_at)
      // The VAT by the place of supply, as issuing decides it (invoice-from-order.ts): OSS to Slovak consumers,
      // exempt to VAT payers of another member state; an order the rules refuse gets no invoice.
      const supply = {
        documentType: 'invoice' as const,
        supplierCountry: vat.country,
        supplierVatPayer: vat.vatPayer,
        registrations: vat.registrations,
        dispatchCountry: o.wh_country ?? vat.country,
        destinationCountry: o.country,
        customerVatNumber: String(o.customer.taxId ?? ''),
        oss: vat.oss,
        taxDate: o.shipped_at,
      }
      const treatment = vatTreatmentOf(supply, euIsoOf(vat.country))
      if (treatment.kind === 'refuse') continue
      const rate =
        treatment.kind === 'domestic' || treatment.kind === 'oss'
          ? rateOf(treatment.country, o.shipped_at)
          : '0'
      const lines = orderInvoiceLines(
        itemsOf.get(o.id) ?? [],
        o.shipping,
        rate,
        documentLanguageOf(o.country),
      )
      if (!lines.length) continue
      const currency = currencyOfCountry(o.country)
      const c = o.customer
      // The customer's own address when the order has one (a company's seat), as issuing does.
      const own = c.street && c.city && c.country
      const header = {
        businessclientId,
        orderId: o.id,
        orderNr: o.nr,
        country: o.country,
        currency,
        paymentType: o.cod ? 'COD' : o.payment || 'Bank transfer',
        vatTreatment: treatment.kind,
        // Issued under the registration of the country the goods leave from, as issuing does.
        supplier: { ...supplier, vatRegistration: supplyRegistrationOf(supply) },
        customer: {
          firstName: String(c.firstName ?? ''),
          lastName: String(c.lastName ?? ''),
          companyName: c.isCompany ? String(c.companyName ?? '') : '',
          street: own ? String(c.street) : o.street,
          streetNr: own ? String(c.streetNr ?? '') : o.street_nr,
          postcode: own ? String(c.postcode ?? '') : o.postcode,
          city: own ? String(c.city) : o.city,
          country: own ? String(c.country) : o.country,
          taxId: String(c.taxId ?? ''),
          companyId: String(c.nr_reg_com ?? ''),
          email: String(c.email ?? ''),
          phone: o.phone || String(c.phone ?? ''),
        },
        shipTo: {
          name: `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim(),
          street: o.street,
          streetNr: o.street_nr,
          postcode: o.postcode,
          city: o.city,
          country: o.country,
        },
      }
      const invoiceId = await insertDocument(
        tx,
        'invoice',
        header,
        lines,
        o.shipped_at,
        numberFor,
        fx,
        issuerCountry,
      )
      if (n % 40 === 7) {
        const day = minDay(addDays(o.shipped_at, 4), today)
        // Credited in full: each gross line negated to the cent; the reason is printed (ZDPH § 45(1)).
        const credit = lines.map((l) => ({ ...l, quantity: -l.quantity, grossTotal: `-${l.grossTotal}` }))
        pendingNotes.push({
          day,
          write: async () => {
            await insertDocument(
              tx,
              'creditnote',
              { ...header, invoiceId, reason: creditReason[documentLanguageOf(o.country)] },
              credit,
              day,
              numberFor,
              fx,
              issuerCountry,
            )
            await tx.execute(sql`update invoices set credited_fully = true where id = ${invoiceId}`)
          },
        })
      }
    }
    await writeNotesUntil(null)
    for (const { id, next } of counters.values())
      await tx.execute(sql`update number_series set next_value = ${next} where id = ${id}`)
  }
}

type NumberFor = (
  kind: DocumentKind,
  country: string,
  day: string,
) => Promise<{ seriesId: string; number: string }>
/** A line as issuing makes it from an order (gross-priced: VAT from above). */
type Line = ReturnType<typeof orderInvoiceLines>[number]

/** The demo credit notes' reason, in the document's language (a corrective document states why). */
const creditReason: Record<ReturnType<typeof documentLanguageOf>, string> = {
  cs: 'Vrácené zboží',
  sk: 'Vrátený tovar',
  ro: 'Marfă returnată',
  bg: 'Върната стока',
  en: 'Returned goods',
}
type Fx = { currency: string; target: string; day: string; rate: string }[]

async function insertDocument(
  tx: Tx,
  kind: DocumentKind,
  header: Omit<typeof invoices.$inferInsert, 'kind' | 'issuedDate' | 'taxDate' | 'dueDate'>,
  lines: Line[],
  day: string,
  numberFor: NumberFor,
  fx: Fx,
  issuerCountry: string,
): Promise<string> {
  const amounts = lines.map((l) => ({ line: l, a: lineAmounts(l) }))
  const netto = amounts.reduce((s, x) => s + x.a.nettoTotal, 0n)
  const brutto = amounts.reduce((s, x) => s + x.a.bruttoTotal, 0n)
  const { seriesId, number } = await numberFor(kind, header.country!, day)
  const target = vatStatementCurrency(issuerCountry)
  const rate =
    target && target !== header.currency
      ? fx.find((r) => r.currency === header.currency && r.target === target && r.day <= day)
      : undefined
  const [row] = await tx
    .insert(invoices)
    .values({
      ...header,
      kind,
      seriesId,
      issuedDate: day,
      taxDate: day,
      dueDate: kind === 'invoice' ? addDays(day, 14) : day,
      nettoTotal: moneyText(netto),
      vatTotal: moneyText(brutto - netto),
      bruttoTotal: moneyText(brutto),
      variableSymbol: variableSymbolOf(number),
      ...(rate
        ? {
            exchangeCurrency: target,
            exchangeRate: rate.rate,
            exchangeDate: rate.day,
            exchangeVat: moneyText(convert(brutto - netto, rate.rate)),
          }
        : {}),
      createdAt: new Date(`${day}T12:00:00Z`),
      updatedAt: new Date(`${day}T12:00:00Z`),
    })
    .returning({ id: invoices.id })
  await tx.insert(invoiceItems).values(
    amounts.map(({ line, a }, i) => ({
      invoiceId: row!.id,
      position: i + 1,
      name: line.name,
      sku: line.sku,
      quantity: String(line.quantity),
      nettoPrice: moneyText(nettoFromBrutto(moneyText(a.price), line.vatPercent)),
      vatPercent: line.vatPercent,
      price: moneyText(a.price),
      vatAmount: moneyText(a.vatAmount),
      nettoTotal: moneyText(a.nettoTotal),
      bruttoTotal: moneyText(a.bruttoTotal),
      grossPriced: true,
    })),
  )
  // Numbered last, as issuing does (the guard triggers allow a draft to take its number).
  await tx.execute(
    sql`update invoices set sequence_number = ${number}, issued_at = ${`${day}T12:00:00Z`} where id = ${row!.id}`,
  )
  return row!.id
}

const minDay = (a: string, b: string) => (a < b ? a : b)

/** Daily EUR rates in CZK and RON for the last 120 days (demo values near the real ones). */
function demoRates(today: string) {
  const start = Date.parse(today) - 120 * DAY_MS
  return Array.from({ length: 121 }, (_, i) => {
    const day = new Date(start + i * DAY_MS).toISOString().slice(0, 10)
    const wave = Math.sin(i / 9)
    return [
      { currency: 'EUR', target: 'CZK', day, rate: (24.3 + 0.25 * wave).toFixed(3) },
      { currency: 'EUR', target: 'RON', day, rate: (4.975 + 0.02 * wave).toFixed(4) },
    ]
  }).flat()
}
