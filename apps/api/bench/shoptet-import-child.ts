/**
 * The import half of shoptet.bench.ts, in a process of its own started with the API's V8 flags: pulls every
 * order of the bench shop from the fake Shoptet (GET /api/orders/changes page by page, GET /api/orders/{code}
 * per order, one import transaction each) and prints {orders, seconds, rssBeforeMb, rssPeakMb} as JSON.
 */
import { createShoptetAccess } from '../src/features/eshops/index.ts'
import { createShoptetOrdersService } from '../src/features/shoptet-orders/index.ts'
import { openDatabase } from '../src/platform/db/database.ts'
import { createJobQueue } from '../src/platform/jobs/job-queue.ts'
import { sampleRss } from './rss.ts'

const env = (name: string) => {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is required`)
  return value
}
const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} }
const database = await openDatabase({ databaseUrl: env('DATABASE_URL'), dataDir: 'memory', poolMax: 4 })
const shoptet = {
  apiUrl: env('SHOPTET_API_URL'),
  oauthUrl: env('SHOPTET_OAUTH_URL'),
  clientId: env('SHOPTET_CLIENT_ID'),
  timeoutMs: 30_000,
}
const access = createShoptetAccess({ db: database.db, shoptet })
const service = createShoptetOrdersService({
  db: database.db,
  log: silent,
  queue: createJobQueue(silent),
  apiFor: (id) => access.shoptetApiFor(id),
})
const rss = sampleRss()
const started = performance.now()
const result = await service.pull(env('BENCH_ESHOP_ID'))
const seconds = (performance.now() - started) / 1000
const rssPeakMb = rss.stop()
await database.close()
console.log(
  JSON.stringify({
    orders: result?.imported ?? 0,
    failed: result?.failed ?? 0,
    pages: result?.pages ?? 0,
    seconds,
    rssBeforeMb: rss.beforeMb,
    rssPeakMb,
  }),
)
