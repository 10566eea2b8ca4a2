/**
 * The invoices of the PostgreSQL benches: `count` issued invoices (one line each) spread over the 50 bench
 * shops and the last two years, added to the shared bench orders database; and drafts to issue.
 */
import pg from 'pg'

const log = (s: string) => console.log(`  ${s}`)
const countries = [
  ['Czech', 'CZK'],
  ['Slovakia', 'EUR'],
  ['Romania', 'RON'],
  ['Bulgaria', 'EUR'],
  ['Greece', 'EUR'],
] as const

const supplier = `'{"name":"Bench Shop","vatPayer":true,"address":{"country":"Czech","city":"Brno","street":"Údolní","streetNr":"53","postcode":"60200"},"contacts":[],"bankaccounts":[{"addressCountry":"Czech","bankname":"Bank","currency":"CZK","accountNr":"19-2000145399","bankCode":"0800","IBAN":"CZ6508000000192000145399","SWIFT":""}],"companyids":[{"country":"Czech","coid":"27082440","taxid":"CZ27082440"}]}'::jsonb`
const customer = (g: string) =>
  `jsonb_build_object('firstName', 'Jana', 'lastName', 'Nováková ' || ${g}, 'companyName', '', 'street', 'Hlavní', 'streetNr', '1', 'postcode', '11000', 'city', 'Praha', 'country', 'Czech', 'taxId', '', 'companyId', '', 'email', '', 'phone', '')`
const shipTo = `'{"name":"Jana Nováková","street":"Hlavní","streetNr":"1","postcode":"11000","city":"Praha","country":"Czech"}'::jsonb`

const countryCase = (g: string, i: 0 | 1) =>
  `(case ${g} % 5 ${countries.map((c, n) => `when ${n} then '${c[i]}'`).join(' ')} end)`

/** `count` issued bench invoices (reused when there are as many; the indexes are rebuilt after a load). */
export async function seedBenchInvoices(url: string, count: number): Promise<number | null> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const q = (sql: string) => client.query(sql)
  try {
    const { rows } = await q(`select count(*)::int as n from invoices where order_nr like 'BI-%'`)
    if (rows[0].n === count) return null
    const started = performance.now()
    await q(`delete from invoice_items where invoice_id in (select id from invoices where order_nr like 'B%-%');
             alter table invoices disable trigger invoices_guard_issued;
             delete from invoices where order_nr like 'B%-%';
             alter table invoices enable trigger invoices_guard_issued;`)
    const { rows: indexes } = await q(
      `select indexname, indexdef from pg_indexes where tablename in ('invoices', 'invoice_items')
       and indexname not like '%pkey' and indexname <> 'invoices_number_key'`,
    )
    for (const i of indexes) await q(`drop index ${i.indexname}`)
    await q(`alter table invoice_items disable trigger invoice_items_guard_issued;
             create temporary table bench_shops as
               select (row_number() over (order by name)) % 50 as n, id from business_clients where name like 'Bench Shop %'`)
    const step = 100_000
    for (let from = 1; from <= count; from += step) {
      const to = Math.min(count, from + step - 1)
      await q(`
        with made as (
          insert into invoices (id, kind, businessclient_id, order_nr, sequence_number, country, currency,
            variable_symbol, payment_type, netto_total, vat_total, brutto_total, issued_date, tax_date, due_date,
            supplier, customer, ship_to, issued_at, created_at, updated_at)
          select gen_random_uuid(), 'invoice', s.id, 'BI-' || g, 'BI' || lpad(g::text, 10, '0'),
                 ${countryCase('g', 0)}, ${countryCase('g', 1)}, lpad(g::text, 10, '0'),
                 case when g % 3 = 0 then 'COD' else 'Bank transfer' end, 100 + g % 50, 21, 121 + g % 50,
                 d, d, d + 14, ${supplier}, ${customer('g')}, ${shipTo}, d, d, d
          from generate_series(${from}, ${to}) g
          join bench_shops s on s.n = g % 50
          cross join lateral (select (current_date - (g % 730))::date as d) x
          returning id, netto_total)
        insert into invoice_items (id, invoice_id, position, name, sku, quantity, netto_price, vat_percent, price,
                                   vat_amount, netto_total, brutto_total)
        select gen_random_uuid(), id, 1, 'Bench item', 'BENCH-SKU', 1, netto_total, 21,
               round(netto_total * 1.21, 2), round(netto_total * 0.21, 2), netto_total, round(netto_total * 1.21, 2)
        from made`)
      log(`invoices: ${to.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)`)
    }
    for (const i of indexes) await q(String(i.indexdef))
    await q('alter table invoice_items enable trigger invoice_items_guard_issued')
    await q('vacuum analyze invoices, invoice_items')
    return (performance.now() - started) / 1000
  } finally {
    await client.end()
  }
}

/**
 * `count` drafts (Czech customers, one line each), spread over the first `shops` bench shops: what the
 * issuing bench issues. Answers their ids.
 */
export async function benchDrafts(url: string, count: number, shops: number, tag: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    // An earlier run's drafts, issued by then: removed (the guards would refuse it, so they step aside).
    await client.query(`
      alter table invoices disable trigger invoices_guard_issued;
      alter table invoice_items disable trigger invoice_items_guard_issued;
      delete from invoice_items where invoice_id in (select id from invoices where order_nr like '${tag}-%');
      delete from invoices where order_nr like '${tag}-%';
      alter table invoices enable trigger invoices_guard_issued;
      alter table invoice_items enable trigger invoice_items_guard_issued;`)
    const { rows } = await client.query(`
      with shops as (select (row_number() over (order by name)) - 1 as n, id from business_clients
                     where name like 'Bench Shop %' order by name limit ${shops}),
      made as (
        insert into invoices (id, kind, businessclient_id, order_nr, country, currency, payment_type, netto_total,
          vat_total, brutto_total, issued_date, tax_date, due_date, supplier, customer, ship_to)
        select gen_random_uuid(), 'invoice', s.id, '${tag}-' || g, 'Czech', 'CZK', 'COD', 100, 21, 121,
               current_date, current_date, current_date + 14, ${supplier}, ${customer('g')}, ${shipTo}
        from generate_series(1, ${count}) g join shops s on s.n = g % ${shops}
        returning id)
      , lines as (
        insert into invoice_items (id, invoice_id, position, name, sku, quantity, netto_price, vat_percent, price,
                                   vat_amount, netto_total, brutto_total)
        select gen_random_uuid(), id, 1, 'Bench item', 'BENCH-SKU', 1, 100, 21, 121, 21, 100, 121 from made)
      select id from made`)
    return rows.map((r) => String(r.id))
  } finally {
    await client.end()
  }
}
