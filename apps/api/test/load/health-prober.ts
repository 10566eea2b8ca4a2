/**
 * The overload test's prober, in a process of its own at normal priority (the load generator runs niced),
 * so that what it measures is the server and not a busy client: every 50 ms it asks GET /api/health, and
 * every other time also sends the load's call once (without waiting for its answer), to time the answers a caller gets while the server is
 * saturated (a 503 should come at once). With `callsOnSignal`, it sends the calls only once a line comes on
 * its standard input (the health check is asked from the start). Stops on SIGTERM and prints its samples
 * as JSON.
 *
 *   node health-prober.ts '{"baseUrl":"http://127.0.0.1:3000","token":"…","path":"/api/…","body":{…}}'
 */
interface Args {
  baseUrl: string
  token: string
  path: string
  body: unknown
  callsOnSignal?: boolean
}
interface Sample {
  ms: number
  status: number
}

const args = JSON.parse(process.argv[2] ?? '{}') as Args
const health: Sample[] = []
const calls: Sample[] = []
let probing = true
process.on('SIGTERM', () => {
  probing = false
})
let calling = !args.callsOnSignal
if (args.callsOnSignal)
  process.stdin.once('data', () => {
    calling = true
  })

async function timed(url: string, init: RequestInit = {}): Promise<Sample> {
  const started = performance.now()
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
    await res.arrayBuffer()
    return { ms: performance.now() - started, status: res.status }
  } catch {
    return { ms: performance.now() - started, status: 0 }
  }
}

/** A call every 100 ms, not awaited by the health loop (an accepted call may take a second or two, which
 * would thin out both samples); at most four in flight, so the prober never adds load of its own. */
const inFlight = new Set<Promise<void>>()
function sendCall() {
  if (inFlight.size >= 4) return
  const done: Promise<void> = timed(`${args.baseUrl}${args.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${args.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args.body),
  }).then((sample) => {
    calls.push(sample)
    inFlight.delete(done)
  })
  inFlight.add(done)
}

for (let round = 0; probing; round++) {
  health.push(await timed(`${args.baseUrl}/api/health`))
  if (calling && round % 2 === 1) sendCall()
  await new Promise((resolve) => setTimeout(resolve, 50))
}
await Promise.all(inFlight)
console.log(JSON.stringify({ health, calls }))
