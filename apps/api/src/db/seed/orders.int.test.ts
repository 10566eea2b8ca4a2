import { readFileSync } from 'node:fs'
import path from 'node:path'
import { bankAccountProblems, czechAccountIban, orderStatuses } from '@expedo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../../../test/app.ts'
import { pdfText } from '../../../test/pdf-tools.ts'
import { DEMO_PASSWORD, seedDemo } from './demo.ts'
import { demoReadmeBlock, readmeDemoBlock } from './readme.ts'

let t: TestApp
const progress: string[] = []

beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.db, (line) => progress.push(line))
})
afterAll(() => t?.close())

const query = async (sql: string, params: unknown[] = []) => (await t.database.pool.query(sql, params)).rows

describe('demo seed: the first start', () => {
  it('tells each step as it begins, numbered, for the first start to print', () => {
    expect(progress[0]).toBe('Loading demo data 1/11: clients and catalogue…')
    expect(progress).toContain('Loading demo data 3/11: orders…')
    expect(progress.at(-1)).toBe('Loading demo data 11/11: planner statistics…')
    expect(progress).toHaveLength(11)
  })

  it("is what the README's demo data block says, counted from this database", async () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../../README.md'), 'utf8')
    const written = readmeDemoBlock(readme)
    expect(written, 'README.md has no demo-data block').toBeDefined()
    // On a difference: `npm run docs:demo -w @expedo/api` writes the block from the seed.
    expect(written).toBe(await demoReadmeBlock(t.database.pool))
  })
})

describe('demo seed: bank data a bank accepts', () => {
  const ibanOf = (a: { IBAN?: string; iban?: string; accountNr?: string; bankCode?: string }) =>
    (a.IBAN || a.iban || '').replace(/\s+/g, '').toUpperCase() ||
    (a.accountNr && a.bankCode ? czechAccountIban(a.accountNr, a.bankCode) : null)

  it('gives the provider accounts of its own, each BIC the bank of its IBAN, and no client its tax number', async () => {
    const issuers = await query('select name, taxid, bankaccounts from issuers order by country')
    expect(issuers.length).toBeGreaterThanOrEqual(3)
    const own = new Set<string>()
    for (const issuer of issuers) {
      for (const account of issuer.bankaccounts) {
        expect(bankAccountProblems(account), `${issuer.name} ${account.IBAN}`).toEqual({})
        own.add(ibanOf(account)!)
      }
    }
    const clientAccounts = await query(
      'select iban, swift, account_nr, bank_code from business_client_bank_accounts',
    )
    for (const a of clientAccounts) {
      const account = { IBAN: a.iban, SWIFT: a.swift, accountNr: a.account_nr, bankCode: a.bank_code }
      expect(bankAccountProblems(account), a.iban).toEqual({})
      expect(own.has(ibanOf(account)!), `${a.iban} is a provider's account`).toBe(false)
    }
    const refundAccounts = await query('select iban, account_nr, account_code from refunds')
    for (const r of refundAccounts)
      expect(own.has(ibanOf({ iban: r.iban, accountNr: r.account_nr, bankCode: r.account_code })!)).toBe(
        false,
      )
    const shared = await query(
      `select c.taxid from business_client_company_ids c join issuers i on upper(i.taxid) = upper(c.taxid)
       where c.taxid <> ''`,
    )
    expect(shared).toEqual([])
  })

  it('pays no COD transfer to a provider account (the debtor of its payment file)', async () => {
    const issuers = await query('select bankaccounts from issuers')
    const own = new Set(issuers.flatMap((i) => i.bankaccounts.map((a: Json) => ibanOf(a))))
    const transfers = await query('select tranffer_nr, to_bank_account from cod_transfers')
    expect(transfers.length).toBeGreaterThan(0)
    for (const tr of transfers) expect(own.has(ibanOf(tr.to_bank_account)), tr.tranffer_nr).toBe(false)
  })
})

