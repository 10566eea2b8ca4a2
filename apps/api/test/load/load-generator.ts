/**
 * A load generator for the overload test, run in its own process so that it does not share the server's
 * event loop: `concurrency` callers (joining over the first second) send `POST path` with `body` back to
 * back for `seconds` (a refused caller waits as long as Retry-After says); then the load stops and one caller measures recovery. Prints
 * one JSON line of what it saw. (The health check is probed by health-prober.ts, in a process of its own.)
 *
 *   node load-generator.ts '{"baseUrl":"http://127.0.0.1:3000","token":"…","path":"/api/…","body":{…},
 *                            "concurrency":200,"seconds":8}'
 */
import { percentile } from './percentile.ts'

interface Args {
  baseUrl: string
  token: string
  path: string
  body: unknown
  concurrency: number
  seconds: number
}

const args = JSON.parse(process.argv[2] ?? '{}') as Args
const statuses: Record<string, number> = {}
const accepted: number[] = []
const refused: { ms: number; retryAfter: string | null }[] = []
const recovery: { ms: number; status: number }[] = []
let errors = 0
const errorKinds: Record<string, number> = {}

async function timed(url: string, init: RequestInit = {}): Promise<{ ms: number; res: Response | null }> {
  const started = performance.now()
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) })
    await res.arrayBuffer()
    return { ms: performance.now() - started, res }
  } catch (error) {
    const kind = (error as Error).name
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1
    return { ms: performance.now() - started, res: null }
  }
}

const post = () =>
  timed(`${args.baseUrl}${args.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${args.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args.body),
  })

const until = Date.now() + args.seconds * 1000
async function caller() {
  while (Date.now() < until) {
    const { ms, res } = await post()
    if (!res) {
      errors++
      continue
    }
    statuses[res.status] = (statuses[res.status] ?? 0) + 1
    if (res.status < 300) accepted.push(ms)
    else if (res.status === 503) {
      const retryAfter = res.headers.get('retry-after')
      refused.push({ ms, retryAfter })
      // A well-behaved client waits as long as Retry-After asks before asking again.
      await new Promise((r) => setTimeout(r, (Number(retryAfter) || 1) * 1000))
    }
  }
}

// The callers join over the first second, as clients do (not all in the same millisecond), and then stay.
await Promise.all(
  Array.from({ length: args.concurrency }, async (_, i) => {
    await new Promise((r) => setTimeout(r, (i * 1000) / args.concurrency))
    await caller()
  }),
)
// Recovery: right after the load, one caller at a time.
for (let i = 0; i < 10; i++) {
  const { ms, res } = await post()
  recovery.push({ ms, status: res?.status ?? 0 })
}

/** A percentile in ms to a tenth (null when there are no values). */
const pct = (values: number[], p: number) => Math.round(percentile(values, p) * 10) / 10
console.log(
  JSON.stringify({
    statuses,
    errors,
    errorKinds,
    accepted: {
      count: accepted.length,
      p50: pct(accepted, 50),
      p99: pct(accepted, 99),
      max: pct(accepted, 100),
    },
    refused: {
      count: refused.length,
      p50: pct(
        refused.map((r) => r.ms),
        50,
      ),
      p99: pct(
        refused.map((r) => r.ms),
        99,
      ),
      withoutRetryAfter: refused.filter((r) => !r.retryAfter).length,
    },
    recovery,
  }),
)
