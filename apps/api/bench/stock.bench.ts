import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { createStockQueriesRepository } from '../src/features/stock/stock-queries.repository.ts'
import { openDatabase } from '../src/platform/db/database.ts'
import {
  createDatabase,
  DROP_LEDGER_REFERENCES,
  demoToken,
  layerAgainstHand,
  measureStream,
  ms,
  post,
  RESTORE_LEDGER_REFERENCES,
  startServer,
  summary,
  timeSequential,
} from './support.ts'

const rows: string[] = []
const row = (what: string, value: string, target = '') => rows.push(`| ${what} | ${value} | ${target} |`)

interface Size {
  products: number
  /** Movements per card; cards = products × 3 warehouses. */
  perCard: number
}

/**
 * Set-based bulk data: one bench client with `products` products, a card per product in each of the three
 * demo warehouses, and `perCard` movements per card whose quantities (m·k) make the running balance a
 * closed form (m·k(k+1)/2), so no window function is needed and the ledger stays consistent.
 */
function bulkSql(size: Size, from: number, to: number): string {
  return `
    insert into stock_movements (id, inventory_card_id, quantity, quantity_damaged, quantity_available, total_after,
                                 triggred_by, action_source_ref, description, created_at)
    select gen_random_uuid(), c.id, c.m * k, 0, c.m * k * (k + 1) / 2, c.m * k * (k + 1) / 2,
           case when k % 7 = 0 then 'Adjustment' else 'Inboundshipment' end, '', 'Bench movement',
           now() - make_interval(days => ${size.perCard} - k + 1) - make_interval(secs => c.n % 3600)
    from (select id, row_number() over (order by id) as n, 1 + (abs(hashtext(sku)) % 3) as m
          from inventory_cards where sku like 'BENCH-%') c
    cross join generate_series(1, ${size.perCard}) k
    where c.n > ${from} and c.n <= ${to};`
}