describe('demo seed: orders', () => {
  it('gives each demo client about 1,000 orders in every status, COD and prepaid, over the last 90 days', async () => {
    const rows = await query(
      `select b.name, o.status, count(*)::int as n, bool_or(o.cod_apply) as cod, bool_or(not o.cod_apply) as prepaid,
              min(o.created_at) as oldest
       from orders o join business_clients b on b.id = o.businessclient_id group by 1, 2`,
    )
    for (const client of ['Zahradní ráj s.r.o.', 'Casa Verde Shop SRL']) {
      const own = rows.filter((r) => r.name === client)
      expect(own.map((r) => r.status).sort()).toEqual([...orderStatuses.options].sort())
      const total = own.reduce((sum, r) => sum + r.n, 0)
      expect(total).toBeGreaterThanOrEqual(900)
      expect(total).toBeLessThanOrEqual(1100)
      expect(own.some((r) => r.cod)).toBe(true)
      expect(own.some((r) => r.prepaid)).toBe(true)
      const oldest = Math.min(...own.map((r) => new Date(r.oldest).getTime()))
      expect(Date.now() - oldest).toBeGreaterThan(60 * 86_400_000)
      expect(Date.now() - oldest).toBeLessThanOrEqual(90 * 86_400_000 + 60_000)
    }
    const [delivered] = await query(`select count(*)::int as n from orders where status = 'Delivered'`)
    const [all] = await query('select count(*)::int as n from orders')
    expect(delivered.n / all.n).toBeGreaterThan(0.3)
  })

  it('holds stock exactly for the allocated orders: blocked on every card = Σ its blocks, ledger intact', async () => {
    const [cards] = await query(
      `select count(*)::int as broken from inventory_cards c
       where c.available < 0
          or c.blocked <> coalesce((select sum(quantity) from order_blocks b where b.inventory_card_id = c.id), 0)
          or c.total <> coalesce((select sum(quantity) from stock_movements m where m.inventory_card_id = c.id), 0)`,
    )
    expect(cards.broken).toBe(0)
    const holders = await query(
      `select o.status, count(distinct o.id)::int as n from order_blocks b join orders o on o.id = b.order_id
       group by 1 order by 1`,
    )
    expect(holders.map((r) => r.status)).toEqual([
      'In progress',
      'Order Ready for picking',
      'Packed',
      'Product Picking',
    ])
    // Every item of a holding order is blocked, in the order's warehouse, for its quantity.
    const [mismatch] = await query(
      `select count(*)::int as n from order_items i join orders o on o.id = i.order_id
       left join order_blocks b on b.order_item_id = i.id left join inventory_cards c on c.id = b.inventory_card_id
       where o.status in ('Order Ready for picking', 'Product Picking', 'Packed', 'In progress')
         and (b.quantity is distinct from i.quantity or c.warehouse_id is distinct from o.warehouse_id
              or c.sku is distinct from i.sku)`,
    )
    expect(mismatch.n).toBe(0)
    const [drift] = await query(
      `select count(*)::int as n from (select warehouse_id, businessclient_id, sum(available) as a, sum(blocked) as b
                                       from inventory_cards group by 1, 2) c
       join stock_totals s using (warehouse_id, businessclient_id) where s.available <> c.a or s.blocked <> c.b`,
    )
    expect(drift.n).toBe(0)
  })

  it('orders are consistent: line price = unit × quantity totals, COD = goods + shipping, a story in the change log, numbers by age', async () => {
    const [totals] = await query(
      `select count(*)::int as n from orders o
       where o.payment_total <> (select sum(price) from order_items i where i.order_id = o.id)
          or (o.cod_apply and o.cod_amount <> o.payment_total + o.shipping_cost) or (not o.cod_apply and o.cod_amount <> 0)
          or not exists (select 1 from order_items i where i.order_id = o.id)`,
    )
    expect(totals.n).toBe(0)
    const [stories] = await query(
      `select count(*)::int as n from orders o
       where (select what from order_change_logs l where l.order_id = o.id order by at, id limit 1) not like 'Order created (%'
          or (select count(*) from order_change_logs l where l.order_id = o.id) = 0
          or (o.status not in ('New', 'Client editing', 'Draft')
              and (select what from order_change_logs l where l.order_id = o.id order by at desc, id desc limit 1)
                  not like '%→ ' || o.status || '%')`,
    )
    expect(stories.n).toBe(0)
    const [numbers] = await query(
      `select count(*)::int as n from (select internal_numeric_id, lag(internal_numeric_id) over (order by created_at, id) as prev
                                       from orders) x where internal_numeric_id < prev`,
    )
    expect(numbers.n).toBe(0)
    const shipped = await query(
      `select count(*) filter (where tracking_id = '' or tracking_url = '' or delivery_date is null or shipping_cost = 0)::int as missing
       from orders where status in ('Shipping', 'Delivered', 'COD WAITING')`,
    )
    expect(shipped[0].missing).toBe(0)
    const [errors] = await query(
      `select count(*) filter (where cardinality(err_msgs) = 0)::int as without, count(*)::int as n
       from orders where status = 'Error'`,
    )
    expect(errors.without).toBe(0)
    const [offices] = await query(
      `select count(*)::int as n from orders o join couriers c on c.id = o.courier_id
       where c.name in ('ECONT', 'ECONT_GR') and o.office_code <> ''`,
    )
    expect(offices.n).toBeGreaterThan(0)
  })

  it('shows the client its default tab (Order Ready for picking) with orders, and only its own', async () => {
    const eshop1 = t.as(await t.signin('eshop1', DEMO_PASSWORD))
    const res = await eshop1.post('/api/orders', { status: 'Order Ready for picking' })
    expect(res.status).toBe(200)
    expect(res.body.total).toBeGreaterThan(0)
    expect(res.body.list.length).toBeGreaterThan(0)
    expect(
      new Set(res.body.list.map((o: { businessclient: { name?: string } }) => o.businessclient.name)),
    ).toEqual(new Set(['Zahradní ráj s.r.o.']))
    const all = await eshop1.post('/api/orders', {})
    expect(all.body.totals.map((s: { status: string }) => s.status).sort()).toEqual(
      [...orderStatuses.options].sort(),
    )
  })
})

