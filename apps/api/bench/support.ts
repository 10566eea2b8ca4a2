import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { cpus, tmpdir, totalmem } from 'node:os'
import path from 'node:path'
import pg from 'pg'

export const apiRoot = path.resolve(import.meta.dirname, '..')
export const repoRoot = path.resolve(apiRoot, '../..')

export function machine(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU'
  return `${cpu}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

export function summary(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b)
  return {
    n: s.length,
    p50: percentile(s, 50),
    p95: percentile(s, 95),
    p99: percentile(s, 99),
    max: s.at(-1)!,
  }
}

export const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ms`

/**
 * A list through the data-access layer against the same statements written by hand, one call at a time
 * (each side warmed up first): what "its ratio to raw SQL" measures. Answers the table cell showing both and
 * their ratio at p50.
 */
export async function layerAgainstHand(
  layer: () => Promise<unknown>,
  hand: () => Promise<unknown>,
  options: { samples: number; warmUp: number },
): Promise<{ shown: string; ratio: string }> {
  await timeSequential(options.warmUp, layer)
  await timeSequential(options.warmUp, hand)
  const l = summary(await timeSequential(options.samples, layer))
  const h = summary(await timeSequential(options.samples, hand))
  return {
    shown: `p50 ${ms(l.p50)} vs ${ms(h.p50)}, p95 ${ms(l.p95)} vs ${ms(h.p95)}`,
    ratio: (l.p50 / h.p50).toFixed(2),
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address()
      srv.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))))
    })
  })
}

export interface RunningServer {
  url: string
  startMs: number
  /** The server process (for its memory: /proc/<pid>/status). */
  pid: number
  stop(): Promise<void>
}

/**
 * The API the benches start: this checkout's, or BENCH_SERVER_ROOT's (another checkout's apps/api, e.g. the
 * code before a change, to measure both side by side against the same database).
 */
const serverRoot = process.env.BENCH_SERVER_ROOT ?? apiRoot
/** Node's flags for the server, as `npm start` sets them; BENCH_NODE_FLAGS (space-separated) replaces them. */
export const serverFlags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [
  '--max-semi-space-size=8',
  '--max-old-space-size=192',
  '--liftoff-only',
]

/**
 * glibc's malloc settings the start scripts set (docs/adr/0010-server-memory.md, amendment 2026-11-27): two
 * arenas and memory handed back above 128 KB, so the PDF threads' native memory does not pile up.
 */
export const serverEnv: Record<string, string> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_MMAP_THRESHOLD_: '131072',
}

/**
 * Runs `bench/<script>` in a child started with the server's V8 flags and malloc settings (so its memory is
 * the server's) and answers the JSON of the last line it prints.
 */
export function runServerChild<T>(script: string, env: Record<string, string>): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...serverFlags, path.join(apiRoot, 'bench', script)], {
      cwd: apiRoot,
      env: { ...process.env, ...serverEnv, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout!.on('data', (d) => {
      out += d
    })
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`${script} exited with ${code}`))
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()!))
      } catch (error) {
        reject(error)
      }
    })
  })
}

/** Starts `node src/server.ts` and measures the time until /api/health answers 200. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort()
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, [...serverFlags, 'src/server.ts'], {
    cwd: serverRoot,
    env: { ...process.env, ...serverEnv, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${url}/api/health`)).ok) break
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  const startMs = performance.now() - started
  return {
    url,
    startMs,
    pid: child.pid!,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    },
  }
}

/** Times `count` sequential calls of `fn`. */
export async function timeSequential(count: number, fn: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = []
  for (let i = 0; i < count; i++) {
    const t = performance.now()
    await fn()
    samples.push(performance.now() - t)
  }
  return samples
}

