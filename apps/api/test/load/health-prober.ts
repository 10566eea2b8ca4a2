/**
 * Asks GET /api/health every 50 ms until it is told to stop (SIGTERM), in a process of its own so that the
 * load generator's busy event loop does not add to what it measures; prints the latencies as JSON.
 *
 *   node health-prober.ts http://127.0.0.1:3000
 */
const baseUrl = process.argv[2]
const samples: { ms: number; status: number }[] = []
let probing = true
process.on('SIGTERM', () => {
  probing = false
})

while (probing) {
  const started = performance.now()
  let status = 0
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(10_000) })
    await res.arrayBuffer()
    status = res.status
  } catch {
    status = 0
  }
  samples.push({ ms: performance.now() - started, status })
  await new Promise((resolve) => setTimeout(resolve, 50))
}
console.log(JSON.stringify(samples))