describe('demo seed: planner statistics', () => {
  it('ends with ANALYZE: every seeded table has statistics and a row estimate, with no autovacuum to wait for', async () => {
    const tables = ['orders', 'order_items', 'order_change_logs', 'products', 'inventory_cards', 'users']
    const rows = await query(
      `select c.relname as name, c.reltuples::int as estimate,
              (select count(*)::int from pg_stats s where s.schemaname = n.nspname and s.tablename = c.relname) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relname = any($1::text[])`,
      [tables],
    )
    expect(rows.map((r) => r.name).sort()).toEqual([...tables].sort())
    for (const table of rows) {
      expect(table.columns, table.name).toBeGreaterThan(0)
      expect(table.estimate, table.name).toBeGreaterThan(0)
    }
    const [orders] = await query(
      `select c.reltuples::int as estimate, (select count(*)::int from orders) as n
       from pg_class c where c.oid = 'orders'::regclass`,
    )
    expect(orders.estimate).toBe(orders.n)
  })
})

describe('demo seed: invoices', () => {
  it('issues an invoice for every shipped order, numbered 1..N per series without a gap, in CZK, EUR and RON', async () => {
    const [missing] = await query(
      `select count(*)::int as n from orders o
       where o.status in ('Shipping', 'Delivered', 'COD WAITING', 'Not shipped')
         and exists (select 1 from order_items i where i.order_id = o.id)
         and not exists (select 1 from invoices v where v.order_id = o.id and v.kind = 'invoice')`,
    )
    expect(missing.n).toBe(0)
    const series = await query(
      `select s.prefix, s.next_value, s.document_type, count(i.id)::int as issued,
              array_agg(i.sequence_number order by i.sequence_number) as numbers
       from number_series s join invoices i on i.series_id = s.id group by s.id`,
    )
    expect(series.length).toBeGreaterThan(3)
    for (const s of series) {
      expect(s.next_value).toBe(s.issued + 1)
      expect(s.numbers.at(-1)).toMatch(new RegExp(`${String(s.issued).padStart(6, '0')}$`))
    }
    const currencies = await query(`select distinct currency from invoices order by 1`)
    expect(currencies.map((r) => r.currency)).toEqual(['CZK', 'EUR', 'RON'])
    const [credit] = await query(
      `select count(*)::int as n, sum(brutto_total)::float as total from invoices where kind = 'creditnote'`,
    )
    expect(credit.n).toBeGreaterThan(5)
    expect(credit.total).toBeLessThan(0)
    // Totals are the sums of their lines; a CZ issuer's EUR invoice states its VAT in CZK.
    const [drift] = await query(
      `select count(*)::int as n from invoices v
       where v.brutto_total <> (select sum(brutto_total) from invoice_items i where i.invoice_id = v.id)`,
    )
    expect(drift.n).toBe(0)
    const [eur] = await query(
      `select count(*)::int as n, count(exchange_rate)::int as rated from invoices v
       join business_clients b on b.id = v.businessclient_id where b.address_country = 'Czech' and v.currency = 'EUR'`,
    )
    expect(eur.n).toBeGreaterThan(0)
    expect(eur.rated).toBe(eur.n)
  })

  it('a COD invoice’s total is the COD amount the courier collects, to the cent (60 sampled); notes say why', async () => {
    const sample = await query(
      `select v.brutto_total::text as invoiced, o.cod_amount::text as cod, v.payment_type,
              (select bool_and(i.gross_priced) from invoice_items i where i.invoice_id = v.id) as gross
       from invoices v join orders o on o.id = v.order_id
       where v.kind = 'invoice' and o.cod_apply and v.sequence_number is not null
       order by v.sequence_number, v.id limit 60`,
    )
    expect(sample).toHaveLength(60)
    for (const r of sample) {
      expect(r.invoiced).toBe(r.cod)
      expect(r.payment_type).toBe('COD')
      expect(r.gross).toBe(true)
    }
    // The collected COD of every transfer's orders equals what was invoiced for them.
    const [differs] = await query(
      `select count(*)::int as n from orders o join cod_collections c on c.order_id = o.id
       where (select sum(v.brutto_total) from invoices v where v.order_id = o.id and v.sequence_number is not null)
             <> c.amount and c.amount = o.cod_amount`,
    )
    expect(differs.n).toBe(0)
    const [reasons] = await query(
      `select count(*)::int as n, count(*) filter (where reason = '')::int as missing from invoices where kind = 'creditnote'`,
    )
    expect(reasons.n).toBeGreaterThan(0)
    expect(reasons.missing).toBe(0)
  })
})

