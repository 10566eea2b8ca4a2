/**
 * The README's description of the demo data, counted from a seeded database: the paragraph and the status
 * table between the README's demo-data markers are this text (`npm run docs:demo -w @expedo/api` writes
 * it; the seed's test checks it), so the README cannot drift from the seed again.
 */
import { orderStatuses } from '@expedo/domain'
import type pg from 'pg'

export const DEMO_README_BEGIN =
  '<!-- demo-data: counted from the seed by `npm run docs:demo -w @expedo/api`; checked by its test -->'
export const DEMO_README_END = '<!-- /demo-data -->'

const CLIENTS = ['Zahradní ráj s.r.o.', 'Casa Verde Shop SRL'] as const
const SHORT: Record<(typeof CLIENTS)[number], string> = {
  'Zahradní ráj s.r.o.': 'Zahradní ráj',
  'Casa Verde Shop SRL': 'Casa Verde',
}

/** The table's order: the story of an order, the way the README has always listed them. */
const STATUS_ROWS = [
  'Draft',
  'Client editing',
  'New',
  'No goods',
  'Order Ready for picking',
  'Product Picking',
  'Packed',
  'Shipping',
  'COD WAITING',
  'Delivered',
  'Not shipped',
  'Validated',
  'In progress',
  'Error',
  'Canceled',
] as const satisfies readonly (typeof orderStatuses.options)[number][]

const n = (value: number) => value.toLocaleString('en-US')

type Row = Record<string, unknown>

/** Counts per demo client (in the order of CLIENTS) of `select b.name, count(*) … group by b.name`. */
async function perClient(pool: pg.Pool, sql: string): Promise<[number, number]> {
  const { rows } = await pool.query<{ name: string; n: number }>(sql)
  const of = (client: string) => rows.find((r) => r.name === client)?.n ?? 0
  return [of(CLIENTS[0]), of(CLIENTS[1])]
}

async function count(pool: pg.Pool, sql: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(sql)
  return rows[0]?.n ?? 0
}

async function groups(pool: pg.Pool, sql: string): Promise<Row[]> {
  return (await pool.query<Row>(sql)).rows
}

