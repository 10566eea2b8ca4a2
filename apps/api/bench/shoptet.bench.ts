/**
 * The Shoptet add-on on PostgreSQL against the local fake Shoptet:
 * - order import: ORDERS orders waiting in a fake shop, pulled by one sync (GET /api/orders/changes page by
 *   page, GET /api/orders/{code} each, ≤ 3 calls in flight, one import transaction per order through the
 *   orders' use case: New, courier, allocation) in a child process with the API's V8 flags; orders/s and the
 *   child's RSS sampled every 50 ms during the run. The fake's leaky bucket is opened wide here: at Shoptet
 *   the bucket (10 drops/s) bounds a shop's import near 10 orders/s, whatever Expedo can do.
 * - webhook intake: DELIVERIES signed deliveries POSTed to a started API (verified with the shop's key,
 *   stored, queued), one at a time (latency, p95) and CONCURRENCY at a time (deliveries/s).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import pg from 'pg'
import { createShoptetFake, shoptetFakeUrls } from '../src/dev/fakes/shoptet/shoptet-fake.ts'
import { migrateDatabase, openDatabase } from '../src/platform/db/database.ts'
import { exchangeInstallCode, signWebhookBody } from '../src/platform/providers/shoptet/index.ts'
import { createDatabase, ms, runServerChild, startServer, summary } from './support.ts'

const ORDERS = Number(process.env.BENCH_SHOPTET_ORDERS ?? 10_000)
const DELIVERIES = Number(process.env.BENCH_SHOPTET_DELIVERIES ?? 2_000)
const CONCURRENCY = Number(process.env.BENCH_SHOPTET_CONCURRENCY ?? 16)
const PRODUCTS = 20

async function installShop(
  fake: ReturnType<typeof createShoptetFake>,
  cfg: Parameters<typeof exchangeInstallCode>[0],
  eshopId: number,
) {
  let token = ''
  const server = createServer((req, res) => {
    const code = new URL(req.url ?? '/', 'http://x').searchParams.get('code') ?? ''
    exchangeInstallCode(cfg, code, installUrl).then(
      (r) => {
        token = r.oauthAccessToken
        res.writeHead(200).end('ok')
      },
      () => res.writeHead(500).end(),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const installUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/install`
  await fake.install(eshopId, { installUrl })
  server.closeAllConnections()
  server.close()
  if (!token) throw new Error('bench shop install failed')
  return token
}

interface ImportRun {
  orders: number
  failed: number
  pages: number
  seconds: number
  rssBeforeMb: number
  rssPeakMb: number
}

export async function shoptetBench(): Promise<string> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (!adminUrl) return '| Shoptet | skipped (set DATABASE_URL or BENCH_DATABASE_URL) | |'
  const url = await createDatabase(adminUrl, 'expedo_bench_shoptet')
  const fake = createShoptetFake({ bucketCapacity: 1e12, bucketDrainPerSecond: 1e12, webhookAttempts: 1 })
  const baseUrl = await fake.start()
  const cfg = { ...shoptetFakeUrls(baseUrl), clientId: fake.settings.clientId, timeoutMs: 30_000 }
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory', poolMax: 4 })
  try {
    await migrateDatabase(database)
    const { pool } = database
    const { rows } = await pool.query(
      `insert into business_clients (id, name) values (gen_random_uuid(), 'Bench Shoptet') returning id`,
    )
    const client = rows[0].id as string
    const { rows: wh } = await pool.query(
      `insert into warehouses (id, name, country, city) values (gen_random_uuid(), 'Bench', 'Czech', 'Praha') returning id`,
    )
    const skus = Array.from({ length: PRODUCTS }, (_, i) => `BS-${String(i + 1).padStart(3, '0')}`)
    for (const sku of skus) {
      await pool.query(
        `with p as (insert into products (id, businessclient_id, name, sku, weight_grams)
           values (gen_random_uuid(), $1, $2, $3, 300) returning id)
         insert into inventory_cards (id, warehouse_id, businessclient_id, product_id, sku, available)
         select gen_random_uuid(), $4, $1, p.id, $3, 1000000 from p`,
        [client, `Bench product ${sku}`, sku, wh[0].id],
      )
    }
    const shop = fake.createShop({
      products: skus.map((code) => ({ name: `Bench ${code}`, variants: [{ code, price: 250 }] })),
    })
    const oauth = await installShop(fake, cfg, shop.eshopId)
    const key = 'benchsignaturekey0123456789abcdef'
    const { rows: es } = await pool.query(
      `insert into eshops (id, businessclient_id, eshop_url, shoptet_eshop_id, is_active, import_orders_enabled,
         oauth_access_token, webhook_signature_key, installed_at, activated_at)
       values (gen_random_uuid(), $1, $2, $3, true, true, $4, $5, now() - interval '1 hour', now() - interval '1 hour')
       returning id`,
      [client, shop.url, shop.eshopId, oauth, key],
    )
    const eshopId = es[0].id as string
    for (let i = 0; i < ORDERS; i++) {
      fake.createOrder(shop.eshopId, {
        items: [
          { code: skus[i % PRODUCTS]!, amount: 1 + (i % 3) },
          { code: skus[(i * 7 + 3) % PRODUCTS]!, amount: 1 },
        ],
      })
    }
    await pool.query('analyze')

    const run = await runServerChild<ImportRun>('shoptet-import-child.ts', {
      DATABASE_URL: url,
      SHOPTET_API_URL: cfg.apiUrl,
      SHOPTET_OAUTH_URL: cfg.oauthUrl,
      SHOPTET_CLIENT_ID: cfg.clientId,
      BENCH_ESHOP_ID: eshopId,
    })
    const { rows: counted } = await pool.query('select count(*)::int as n from orders where eshop_id = $1', [
      eshopId,
    ])

    // Webhook intake: the API started as in production against this database and the fake; import off for
    // this shop so the stored deliveries are processed as 'ignored' (the figure is the intake's).
    await pool.query('update eshops set import_orders_enabled = false where id = $1', [eshopId])
    const server = await startServer({
      DATABASE_URL: url,
      SEED_DEMO: 'false',
      SHOPTET_API_URL: cfg.apiUrl,
      SHOPTET_OAUTH_URL: cfg.oauthUrl,
      SHOPTET_CLIENT_ID: cfg.clientId,
    })
    let n = 0
    const post = async () => {
      const body = JSON.stringify({
        eshopId: shop.eshopId,
        event: 'order:update',
        eventCreated: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString().replace(/\.\d{3}Z$/, '+0000'),
        eventInstance: String(1_000_000 + n++),
      })
      const res = await fetch(`${server.url}/api/shoptet/webhooks`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'shoptet-webhook-signature': signWebhookBody(body, key),
        },
        body,
      })
      if (res.status !== 200) throw new Error(`delivery → ${res.status}`)
      await res.arrayBuffer()
    }
    let sequential: ReturnType<typeof summary>
    let perSecond: number
    try {
      for (let i = 0; i < 50; i++) await post() // warm-up
      const samples: number[] = []
      for (let i = 0; i < Math.min(DELIVERIES, 1000); i++) {
        const t = performance.now()
        await post()
        samples.push(performance.now() - t)
      }
      sequential = summary(samples)
      const started = performance.now()
      let left = DELIVERIES
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (left-- > 0) await post()
        }),
      )
      perSecond = DELIVERIES / ((performance.now() - started) / 1000)
    } finally {
      await server.stop()
    }
    const { rows: stored } = await pool.query(
      'select count(*)::int as n from shoptet_webhook_deliveries where eshop_id = $1',
      [eshopId],
    )

    return [
      '## Shoptet add-on (PostgreSQL, local fake Shoptet)',
      '',
      '| measure | result | target |',
      '|---|---:|---|',
      `| order import: ${run.orders.toLocaleString('en')} orders pulled (${run.pages} pages of changes, ${counted[0].n.toLocaleString('en')} Expedo orders) | ${(run.orders / run.seconds).toFixed(0)} orders/s (${run.seconds.toFixed(1)} s) | Shoptet's bucket allows ~10 calls/s per shop |`,
      `| RSS of the import process (API's V8 flags, sampled every 50 ms: before ${run.rssBeforeMb.toFixed(0)} MB) | peak ${run.rssPeakMb.toFixed(0)} MB | ≤ 250 MB |`,
      `| webhook intake, one at a time (verified, stored, queued) | p50 ${ms(sequential.p50)}, p95 ${ms(sequential.p95)} | |`,
      `| webhook intake, ${CONCURRENCY} at a time (${DELIVERIES.toLocaleString('en')} deliveries; ${stored[0].n.toLocaleString('en')} stored) | ${perSecond.toFixed(0)} deliveries/s | |`,
    ].join('\n')
  } finally {
    await database.close()
    await fake.close()
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query('drop database if exists expedo_bench_shoptet with (force)').catch(() => {})
    await admin.end()
  }
}