/** A fresh, empty database `name` on the server of `adminUrl` (dropped first if it exists); its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  await client.query(`drop database if exists ${name} with (force)`)
  await client.query(`create database ${name}`)
  await client.end()
  return databaseUrl(adminUrl, name)
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Signs a demo user in and answers the token. */
export async function demoToken(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo-password' }),
  })
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`)
  return ((await res.json()) as { token: string }).token
}

const send = (url: string, token: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  })

/**
 * A section measured on a server of its own on the embedded database with the demo (a fresh data directory,
 * removed after): `measure` gets its URL and answers the table's rows (| what | measured | target |).
 */
export async function onEmbeddedDemo(
  name: string,
  title: string,
  measure: (url: string) => Promise<string[]>,
): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `expedo-bench-${name}-`))
  const embedded = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
  try {
    const rows = await measure(embedded.url)
    return [`## ${title}`, '', '| What | Measured | Target |', '| --- | --- | --- |', ...rows].join('\n')
  } finally {
    await embedded.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** A signed-in caller of one server's API: JSON in and out, any answer but 2xx fails the bench. */
export function caller(url: string, token: string) {
  return async <T = Record<string, unknown>>(method: string, p: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}/api${p}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${p} → ${res.status} ${text.slice(0, 300)}`)
    return (text ? JSON.parse(text) : undefined) as T
  }
}

/** POSTs `body` as a signed-in user; throws on any answer but 2xx. */
export async function post(url: string, token: string, body: unknown): Promise<Response> {
  const res = await send(url, token, body)
  if (!res.ok) throw new Error(`${url} → ${res.status} ${await res.text()}`)
  return res
}

/** POSTs `body`; the response, or null when the route is missing or failing (404, 5xx): not built yet. */
export async function tryPost(url: string, token: string, body: unknown): Promise<Response | null> {
  const res = await send(url, token, body)
  if (res.status === 404 || res.status >= 500) {
    await res.body?.cancel()
    return null
  }
  if (!res.ok) throw new Error(`${url} → ${res.status} ${await res.text()}`)
  return res
}

const vmRssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`

/**
 * Reads a streamed response to its end while sampling the server's RSS every 50 ms: seconds, bytes and the
 * RSS before and at its peak; null when `start` answers null (the route is not available).
 */
export async function measureStream(server: { pid: number }, start: () => Promise<Response | null>) {
  const rssBefore = vmRssKb(server.pid)
  let peak = rssBefore
  const poll = setInterval(() => {
    peak = Math.max(peak, vmRssKb(server.pid))
  }, 50)
  try {
    const started = performance.now()
    const res = await start()
    if (!res) return null
    let bytes = 0
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length
    return {
      seconds: (performance.now() - started) / 1000,
      bytes,
      rssBefore: mb(rssBefore),
      rssPeak: mb(peak),
    }
  } finally {
    clearInterval(poll)
  }
}

/**
 * SQL that drops every foreign key referencing stock_movements (goods received, inbound parcel items, and any
 * a later migration adds), keeping their definitions in `bench_dropped_fks`: a bulk load of the ledger drops
 * its primary key, which they depend on. `RESTORE_LEDGER_REFERENCES` adds them back, NOT VALID, once the key
 * is rebuilt; the table outlives the session, so a run that stopped half-way is restored by the next.
 */
export const DROP_LEDGER_REFERENCES = `
  create table if not exists bench_dropped_fks (tbl text not null, conname text not null, def text not null);
  do $$ declare r record; begin
    for r in select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def
             from pg_constraint where contype = 'f' and confrelid = 'stock_movements'::regclass loop
      insert into bench_dropped_fks values (r.tbl, r.conname, r.def);
      execute format('alter table %s drop constraint %I', r.tbl, r.conname);
    end loop;
  end $$;`

export const RESTORE_LEDGER_REFERENCES = `
  create table if not exists bench_dropped_fks (tbl text not null, conname text not null, def text not null);
  do $$ declare r record; begin
    for r in select distinct tbl, conname, def from bench_dropped_fks loop
      execute format('alter table %s add constraint %I %s not valid', r.tbl, r.conname, r.def);
    end loop;
  end $$;
  drop table bench_dropped_fks;`