/** The README's demo-data block (markers included) of the demo database behind `pool`. */
export async function demoReadmeBlock(pool: pg.Pool): Promise<string> {
  const byClient = (table: string, where = 'true') =>
    perClient(
      pool,
      `select b.name, count(*)::int as n from ${table} t join business_clients b on b.id = t.businessclient_id
       where ${where} group by b.name`,
    )
  const users = await count(pool, 'select count(*)::int as n from users')
  const warehouses = await groups(pool, 'select city from warehouses order by id')
  const [locations] = await groups(
    pool,
    `select count(*) filter (where kind = 'storage')::int as storage,
            count(*) filter (where kind = 'receiving')::int as receiving,
            count(*) filter (where kind = 'packing')::int as packing,
            count(distinct warehouse_id)::int as warehouses,
            (select count(distinct location_id)::int from location_stock) as holding
     from warehouse_locations`,
  )
  const [wave] = await groups(
    pool,
    `select count(distinct o.order_id)::int as orders,
            (select count(*)::int from wave_lines) as lines,
            (select count(distinct l.order_id)::int from wave_lines l where l.status = 'picked'
              and not exists (select 1 from wave_lines x where x.order_id = l.order_id and x.status <> 'picked'))
              as packable
     from wave_orders o`,
  )
  const suppliers = await count(pool, 'select count(*)::int as n from companies')
  const [couriers] = await groups(
    pool,
    'select count(*)::int as n, count(distinct country)::int as countries from couriers',
  )
  const clients = await count(pool, 'select count(*)::int as n from business_clients')
  const products = await byClient('products')
  const [productGroups] = await groups(
    pool,
    `select count(*)::int as n, min(items)::int as smallest, max(items)::int as largest
     from (select g.id, count(i.*) as items from product_groups g left join product_group_items i on i.group_id = g.id
           group by g.id) g`,
  )
  const eshops = await byClient('eshops')
  const cards = await byClient('inventory_cards')
  const unpaired = await count(
    pool,
    'select count(*)::int as n from inventory_cards where product_id is null',
  )
  const shipments = await byClient('inbound_shipments')
  const movements = await perClient(
    pool,
    `select b.name, count(*)::int as n from stock_movements m join inventory_cards c on c.id = m.inventory_card_id
     join business_clients b on b.id = c.businessclient_id group by b.name`,
  )
  const movementKinds = await groups(
    pool,
    'select triggred_by as kind, count(*)::int as n from stock_movements group by 1 order by 2 desc, 1',
  )
  const orders = await byClient('orders')
  const orderLines = await count(pool, 'select count(*)::int as n from order_items')
  const changeLog = await count(pool, 'select count(*)::int as n from order_change_logs')
  const comments = await count(pool, "select count(*)::int as n from comments where trigger = 'order'")
  const invoices = await groups(
    pool,
    `select b.name, i.currency, count(*)::int as n from invoices i join business_clients b on b.id = i.businessclient_id
     where i.kind = 'invoice' group by 1, 2 order by 1, 3 desc`,
  )
  const invoiceLines = await count(
    pool,
    `select count(*)::int as n from invoice_items l join invoices i on i.id = l.invoice_id where i.kind = 'invoice'`,
  )
  const creditNotes = await byClient('invoices', "t.kind = 'creditnote'")
  const rateDays = await count(pool, 'select count(distinct day)::int as n from exchange_rates')
  const rateTargets = await groups(
    pool,
    "select distinct target from exchange_rates where currency = 'EUR' order by 1",
  )
  const [bulgarian] = await groups(
    pool,
    `select b.name, count(distinct i.order_id)::int as orders, count(*) filter (where i.kind = 'invoice')::int as invoices,
            count(*) filter (where i.kind = 'creditnote')::int as credits, min(i.currency) as currency
     from invoices i join business_clients b on b.id = i.businessclient_id
     where b.address_country = 'Bulgaria' group by b.name`,
  )
  const statuses = await groups(
    pool,
    `select b.name, o.status, count(*)::int as n from orders o join business_clients b on b.id = o.businessclient_id
     group by 1, 2`,
  )

  const pair = ([a, b]: [number, number]) => `${n(a)} and ${n(b)}`
  const total = ([a, b]: [number, number]) => n(a + b)
  const invoicesOf = (client: string) => {
    const own = invoices.filter((r) => r.name === client)
    const sum = own.reduce((s, r) => s + (r.n as number), 0)
    return `${n(sum)} for ${SHORT[client as (typeof CLIENTS)[number]]}: ${own
      .map((r) => `${n(r.n as number)} in ${r.currency}`)
      .join(', ')}`
  }
  const kindNames: Record<string, string> = {
    Inboundshipment: 'inbound receipts',
    Adjustment: 'adjustments',
    Order: 'order shipments',
    Move: 'moves between locations',
    Return: 'returns',
  }
  const kinds = movementKinds.map((r) => `${n(r.n as number)} ${kindNames[r.kind as string] ?? r.kind}`)
  const list = (items: string[]) =>
    items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '')
  const same = ([a, b]: [number, number], what: string) =>
    a === b ? `${n(a)} ${what} per client` : `${pair([a, b])} ${what}`
  const groupSize =
    productGroups!.smallest === productGroups!.largest
      ? `of ${productGroups!.smallest}`
      : `of ${productGroups!.smallest}–${productGroups!.largest}`
  const groupsPerClient = (productGroups!.n as number) / CLIENTS.length

  const paragraph = `The demo data (the same on every fresh database, embedded or PostgreSQL): ${users} users (above), ${
    warehouses.length
  } warehouses (${warehouses.map((w) => w.city).join(', ')}; ${n(locations!.storage as number)} storage locations, ${
    locations!.receiving
  } receiving and ${locations!.packing} packing ones, the stock lying in ${n(
    locations!.holding as number,
  )} of them; one wave of ${wave!.orders} orders in progress in Praha, ${wave!.lines} pick lines, its first ${wave!.packable} totes picked and ready at the packing station), ${suppliers} suppliers, ${couriers!.n} couriers in ${
    couriers!.countries
  } countries and ${clients} business clients. Zahradní ráj and Casa Verde each have ${
    products[0] === products[1] ? n(products[0]) : pair(products)
  } products, ${groupsPerClient} product groups ${groupSize} and ${
    eshops[0] === 1 && eshops[1] === 1 ? 'one e-shop' : `${pair(eshops)} e-shops`
  }. There are ${total(cards)} stock cards (${n(cards[0])} for Zahradní ráj, ${n(cards[1])} for Casa Verde; ${n(
    unpaired,
  )} of them unpaired goods), ${total(shipments)} inbound shipments (${pair(shipments)}) and ${total(
    movements,
  )} stock movements over the last 90 days (${pair(movements)}: ${list(kinds)}), and ${same(
    orders,
    'orders',
  )} over the last 90 days (with ${n(orderLines)} order lines, ${n(changeLog)} change-log rows and ${n(
    comments,
  )} comments in all), and an invoice for every order that has shipped, issued the day it shipped and numbered 1, 2, 3 … per series (${invoicesOf(
    CLIENTS[0],
  )}; ${invoicesOf(CLIENTS[1])}; ${n(invoiceLines)} invoice lines in all), with ${total(
    creditNotes,
  )} credit notes (${pair(creditNotes)}) and daily EUR rates in ${list(
    rateTargets.map((r) => r.target as string),
  )} for the last ${rateDays} days. ${
    bulgarian
      ? `${bulgarian.name}, a Bulgarian client without stock, has ${bulgarian.orders} delivered orders with their ${
          bulgarian.invoices
        } invoices and ${bulgarian.credits} credit note in ${bulgarian.currency}, numbered with 10 digits. `
      : ''
  }Zahradní ráj invoices its shipped orders automatically (\`orders.invoicing.autoGenerate\`) when an order asks for an invoice:`

  const missing = orderStatuses.options.filter((s) => !(STATUS_ROWS as readonly string[]).includes(s))
  if (missing.length) throw new Error(`the README's status table lacks ${missing.join(', ')}`)
  const statusOf = (client: string, status: string) =>
    (statuses.find((r) => r.name === client && r.status === status)?.n as number | undefined) ?? 0
  const table = [
    `| order status | ${SHORT[CLIENTS[0]]} | ${SHORT[CLIENTS[1]]} |`,
    '|---|---:|---:|',
    ...STATUS_ROWS.map(
      (status) => `| ${status} | ${n(statusOf(CLIENTS[0], status))} | ${n(statusOf(CLIENTS[1], status))} |`,
    ),
  ]
  return [DEMO_README_BEGIN, wrap(paragraph, 110), '', ...table, DEMO_README_END].join('\n')
}

/** The README's prose width: words wrapped at `width` characters. */
function wrap(text: string, width: number): string {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines.join('\n')
}

/** The demo-data block of a README's text, markers included (undefined when it has none). */
export function readmeDemoBlock(readme: string): string | undefined {
  const begin = readme.indexOf(DEMO_README_BEGIN)
  const end = readme.indexOf(DEMO_README_END)
  return begin < 0 || end < begin ? undefined : readme.slice(begin, end + DEMO_README_END.length)
}
