import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { createDatabase, ms, repoRoot, startServer, summary, timeSequential } from './support.ts'

// The sign-in rate limiter would stop the latency loop; this measures sign-in itself.
const benchEnv = { AUTH_RATE_LIMIT: '1000000' }

const rows: string[] = []
const row = (what: string, value: string, target = '') => rows.push(`| ${what} | ${value} | ${target} |`)

/** The server's resident memory now and its highest since it started (VmRSS, VmHWM), in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const mb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1]) / 1024
  return { rss: mb('VmRSS'), peak: mb('VmHWM') }
}

/** Memory once the started server has been idle for a few seconds (pg-boss's first polls included). */
async function memoryAtRest(pid: number) {
  await new Promise((r) => setTimeout(r, 5000))
  return memoryOf(pid)
}

const mbs = (values: number[]) => {
  const s = summary(values)
  return `median ${s.p50.toFixed(0)} MB, max ${s.max.toFixed(0)} MB`
}

async function signinOnce(url: string) {
  const res = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'eshop1', password: 'demo-password' }),
  })
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`)
  await res.arrayBuffer()
}

async function latencies(url: string, label: string) {
  await timeSequential(50, () => fetch(`${url}/api/health`).then((r) => r.arrayBuffer())) // warm-up
  const health = summary(
    await timeSequential(1000, () => fetch(`${url}/api/health`).then((r) => r.arrayBuffer())),
  )
  row(
    `${label}: GET /api/health (1,000 sequential)`,
    `p50 ${ms(health.p50)}, p95 ${ms(health.p95)}, p99 ${ms(health.p99)}`,
  )
  await signinOnce(url)
  const signin = summary(await timeSequential(50, () => signinOnce(url)))
  row(
    `${label}: POST /api/auth/signin (50 sequential, argon2id 19 MiB × 2)`,
    `p50 ${ms(signin.p50)}, p95 ${ms(signin.p95)}`,
  )
}

/** Sums the gzip size of every same-origin file Chromium loads for /signin (HTML, JS, CSS, fonts, images). */
async function firstLoadGzip(url: string): Promise<{ total: number; files: number } | string> {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (!existsSync(chromiumPath)) return 'skipped (no Chromium)'
  const { chromium } = await import('playwright-core')
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  })
  try {
    const page = await browser.newPage()
    const bodies: Buffer[] = []
    page.on('response', async (response) => {
      if (!response.url().startsWith(url) || response.url().includes('/api/')) return
      try {
        bodies.push(await response.body())
      } catch {
        // redirects have no body
      }
    })
    await page.goto(`${url}/signin`, { waitUntil: 'networkidle' })
    await page.waitForTimeout(500)
    const total = bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0)
    return { total, files: bodies.length }
  } finally {
    await browser.close()
  }
}

export async function foundationBench(): Promise<string> {
  rows.length = 0
  // Embedded database: first start (migrate + seed) and cold start on the existing data directory.
  const first: number[] = []
  const cold: number[] = []
  const memory = {
    firstPeak: [] as number[],
    firstRest: [] as number[],
    coldPeak: [] as number[],
    coldRest: [] as number[],
  }
  for (let i = 0; i < 3; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'expedo-bench-'))
    const a = await startServer({ ...benchEnv, DATA_DIR: dataDir, DATABASE_URL: '' })
    first.push(a.startMs)
    const aMemory = await memoryAtRest(a.pid)
    memory.firstPeak.push(aMemory.peak)
    memory.firstRest.push(aMemory.rss)
    await a.stop()
    const b = await startServer({ ...benchEnv, DATA_DIR: dataDir, DATABASE_URL: '' })
    cold.push(b.startMs)
    const bMemory = await memoryAtRest(b.pid)
    memory.coldPeak.push(bMemory.peak)
    memory.coldRest.push(bMemory.rss)
    if (i === 2) {
      await latencies(b.url, 'PGlite')
      const size = existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))
        ? await firstLoadGzip(b.url)
        : 'skipped (web not built: npm run build)'
      row(
        'First load of /signin, gzip -9 of every file the browser fetches',
        typeof size === 'string' ? size : `${(size.total / 1024).toFixed(1)} KB in ${size.files} files`,
        '≤ 250 KB',
      )
    }
    await b.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  const f = summary(first)
  const c = summary(cold)
  row('PGlite: first start (create, migrate, seed demo), to /api/health 200', `median ${ms(f.p50)} (3 runs)`)
  row('PGlite: cold start on an existing data dir, to /api/health 200', `median ${ms(c.p50)} (3 runs)`)
  row(
    'PGlite: API process peak RSS during first start (VmHWM; migrate + seed)',
    mbs(memory.firstPeak),
    '< 600 MB',
  )
  row('PGlite: API process RSS at rest after first start (5 s idle)', mbs(memory.firstRest), '< 400 MB')
  row('PGlite: API process peak RSS during a cold start (VmHWM)', mbs(memory.coldPeak))
  row('PGlite: API process RSS at rest after a cold start (5 s idle)', mbs(memory.coldRest), '< 400 MB')

  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (adminUrl) {
    const url = await createDatabase(adminUrl, 'expedo_bench_foundation')
    const a = await startServer({ ...benchEnv, DATABASE_URL: url })
    row('PostgreSQL: first start (migrate, seed demo), to /api/health 200', ms(a.startMs))
    const aMemory = await memoryAtRest(a.pid)
    await a.stop()
    const b = await startServer({ ...benchEnv, DATABASE_URL: url })
    row('PostgreSQL: cold start on a migrated database, to /api/health 200', ms(b.startMs))
    const bMemory = await memoryAtRest(b.pid)
    row(
      'PostgreSQL: API process RSS (the database server not counted): first start peak / at rest',
      `${aMemory.peak.toFixed(0)} MB / ${aMemory.rss.toFixed(0)} MB`,
    )
    row(
      'PostgreSQL: API process RSS: cold start peak / at rest',
      `${bMemory.peak.toFixed(0)} MB / ${bMemory.rss.toFixed(0)} MB`,
    )
    await latencies(b.url, 'PostgreSQL')
    await b.stop()
  } else {
    row('PostgreSQL', 'skipped (set DATABASE_URL or BENCH_DATABASE_URL)')
  }
  return ['## Foundation', '', '| measure | result | target |', '|---|---|---|', ...rows].join('\n')
}
