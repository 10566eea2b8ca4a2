/**
 * Closed-loop load for the throughput benches: `connections` callers, each on its own keep-alive socket,
 * send the same request back to back for `seconds`; and the same for SQL replayed by pgbench. Both answer
 * requests per second and latency percentiles, measured side by side in one run.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Db, openDatabase } from '../src/platform/db/database.ts'
import { summary } from './support.ts'

export interface LoadResult {
  rps: number
  p50: number
  p95: number
  /** Answers other than 2xx, and transport errors. */
  failed: number
}

/**
 * POSTs `body` to `url` (or GETs `url`, query included, when `body` is undefined) as `token` with
 * `connections` callers for `seconds` (after a 1 s warm-up).
 */
export async function httpLoad(options: {
  url: string
  token: string
  body?: unknown
  connections: number
  seconds: number
}): Promise<LoadResult> {
  const { connections } = options
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const get = options.body === undefined
  const payload = Buffer.from(get ? '' : JSON.stringify(options.body))
  const target = new URL(options.url)
  const once = () =>
    new Promise<number>((resolve) => {
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: get ? 'GET' : 'POST',
          headers: {
            authorization: `Bearer ${options.token}`,
            ...(get ? {} : { 'content-type': 'application/json', 'content-length': payload.length }),
          },
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        },
      )
      req.on('error', () => resolve(0))
      req.end(payload)
    })
  const run = async (seconds: number) => {
    const samples: number[] = []
    let failed = 0
    const until = performance.now() + seconds * 1000
    const started = performance.now()
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < until) {
          const t = performance.now()
          const status = await once()
          if (status >= 200 && status < 300) samples.push(performance.now() - t)
          else failed++
        }
      }),
    )
    return { samples, failed, elapsed: (performance.now() - started) / 1000 }
  }
  await run(1)
  const { samples, failed, elapsed } = await run(options.seconds)
  agent.destroy()
  const s = summary(samples)
  return { rps: samples.length / elapsed, p50: s.p50, p95: s.p95, failed }
}

export interface Statement {
  text: string
  values: unknown[]
}

/**
 * pgbench replaying `statements` (one transaction = all of them, in order) with `connections` clients for
 * `seconds`: `extended` parses and plans every statement each time, `prepared` parses once per connection.
 * The parameters are passed as pgbench variables, so the server sees the same statements the API sends.
 */
export async function pgbenchLoad(options: {
  databaseUrl: string
  statements: Statement[]
  connections: number
  seconds: number
  mode: 'extended' | 'prepared'
}): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'expedo-pgbench-'))
  const defines: string[] = []
  const script = options.statements
    .map((statement, s) => {
      for (const [v, value] of statement.values.entries())
        defines.push('-D', `p${s}_${v + 1}=${pgText(value)}`)
      return `${statement.text.replace(/\$(\d+)/g, (_, n) => `:p${s}_${n}`).replace(/\s+/g, ' ')};`
    })
    .join('\n')
  const file = path.join(dir, 'script.sql')
  writeFileSync(file, `${script}\n`)
  const url = new URL(options.databaseUrl)
  const args = [
    '-n',
    '-M',
    options.mode,
    '-c',
    String(options.connections),
    '-j',
    String(Math.min(options.connections, 2)),
    '-T',
    String(options.seconds),
    '-r',
    '-f',
    file,
    ...defines,
    '-h',
    url.hostname,
    '-p',
    url.port || '5432',
    '-U',
    decodeURIComponent(url.username) || 'postgres',
    url.pathname.slice(1),
  ]
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] })
      let text = ''
      child.stdout.on('data', (d) => {
        text += d
      })
      child.stderr.on('data', (d) => {
        text += d
      })
      child.on('error', reject)
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`pgbench: ${text}`))))
    })
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1])
    const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1])
    const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0)
    // pgbench reports the mean latency; with a closed loop p50 ≈ mean (no percentiles without a log).
    return { rps: tps, p50: latency, p95: Number.NaN, failed }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** A parameter as PostgreSQL's text format (what node-postgres sends). */
function pgText(value: unknown): string {
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return `{${value.map((v) => `"${String(v)}"`).join(',')}}`
  if (value === null || value === undefined) throw new Error('pgbench cannot pass a NULL parameter')
  return String(value)
}

/**
 * The statements `run` sends through a pool of its own on `url` (text and parameters, as the repository sends
 * them), captured from the pool: what a raw replay runs beside the API.
 */
export async function captureStatements(
  url: string,
  run: (db: Db) => Promise<unknown>,
): Promise<Statement[]> {
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory', poolMax: 1 })
  const statements: Statement[] = []
  const query = database.pool.query.bind(database.pool) as (...args: unknown[]) => unknown
  ;(database.pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    // Drizzle passes the values beside the config: query(config, values).
    const config = args[0] as { text: string; values?: unknown[] }
    statements.push({ text: config.text, values: (args[1] as unknown[] | undefined) ?? config.values ?? [] })
    return query(...args)
  }
  try {
    await run(database.db)
  } finally {
    await database.close()
  }
  return statements
}
