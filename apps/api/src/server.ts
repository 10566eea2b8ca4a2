import { existsSync } from 'node:fs'
import path from 'node:path'
import { ConfigError, loadConfig } from './config/env.ts'

const started = performance.now()
/** The longest a stop takes: the jobs' own bound (platform/jobs) fits in it with the database's close. */
const SHUTDOWN_BOUND_MS = 9_500
let loaded: ReturnType<typeof loadConfig>
try {
  loaded = loadConfig()
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}

// The configuration is checked first, with only its own light imports: a bad variable is reported at once,
// not after the many seconds of loading the app's modules.
const [
  { buildApp },
  { DEMO_PASSWORD, demoUsers, isEmpty, seedDemo },
  { startDevFakes },
  { connectDemoShop },
  { seedDemoHandovers },
  { MONTHLY_BILLS },
  { SHOPTET_PULL_SCHEDULE },
  { LABEL_TRACKING_SCHEDULE },
  { HANDOVER_PICKUP_SCHEDULE },
  { openDatabase, prepareDatabase, reopenDatabase },
  { startJobs },
  { EVERY_DAY, EVERY_MINUTE, scheduleMaintenance },
] = await Promise.all([
  import('./app.ts'),
  import('./db/seed/demo.ts'),
  import('./dev/fakes/dev-fakes.ts'),
  import('./dev/shoptet-demo/shoptet-demo.ts'),
  import('./dev/handover-demo/handover-demo.ts'),
  import('./features/bills/index.ts'),
  import('./features/shoptet-orders/index.ts'),
  import('./features/labels/index.ts'),
  import('./features/handovers/index.ts'),
  import('./platform/db/database.ts'),
  import('./platform/jobs/jobs.ts'),
  import('./platform/jobs/maintenance.ts'),
])

// The local fakes of the external services that are not configured (outside production only).
const fakes = await startDevFakes(loaded)
const config = fakes.config
const databaseOptions = {
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolMax: config.poolMax,
  poolWaitMs: config.poolWaitMs,
}
// The first start's slow steps say what they do (plain lines on stdout, before the JSON log begins).
const step = (line: string) => console.log(line)
// A stop asked for before the server is up (the first start migrates and loads the demo data for a minute or
// more): the step under way is cut and rolled back, the database closed, and the process ends with 0; the
// next start does the set-up again. Once the server is up, shutdown() below takes over.
const setupStop = new AbortController()
const stopSetup = (signal: NodeJS.Signals) => {
  if (setupStop.signal.aborted) return
  step(`${signal}: stopping before the server is up; what was being set up is rolled back.`)
  setupStop.abort(signal)
}
process.on('SIGINT', stopSetup)
process.on('SIGTERM', stopSetup)
/** Ends the process if a stop was asked for during the set-up, once `database` (if open) is closed. */
async function exitIfStopped(database?: { close(): Promise<void> }) {
  if (!setupStop.signal.aborted) return
  await database?.close().catch(() => {})
  await fakes.close()
  step('Stopped.')
  process.exit(0)
}
if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
  step(`Creating the embedded database in ${config.dataDir}…`)
}
let database = await openDatabase(databaseOptions)
await exitIfStopped(database)
const seedStarted = performance.now()
const { empty, filled: seeded } = await prepareDatabase(
  database,
  { isEmpty, fill: config.seedDemo ? (db) => seedDemo(db, step) : undefined },
  setupStop.signal,
).catch(async (error: unknown) => {
  await exitIfStopped(database)
  throw error
})
if (seeded) {
  step(`Demo data loaded in ${Math.round((performance.now() - seedStarted) / 1000)} s.`)
  // The seed grew PGlite's WebAssembly heap, which never shrinks: the embedded database starts again from
  // a small one, as on every later start (docs/adr/0010-server-memory.md).
  if (database.embedded) database = await reopenDatabase(database, databaseOptions)
}
await exitIfStopped(database)
const {
  app,
  queue,
  services,
  maintenance,
  minutely,
  daily,
  monthly,
  shoptetPulls,
  labelTracking,
  handoverPickups,
} = await buildApp({ config, database })
const log = app.log
for (const { service, baseUrl } of fakes.started) {
  log.info({ baseUrl }, `${service} is not configured: the local fake answers in its place`)
}
if (empty && !seeded) {
  log.warn(
    'The database has no users. Create the first admin from the repository root, with the same DATABASE_URL or DATA_DIR: npm run users:create-admin -- <username>',
  )
}
// Every process queues its background jobs in pg-boss; with JOBS_ENABLED=false it leaves running them, and
// the schedules, to the processes with workers (README "Running on PostgreSQL and scaling out").
const jobs = await startJobs(database.url, log, { workers: config.jobsEnabled })
await queue.attach(jobs)
// Aborted first thing on a stop: a maintenance job under way ends after its current statement.
const stoppingJobs = new AbortController()
if (jobs.workers) {
  const stopping = stoppingJobs.signal
  await scheduleMaintenance(jobs, maintenance, log, undefined, stopping)
  await scheduleMaintenance(jobs, minutely, log, EVERY_MINUTE, stopping)
  await scheduleMaintenance(jobs, daily, log, EVERY_DAY, stopping)
  await scheduleMaintenance(jobs, monthly, log, MONTHLY_BILLS, stopping)
  await scheduleMaintenance(jobs, shoptetPulls, log, SHOPTET_PULL_SCHEDULE, stopping)
  await scheduleMaintenance(jobs, labelTracking, log, LABEL_TRACKING_SCHEDULE, stopping)
  await scheduleMaintenance(jobs, handoverPickups, log, HANDOVER_PICKUP_SCHEDULE, stopping)
}

