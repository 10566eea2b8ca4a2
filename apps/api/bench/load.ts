/**
 * Closed-loop load for the throughput benches: `connections` callers, each on its own keep-alive socket,
 * send the same request back to back for `seconds` (wrk); and the same for SQL replayed by pgbench. Both answer
 * requests per second and latency percentiles, measured side by side in one run.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Db, openDatabase } from '../src/platform/db/database.ts'
import { ensureDebianTool } from '../test/debian-tool.ts'

export interface LoadResult {
  rps: number
  p50: number
  p95: number
  /** Answers other than 2xx, and transport errors. */
  failed: number
}

/**
 * POSTs `body` to `url` (or GETs `url`, query included, when `body` is undefined) as `token` with
 * `connections` callers for `seconds` (after a 1 s warm-up), driven by wrk (Debian `wrk`, installed like
 * the tests' Debian tools). A C generator, like pgbench on the raw side: on two cores the generator shares
 * the CPU with the API and PostgreSQL, and the Node client this replaced spent so much of it per request
 * that it took 7–35 % off the API's figure (measured side by side, 2026-11-27).
 */
export async function httpLoad(options: {
  url: string
  token: string
  body?: unknown
  connections: number
  seconds: number
}): Promise<LoadResult> {
  const wrk = ensureDebianTool('wrk', 'wrk')
  const dir = mkdtempSync(path.join(tmpdir(), 'expedo-wrk-'))
  const lua = (s: string) => JSON.stringify(s) // a JSON string is a valid Lua string literal here (ASCII)
  const script = [
    options.body === undefined ? 'wrk.method = "GET"' : 'wrk.method = "POST"',
    options.body === undefined ? '' : `wrk.body = ${lua(JSON.stringify(options.body))}`,
    options.body === undefined ? '' : 'wrk.headers["Content-Type"] = "application/json"',
    `wrk.headers["Authorization"] = ${lua(`Bearer ${options.token}`)}`,
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    '  io.write(string.format("WRK %d %d %d %d %.1f %.1f\\n", summary.requests, summary.duration,',
    '    e.status, e.connect + e.read + e.write + e.timeout, latency:percentile(50), latency:percentile(95)))',
    'end',
  ].join('\n')
  const file = path.join(dir, 'load.lua')
  writeFileSync(file, script)
  const threads = String(Math.min(options.connections, 2))
  const run = (seconds: number) =>
    output(wrk, [
      '-t',
      threads,
      '-c',
      String(options.connections),
      '-d',
      `${seconds}s`,
      '--timeout',
      '30s',
      '-s',
      file,
      options.url,
    ])
  try {
    await run(1)
    const out = await run(options.seconds)
    const m = /WRK (\d+) (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+)/.exec(out)
    if (!m) throw new Error(`wrk: no summary in ${out}`)
    const [requests, durationUs, status, transport, p50Us, p95Us] = m.slice(1).map(Number) as number[]
    const failed = (status ?? 0) + (transport ?? 0)
    return {
      rps: ((requests ?? 0) - (status ?? 0)) / ((durationUs ?? 1) / 1e6),
      p50: (p50Us ?? 0) / 1000,
      p95: (p95Us ?? 0) / 1000,
      failed,
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
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
    const out = await output('pgbench', args)
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1])
    const latency = Number(/latency average = ([\d.]+) ms/.exec(out)?.[1])
    const failed = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0)
    // pgbench reports the mean latency; with a closed loop p50 ≈ mean (no percentiles without a log).
    return { rps: tps, p50: latency, p95: Number.NaN, failed }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** What `command` printed (stdout and stderr), once it has exited with 0. */
function output(command: string, args: string[]): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let text = ''
    child.stdout.on('data', (d) => {
      text += d
    })
    child.stderr.on('data', (d) => {
      text += d
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`${path.basename(command)}: ${text}`)),
    )
  })
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