describe('demo seed: documents in their language', () => {
  /** The PDF text of an invoice or credit note, as finance downloads it. */
  async function pdfOf(id: string): Promise<string> {
    const { token } = await t.userWithToken({ roles: ['finance'] })
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${id}/pdf`,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(200)
    return pdfText(res.rawPayload).replace(/[ \t]+/g, ' ')
  }
  const documentOf = async (where: string) =>
    (
      await query(
        `select v.id, v.sequence_number from invoices v join business_clients b on b.id = v.businessclient_id
         where ${where} order by v.issued_date, v.sequence_number limit 1`,
      )
    )[0]

  it('has a Bulgarian client’s invoices and credit note: 10-digit numbers, wholly in Bulgarian', async () => {
    const numbers = await query(
      `select v.kind, v.sequence_number from invoices v join business_clients b on b.id = v.businessclient_id
       where b.address_country = 'Bulgaria'`,
    )
    expect(numbers.filter((r) => r.kind === 'invoice')).toHaveLength(8)
    expect(numbers.filter((r) => r.kind === 'creditnote')).toHaveLength(1)
    for (const r of numbers) expect(r.sequence_number).toMatch(/^\d{10}$/)
    const note = await documentOf(`b.address_country = 'Bulgaria' and v.kind = 'creditnote'`)
    const text = await pdfOf(note.id)
    for (const probe of [
      'КРЕДИТНО ИЗВЕСТИЕ',
      note.sequence_number,
      'Балкан Дом ЕООД',
      'ЕИК: 204123454',
      'ДДС №: BG204123454',
      'България',
      'Върната стока',
      'Фактура по чл. 114 от ЗДДС.',
    ])
      expect(text).toContain(probe)
    expect(text).not.toMatch(/\b(Bulgaria|COD|Paid Online|Bank transfer)\b/)
  })

  it('prints the demo clients’ identifiers with their country’s labels and register entries', async () => {
    const czech = await pdfOf((await documentOf(`b.name = 'Zahradní ráj s.r.o.' and v.country = 'Czech'`)).id)
    for (const probe of ['IČO: 27082440', 'DIČ: CZ27082440', 'Spisová značka: C 98765 vedená', 'Česko'])
      expect(czech).toContain(probe)
    const romanian = await pdfOf(
      (await documentOf(`b.name = 'Casa Verde Shop SRL' and v.country = 'Romania'`)).id,
    )
    for (const probe of ['CUI/CIF: RO38450126', 'Nr. Reg. Com.: J12/3456/2019', 'România'])
      expect(romanian).toContain(probe)
    expect(romanian).not.toContain('CUI: J12')
  })
})

describe('demo seed: VAT by place of supply', () => {
  it('shows an OSS invoice, an exempt intra-Community invoice and a reverse-charge bill, each as its rules say', async () => {
    const docs = await query(
      `select v.vat_treatment, b.name, v.country, w.country as wh_country, v.customer->>'taxId' as tax_id,
              count(*)::int as n, array_agg(distinct i.vat_percent::float) as rates
       from invoices v join business_clients b on b.id = v.businessclient_id
       join orders o on o.id = v.order_id left join warehouses w on w.id = o.warehouse_id
       join invoice_items i on i.invoice_id = v.id
       where v.kind = 'invoice' and v.sequence_number is not null
       group by 1, 2, 3, 4, 5`,
    )
    const oss = docs.filter((d) => d.vat_treatment === 'oss')
    expect(oss.length).toBeGreaterThan(0)
    // Zahradní ráj's Slovak consumers, from the Prague warehouse: the Slovak 23 %.
    for (const d of oss)
      expect([d.name, d.country, d.wh_country, d.rates]).toEqual([
        'Zahradní ráj s.r.o.',
        'Slovakia',
        'Czech',
        [23],
      ])
    const exempt = docs.filter((d) => d.vat_treatment === 'intra-community-exempt')
    expect(exempt.length).toBeGreaterThan(0)
    for (const d of exempt) {
      expect(d.rates).toEqual([0])
      expect(d.country).not.toBe(d.wh_country)
      expect(d.tax_id).toMatch(/^(SK|EL|BG|RO|CZ)\d+$/)
    }
    // No invoice charges the ship-to country's VAT for goods that left another country without the OSS.
    for (const d of docs.filter((x) => x.vat_treatment === 'domestic'))
      expect(d.country === d.wh_country || d.name !== 'Zahradní ráj s.r.o.' || d.country !== 'Slovakia').toBe(
        true,
      )
    const bills = await query(
      `select b.vat_treatment, b.country as issuer, b.client->'address'->>'country' as client_country,
              b.client->>'taxid' as taxid, b.vat_total::float as vat, b.locked
       from bills b where b.kind = 'bill'`,
    )
    const reverse = bills.filter((b) => b.vat_treatment === 'reverse-charge' && b.locked)
    expect(reverse.length).toBeGreaterThan(0)
    for (const b of reverse) {
      expect(b.vat).toBe(0)
      expect(b.issuer).not.toBe(b.client_country)
      expect(b.taxid).toMatch(/^(CZ|RO)\d+$/)
    }
    for (const b of bills.filter((x) => x.issuer === x.client_country))
      expect(b.vat_treatment).toBe('domestic')
  })
})

describe('demo seed: the warehouse floor', () => {
  it('gives each warehouse a full sender address and contact, so couriers accept the demo’s labels', async () => {
    const senders = await query(
      `select name from warehouses where street <> '' and post_code <> '' and city <> '' and phone <> ''
         and contact_name <> '' and email <> ''`,
    )
    expect(senders).toHaveLength(3)
  })

  it('gives each of the three warehouses its locations, and its stock lies in them (Σ over locations = total)', async () => {
    const floors = await query(
      `select w.name, count(*) filter (where l.kind = 'storage')::int as storage,
              count(*) filter (where l.kind = 'receiving')::int as receiving,
              count(*) filter (where l.kind = 'packing')::int as packing,
              count(*) filter (where l.kind = 'storage' and not exists
                (select 1 from location_stock s where s.location_id = l.id))::int as empty
       from warehouses w join warehouse_locations l on l.warehouse_id = w.id group by w.name order by w.name`,
    )
    expect(floors.filter((f) => f.storage === 192 && f.receiving === 1 && f.packing === 1)).toHaveLength(3)
    // Room left for putaway on every floor.
    for (const f of floors) expect(f.empty, f.name).toBeGreaterThan(0)
    const drift = await query(
      `select c.id from inventory_cards c
       where c.total <> coalesce((select sum(s.quantity) from location_stock s where s.inventory_card_id = c.id), 0)`,
    )
    expect(drift).toEqual([])
    const waiting = await query(
      `select count(*)::int as n from location_stock s join warehouse_locations l on l.id = s.location_id
       where l.kind = 'receiving'`,
    )
    expect(waiting[0].n).toBeGreaterThan(0)
  })

  it('has one wave in progress in Praha: Product Picking orders with slots, open pick lines on its floor, and three totes picked for the packing station', async () => {
    const [wave] = await query(
      `select w.id, wh.city, (select count(*)::int from wave_orders o join orders x on x.id = o.order_id
                               where o.wave_id = w.id and x.status = 'Product Picking') as orders,
              (select count(*)::int from wave_lines l where l.wave_id = w.id and l.status = 'open') as open,
              (select count(*)::int from wave_lines l join warehouse_locations loc on loc.id = l.location_id
                where l.wave_id = w.id and loc.warehouse_id <> w.warehouse_id) as elsewhere
       from waves w join warehouses wh on wh.id = w.warehouse_id`,
    )
    expect(wave).toMatchObject({ city: 'Praha', orders: 12, elsewhere: 0 })
    expect(wave.open).toBeGreaterThanOrEqual(9)
    // The first three totes are picked for the packing station: every line picked, the units at PACKING.
    const totes = await query(
      `select o.slot, bool_and(l.status = 'picked') as done, sum(l.picked)::int as units
         from wave_orders o join wave_lines l on l.wave_id = o.wave_id and l.order_id = o.order_id
        where o.wave_id = $1 group by o.slot order by o.slot`,
      [wave.id],
    )
    expect(totes.filter((t) => t.done).map((t) => t.slot)).toEqual([1, 2, 3])
    const [packing] = await query(
      `select coalesce(sum(s.quantity), 0)::int as units from location_stock s
         join warehouse_locations loc on loc.id = s.location_id
         join waves w on w.warehouse_id = loc.warehouse_id
        where w.id = $1 and loc.kind = 'packing'`,
      [wave.id],
    )
    expect(packing.units).toBe(totes.filter((t) => t.done).reduce((sum, t) => sum + t.units, 0))
  })
})