let demoShop: Awaited<ReturnType<typeof connectDemoShop>>
let stopping = false
/**
 * SIGTERM (a process manager, a container runtime, `kill`) or SIGINT (Ctrl-C): stops taking requests and
 * jobs, lets the requests and jobs under way finish, closes the database and exits 0; whatever is still
 * running after SHUTDOWN_BOUND_MS ends with the process (exit 1), so a stop never takes more than ~10 s.
 */
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  log.info({ signal }, 'shutting down')
  const force = setTimeout(() => {
    log.error({ signal }, 'shutdown took too long: exiting with requests or jobs unfinished')
    process.exit(1)
  }, SHUTDOWN_BOUND_MS)
  force.unref()
  stoppingJobs.abort()
  demoShop?.stop()
  // Both at once, within the bound: Fastify answers its in-flight requests, pg-boss its running jobs.
  await Promise.all([app.close(), jobs?.stop()])
  await database.close()
  await fakes.close()
  log.info({ signal }, 'stopped')
  process.exit(0)
}
process.off('SIGINT', stopSetup)
process.off('SIGTERM', stopSetup)
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
// A stop asked for while the app was being built: now that shutdown() can close it, it stops.
if (setupStop.signal.aborted) await shutdown(String(setupStop.signal.reason))

await app.listen({ port: config.port, host: config.host })
// The port it listens on: PORT=0 takes a free one, which only the listening server can name.
const bound = app.server.address()
const port = typeof bound === 'object' && bound ? bound.port : config.port
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`
log.info(
  { ms: Math.round(performance.now() - started), seeded, port },
  `Expedo ready on http://localhost:${port} — ${where}`,
)
// The demo's Shoptet shop (README "Demo"): eshop1's connection to the local fake, selling every 2 minutes.
const { apiUrl, oauthUrl, clientId, clientSecret, timeoutMs } = config.shoptet
if (fakes.shoptet && config.seedDemo && apiUrl && oauthUrl && clientId) {
  try {
    demoShop = await connectDemoShop({
      db: database.db,
      fake: fakes.shoptet,
      shoptet: { apiUrl, oauthUrl, clientId, clientSecret, timeoutMs },
      appUrl: `http://127.0.0.1:${config.port}`,
    })
    if (demoShop)
      log.info(
        { shoptetEshopId: demoShop.shoptetEshopId },
        'Demo Shoptet shop connected to eshop1: a new order every 2 minutes',
      )
  } catch (err) {
    log.error({ err }, 'the demo Shoptet shop could not be connected')
  }
}
// The demo's courier handover (first start): Zásilkovna labels through the local Packeta fake, one open handover.
if (seeded && jobs.workers && fakes.started.some((f) => f.service === 'Packeta')) {
  seedDemoHandovers({ db: database.db, labels: services.labels, handovers: services.handovers }).then(
    (demo) => log.info(demo, 'Demo courier handover: parcels ready and an open handover'),
    (err: unknown) => log.error({ err }, 'the demo courier handover could not be prepared'),
  )
}
if (seeded) {
  console.log(
    `\nDemo data loaded. Sign in at http://localhost:${config.port}/signin as ${demoUsers
      .map((u) => u.username)
      .join(', ')} — password "${DEMO_PASSWORD}"\n`,
  )
}
