/**
 * The embedded database (PGlite) under the demo: the server's memory at rest and under load, the orders
 * list's throughput, and overload (200 callers creating orders for 8 s, as overload.load.test.ts does,
 * against the server as `npm start` runs it): how fast refusals and accepted calls answer and whether
 * /api/health keeps answering. Meant to compare PGlite on the API's thread with PGlite on a thread of its
 * own (BENCH_VARIANT=before BENCH_SERVER_ROOT=<the older checkout>/apps/api).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { httpLoad } from './load.ts'
import { apiRoot, demoToken, ms, percentile, startServer } from './support.ts'

const rows: string[] = []
const row = (what: string, value: string, target = '') => rows.push(`| ${what} | ${value} | ${target} |`)
const log = (s: string) => console.log(`  ${s}`)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8)

/** The server's resident memory now and its highest since it started (VmRSS, VmHWM), in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const mb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1]) / 1024
  return { rss: mb('VmRSS'), peak: mb('VmHWM') }
}

/** The highest VmRSS of `pid` while `work` runs, sampled every 100 ms. */
async function peakDuring<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = memoryOf(pid).rss
  const poll = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rss)
  }, 100)
  try {
    const result = await work()
    return { result, peakMb: Math.max(peak, memoryOf(pid).rss) }
  } finally {
    clearInterval(poll)
  }
}

const mb = (v: number) => `${v.toFixed(0)} MB`

interface Sample {
  ms: number
  status: number
}

/** test/load's generator or prober in a process of its own; its JSON output once it exits. */
function loadScript<T>(
  name: string,
  arg: unknown,
  lowPriority = false,
): { child: ChildProcess; output: Promise<T> } {
  const script = path.join(apiRoot, 'test/load', name)
  const child = lowPriority
    ? spawn('nice', ['-n', '19', process.execPath, script, JSON.stringify(arg)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
    : spawn(process.execPath, [script, JSON.stringify(arg)], { stdio: ['ignore', 'pipe', 'inherit'] })
  const output = new Promise<T>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (chunk) => {
      out += chunk
    })
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${name} exited with ${code}`)),
    )
  })
  return { child, output }
}

interface LoadReport {
  statuses: Record<string, number>
  errors: number
  accepted: { count: number; p50: number; p99: number; max: number }
  refused: { count: number; p50: number | null; p99: number | null }
  recovery: { ms: number; status: number }[]
}

const p = (values: number[], q: number) =>
  values.length
    ? ms(
        percentile(
          [...values].sort((a, b) => a - b),
          q,
        ),
      )
    : '–'

/** overload.load.test.ts's load on the running server: 200 callers creating orders for 8 s. */
async function overload(server: { url: string; pid: number }, token: string) {
  const call = {
    baseUrl: server.url,
    token,
    path: '/api/orders/create/new',
    body: { shipTo: { country: 'Czech', city: 'Brno', street: 'Údolní', postcode: '602 00' } },
  }
  const prober = loadScript<{ health: Sample[]; calls: Sample[] }>('health-prober.ts', call)
  const { result: report, peakMb } = await peakDuring(
    server.pid,
    () => loadScript<LoadReport>('load-generator.ts', { ...call, concurrency: 200, seconds: 8 }, true).output,
  )
  prober.child.kill('SIGTERM')
  const { health, calls } = await prober.output
  const healthMs = health.map((s) => s.ms)
  const refusedMs = calls.filter((c) => c.status === 503).map((c) => c.ms)
  const acceptedMs = calls.filter((c) => c.status === 201).map((c) => c.ms)
  const recoveryMs = report.recovery.map((r) => r.ms)
  const statuses = Object.entries(report.statuses)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ')
  log(`overload: ${statuses}; health p50 ${p(healthMs, 50)}, p99 ${p(healthMs, 99)}`)
  row(
    'Overload, 200 callers × 8 s creating orders: answers',
    `${statuses}${report.errors ? `, ${report.errors} errors` : ''}; ${(report.accepted.count / 8).toFixed(0)} orders/s accepted`,
  )
  row(
    'Overload: refused calls (the prober’s, at normal priority)',
    `n=${refusedMs.length}, p50 ${p(refusedMs, 50)}, p95 ${p(refusedMs, 95)}`,
    'p95 < 100 ms',
  )
  row(
    'Overload: accepted calls (the generator’s)',
    `p50 ${ms(report.accepted.p50)}, p99 ${ms(report.accepted.p99)} (prober’s: n=${acceptedMs.length}, p50 ${p(acceptedMs, 50)})`,
    'p99 < 2 s',
  )
  row(
    'Overload: GET /api/health meanwhile',
    `n=${health.length}, p50 ${p(healthMs, 50)}, p95 ${p(healthMs, 95)}, p99 ${p(healthMs, 99)}, max ${p(healthMs, 100)}`,
    'p95 < 100 ms',
  )
  row('Overload: the 10 calls right after', `p50 ${p(recoveryMs, 50)}`, 'p50 < 100 ms')
  row('Overload: server RSS, highest during the load', mb(peakMb), '≤ 250 MB (ADR 0010)')
}

export async function embeddedBench(): Promise<string> {
  rows.length = 0
  const dataDir = mkdtempSync(path.join(tmpdir(), 'expedo-bench-embedded-'))
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: '' }
    const first = await startServer(env) // creates and seeds
    await new Promise((r) => setTimeout(r, 5000))
    const firstMemory = memoryOf(first.pid)
    row('`npm start`, first start (seeds the demo): until /api/health answers', ms(first.startMs))
    row(
      'First start: RSS at rest 5 s later / highest during the start',
      `${mb(firstMemory.rss)} / ${mb(firstMemory.peak)}`,
    )
    await first.stop()

    const server = await startServer({ ...env, MAX_IN_FLIGHT: '1000' })
    try {
      await new Promise((r) => setTimeout(r, 5000))
      const idle = memoryOf(server.pid)
      row('Later start: until /api/health answers', ms(server.startMs))
      row(
        'Later start: RSS idle 5 s later / highest during the start',
        `${mb(idle.rss)} / ${mb(idle.peak)}`,
        '≤ 250 MB',
      )
      const token = await demoToken(server.url, 'operator')
      for (const connections of [1, 8, 32]) {
        const { result: load, peakMb } = await peakDuring(server.pid, () =>
          httpLoad({ url: `${server.url}/api/orders`, token, body: {}, connections, seconds: SECONDS }),
        )
        log(`orders list, ${connections} connections: ${load.rps.toFixed(0)} req/s`)
        row(
          `POST /api/orders {} (the orders list) as staff, ${connections} connection${connections > 1 ? 's' : ''}, ${SECONDS} s`,
          `${load.rps.toFixed(0)} req/s, p50 ${ms(load.p50)}${Number.isNaN(load.p95) ? '' : `, p95 ${ms(load.p95)}`}${load.failed ? `, ${load.failed} failed` : ''}; RSS peak ${mb(peakMb)}`,
        )
      }
    } finally {
      await server.stop()
    }

    // Overload with the production limits (MAX_IN_FLIGHT and the loop-delay shedding as configured by default).
    const shedding = await startServer(env)
    try {
      await overload(shedding, await demoToken(shedding.url, 'eshop1'))
    } finally {
      await shedding.stop()
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  return [
    '## Embedded database (PGlite, demo data)',
    '',
    `The server as \`npm start\` runs it on the embedded database; RSS is the whole process's (/proc/<pid>/status). Load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}.`,
    '',
    '| What | Measured | Target |',
    '|---|---|---|',
    ...rows,
  ].join('\n')
}
