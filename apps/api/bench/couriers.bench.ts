import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createDatabase, demoToken, ms, startServer, summary, timeSequential } from './support.ts'

const rows: string[] = []
const row = (what: string, value: string, target = '') => rows.push(`| ${what} | ${value} | ${target} |`)
const BURSTS = 5
const BURST_SIZE = 20

type Courier = { _id: string; name: string; country: string; isDefault: boolean }

/** The courier page's calls, and Set as default under bursts of parallel calls (exactly one default after each). */
async function measure(url: string, label: string) {
  const token = await demoToken(url, 'admin')
  const headers = { authorization: `Bearer ${token}` }
  const get = <T>(p: string) => fetch(`${url}/api${p}`, { headers }).then((r) => r.json() as Promise<T>)
  const czech = await get<Courier[]>('/couriers?country=Czech')
  const [a, b] = czech
  if (!a || !b) throw new Error('the demo has two Czech couriers')
  const original = czech.find((c) => c.isDefault)!
  const list = () =>
    fetch(`${url}/api/couriers/${a._id}/quotations`, { headers }).then((r) => r.arrayBuffer())
  await timeSequential(20, list)
  const q = summary(await timeSequential(200, list))
  row(`${label}: GET /api/couriers/{id}/quotations (200 sequential)`, `p50 ${ms(q.p50)}, p95 ${ms(q.p95)}`)
  const bursts: number[] = []
  for (let i = 0; i < BURSTS; i++) {
    const started = performance.now()
    const answers = await Promise.all(
      Array.from({ length: BURST_SIZE }, (_, k) =>
        fetch(`${url}/api/couriers/${k % 2 ? a._id : b._id}`, { method: 'POST', headers }),
      ),
    )
    bursts.push(performance.now() - started)
    if (answers.some((r) => r.status !== 200)) throw new Error(`burst ${i}: not every call answered 200`)
    const after = await get<Courier[]>('/couriers?country=Czech')
    if (after.filter((c) => c.isDefault).length !== 1) throw new Error(`burst ${i}: not exactly one default`)
  }
  const s = summary(bursts)
  row(
    `${label}: ${BURST_SIZE} parallel POST /api/couriers/{id} for 2 couriers of one country (${BURSTS} bursts)`,
    `median ${ms(s.p50)}, max ${ms(s.max)} a burst; exactly one default after each`,
  )
  await fetch(`${url}/api/couriers/${original._id}`, { method: 'POST', headers })
}

/** Couriers: the quotations list and concurrent Set as default, on PGlite and PostgreSQL. */
export async function couriersBench(): Promise<string> {
  rows.length = 0
  const dataDir = mkdtempSync(path.join(tmpdir(), 'expedo-bench-couriers-'))
  const embedded = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
  try {
    await measure(embedded.url, 'PGlite')
  } finally {
    await embedded.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (adminUrl) {
    const server = await startServer({
      DATABASE_URL: await createDatabase(adminUrl, 'expedo_bench_couriers'),
    })
    try {
      await measure(server.url, 'PostgreSQL')
    } finally {
      await server.stop()
    }
  } else {
    row('PostgreSQL', 'skipped (set DATABASE_URL or BENCH_DATABASE_URL)')
  }
  return ['## Couriers', '', '| measure | result | target |', '|---|---|---|', ...rows].join('\n')
}