async function seedBulk(exec: (sql: string) => Promise<unknown>, size: Size, log: (s: string) => void) {
  const started = performance.now()
  await exec(`
    insert into business_clients (id, name) values (gen_random_uuid(), 'Bench Client s.r.o.');
    insert into products (id, businessclient_id, name, sku, barcode)
    select gen_random_uuid(), (select id from business_clients where name = 'Bench Client s.r.o.'),
           'Bench product ' || g, 'BENCH-' || lpad(g::text, 6, '0'), '859' || lpad(g::text, 10, '0')
    from generate_series(1, ${size.products}) g;`)
  await exec(`
    insert into inventory_cards (id, warehouse_id, businessclient_id, product_id, sku, available, blocked)
    select gen_random_uuid(), w.id, p.businessclient_id, p.id, p.sku,
           (1 + abs(hashtext(p.sku)) % 3) * ${size.perCard} * (${size.perCard} + 1) / 2, 0
    from products p cross join warehouses w where p.sku like 'BENCH-%';`)
  log(`cards: ${((performance.now() - started) / 1000).toFixed(1)} s`)
  // The ledger's secondary indexes are rebuilt once at the end: far cheaper than 10M index inserts.
  await exec(`
    drop index if exists stock_movements_card_created_idx;
    drop index if exists stock_movements_source_idx;
    ${DROP_LEDGER_REFERENCES}
    alter table stock_movements drop constraint if exists stock_movements_pkey;
    alter table stock_movements drop constraint if exists stock_movements_inventory_card_id_inventory_cards_id_fk;`)
  const cards = size.products * 3
  const step = Math.max(1, Math.floor(1_000_000 / size.perCard))
  for (let from = 0; from < cards; from += step) {
    await exec(bulkSql(size, from, from + step))
    log(
      `movements: ${Math.min(from + step, cards) * size.perCard} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    )
  }
  await exec(`
    alter table stock_movements add constraint stock_movements_pkey primary key (id);
    create index stock_movements_card_created_idx on stock_movements (inventory_card_id, created_at desc, id desc);
    create index stock_movements_source_idx on stock_movements (action_source_id);
    alter table stock_movements add constraint stock_movements_inventory_card_id_inventory_cards_id_fk
      foreign key (inventory_card_id) references inventory_cards(id) not valid;
    ${RESTORE_LEDGER_REFERENCES}
    analyze;`)
  return (performance.now() - started) / 1000
}

/**
 * The list query of POST /api/inventorycards/stocks (default page) written by hand, with the page size as a
 * parameter as the data-access layer sends it (both then use the extended protocol).
 */
const RAW_LIST = `
  select c.id, c.sku, c.available, c.blocked, c.description, c.inhouse_position, c.created_at, p.id, p.name, p.sku,
         p.barcode, b.id, b.name, w.id, w.name
  from inventory_cards c join business_clients b on b.id = c.businessclient_id
  join warehouses w on w.id = c.warehouse_id left join products p on p.id = c.product_id
  order by c.id desc limit $1`
// The totals as the API reads them: from stock_totals (kept by triggers), not a scan of every card.
const RAW_TOTALS = 'select coalesce(sum(cards), 0), sum(available), sum(blocked) from stock_totals'

async function measure(label: string, server: { url: string; pid: number }, rawUrl: string | null) {
  const token = await demoToken(server.url, 'operator')
  const api = (p: string, body: unknown) => post(`${server.url}${p}`, token, body).then((r) => r.json())
  const list = () => api('/api/inventorycards/stocks', {})
  const first = (await list()) as { total: number; list: { sku: string; warehouse: { _id: string } }[] }
  await timeSequential(20, list)
  const apiList = summary(await timeSequential(200, list))
  row(
    `${label}: POST /api/inventorycards/stocks, default page (${first.total.toLocaleString('en')} cards)`,
    `p50 ${ms(apiList.p50)}, p95 ${ms(apiList.p95)}`,
    'p95 ≤ 30 ms',
  )
  if (rawUrl) {
    const client = new pg.Client({ connectionString: rawUrl })
    await client.connect()
    const raw = async () => {
      await client.query(RAW_LIST, [10])
      await client.query(RAW_TOTALS)
    }
    await timeSequential(20, raw)
    const rawList = summary(await timeSequential(200, raw))
    await client.end()
    row(
      `${label}: the same list + totals as raw SQL over pg`,
      `p50 ${ms(rawList.p50)}, p95 ${ms(rawList.p95)}`,
    )
    row(
      `${label}: API (HTTP, auth, validation, serialisation) / raw SQL (p50)`,
      (apiList.p50 / rawList.p50).toFixed(2),
      'see next rows',
    )
    // The query itself: the data-access layer (Drizzle, in-process) against the same SQL by hand, both
    // running page and totals side by side on a two-connection pool, as the repository does.
    const database = await openDatabase({ databaseUrl: rawUrl, dataDir: 'memory', poolMax: 2 })
    const repo = createStockQueriesRepository(database.db)
    const layer = () =>
      repo.list(
        { kind: 'all' },
        { warehouse: [], product: [], sku: '', businessclient: [] },
        { itemsPerPage: 10, currentPage: 1 },
        {},
      )
    const rawParallel = () =>
      Promise.all([database.pool.query(RAW_LIST, [10]), database.pool.query(RAW_TOTALS)])
    const { shown, ratio } = await layerAgainstHand(layer, rawParallel, { samples: 300, warmUp: 20 })
    await database.close()
    row(`${label}: the list query through the data-access layer (Drizzle) vs by hand, same pool`, shown)
    row(`${label}: data-access layer / raw SQL (p50)`, ratio, '≤ 1.5')
  }
  const warehouse = first.list[0]!.warehouse._id
  const atDate = () =>
    api('/api/inventorycards/stocks_atdate', {
      warehouse,
      atDate: new Date(Date.now() - 10 * 86_400_000).toISOString(),
    })
  await timeSequential(10, atDate)
  const dated = summary(await timeSequential(100, atDate))
  row(
    `${label}: POST /api/inventorycards/stocks_atdate, one warehouse, default page`,
    `p50 ${ms(dated.p50)}, p95 ${ms(dated.p95)}`,
    '≤ 200 ms',
  )
  const sku = first.list[0]!.sku
  const moves = () =>
    fetch(`${server.url}/api/warehouse/${warehouse}/inventory/${sku}/movement/0/10`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json())
  await timeSequential(10, moves)
  const m = summary(await timeSequential(100, moves))
  row(`${label}: GET .../inventory/:sku/movement/0/10`, `p50 ${ms(m.p50)}, p95 ${ms(m.p95)}`)

  await measureExport(label, server, token, first.total)
}

/** Export of every card, streamed; the server's RSS is sampled every 50 ms while it runs. */
async function measureExport(
  label: string,
  server: { url: string; pid: number },
  token: string,
  total: number,
) {
  const { seconds, bytes, rssBefore, rssPeak } = (await measureStream(server, () =>
    post(`${server.url}/api/inventorycards/stocks/export`, token, { filters: {} }),
  ))!
  row(
    `${label}: POST /api/inventorycards/stocks/export, ${total.toLocaleString('en')} rows (${(bytes / 2 ** 20).toFixed(1)} MB .xlsx)`,
    `${seconds.toFixed(1)} s, ${Math.round(total / seconds).toLocaleString('en')} rows/s; server RSS ${rssBefore} → peak ${rssPeak}`,
    // With PGlite the database engine and its data live in the server process, so its RSS is not the API's.
    label === 'PGlite' ? '(RSS includes the embedded database)' : 'peak RSS ≤ 250 MB',
  )
}

export async function stockBench(): Promise<string> {
  rows.length = 0
  const log = (s: string) => console.log(`  ${s}`)

  // PGlite: 10,000 products × 3 warehouses, 300,000 movements.
  const small: Size = { products: 10_000, perCard: 10 }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'expedo-bench-stock-'))
  const boot = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
  await boot.stop()
  const lite = await PGlite.create(dataDir)
  const liteSeed = await seedBulk((sql) => lite.exec(sql), small, log)
  await lite.close()
  row(
    'PGlite: seed 10,000 products × 3 warehouses, 300,000 movements (set-based SQL)',
    `${liteSeed.toFixed(1)} s`,
  )
  const embedded = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
  try {
    await measure('PGlite', embedded, null)
  } finally {
    await embedded.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }

  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (adminUrl) {
    const big: Size = {
      products: Number(process.env.BENCH_STOCK_PRODUCTS ?? 100_000),
      perCard: Number(process.env.BENCH_STOCK_PER_CARD ?? 34),
    }
    const url = await createDatabase(adminUrl, 'expedo_bench_stock')
    const first = await startServer({ DATABASE_URL: url })
    await first.stop()
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const seconds = await seedBulk((sql) => client.query(sql), big, log)
    const { rows: counted } = await client.query('select count(*)::bigint as n from stock_movements')
    await client.end()
    row(
      `PostgreSQL: seed ${big.products.toLocaleString('en')} products × 3 warehouses, ${Number(counted[0].n).toLocaleString('en')} movements (set-based SQL)`,
      `${seconds.toFixed(0)} s`,
    )
    const server = await startServer({ DATABASE_URL: url })
    try {
      await measure('PostgreSQL', server, url)
    } finally {
      await server.stop()
    }
  } else {
    row('PostgreSQL', 'skipped (set DATABASE_URL or BENCH_DATABASE_URL)')
  }
  return ['## Stock', '', '| measure | result | target |', '|---|---|---|', ...rows].join('\n')
}
