/**
 * Browser journeys: starts the built app on fresh embedded databases with demo data, then runs
 * journeys/*.spec.ts with Node's test runner driving Debian's Chromium through playwright-core.
 *
 * The journeys run in E2E_SHARDS lanes side by side (default 2, one per core of the CI machine), each
 * lane with its own server and database, each taking the next journey file when its last one ended: a
 * journey waits on the browser and the server most of its time (a single lane left ~45 % of two cores
 * idle), and every journey file passes alone on a fresh server (`npm test -w @expedo/e2e -- <name>`), so
 * none depends on another's changes. A file's output is printed whole when it ends, not interleaved.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CHROMIUM } from './support/browser.ts'
import { freePort, startServer } from './support/server.ts'

const root = path.resolve(import.meta.dirname, '..')

function ensureChromium() {
  if (existsSync(CHROMIUM)) return
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`)
    process.exit(1)
  }
  console.log('Installing Debian’s chromium for the browser tests...')
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const r = spawnSync('apt-get', args, { stdio: 'inherit', env })
    if (r.status !== 0) process.exit(r.status ?? 1)
  }
}

ensureChromium()
if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(1)
}

const filter = process.argv.slice(2)
const journeysDir = path.join(import.meta.dirname, 'journeys')
/** The journeys that take minutes (every route in five languages, every list at 1280 px): started first,
 * since a long journey started last would end alone. The rest by size, the biggest first. */
const LONGEST = ['one-language.spec.ts', 'layout-fit.spec.ts']
const rank = (f: string) => (LONGEST.includes(f) ? LONGEST.indexOf(f) - LONGEST.length : 0)
const journeys = readdirSync(journeysDir)
  .filter((f) => f.endsWith('.spec.ts') && (!filter.length || filter.some((x) => f.includes(x))))
  .sort(
    (a, b) =>
      rank(a) - rank(b) ||
      statSync(path.join(journeysDir, b)).size - statSync(path.join(journeysDir, a)).size,
  )
  .map((f) => path.join('journeys', f))
const lanes = Math.max(1, Math.min(Number(process.env.E2E_SHARDS ?? 2) || 1, journeys.length))

const work = mkdtempSync(path.join(tmpdir(), 'expedo-e2e-'))
// The accessibility check's record of the routes checked so far, shared by every journey file.
const axeSeen = path.join(work, 'axe-seen')

async function startLane(lane: number) {
  const dataDir = path.join(work, `data-${lane}`)
  const port = await freePort()
  const shoptetPort = await freePort()
  const packetaPort = await freePort()
  const server = await startServer({
    root,
    port,
    dataDir,
    shoptetPort,
    packetaPort,
    label: lanes > 1 ? `[server ${lane}] ` : '',
  })
  const env = {
    ...process.env,
    E2E_BASE_URL: `http://127.0.0.1:${port}`,
    // The demo's in-process Shoptet fake (control endpoints under /_control).
    E2E_SHOPTET_URL: `http://127.0.0.1:${shoptetPort}`,
    // The demo's Packeta fake (control endpoints under /_control: a packet's tracking advanced).
    E2E_PACKETA_URL: `http://127.0.0.1:${packetaPort}`,
    E2E_AXE_SEEN: axeSeen,
    // The first-load journey tells its own processes' CPU from the rest of the machine's.
    E2E_ROOT_PID: String(process.pid),
  }
  return { lane, server, env }
}

/** One journey file in its own test runner; its output printed whole when it ends. */
function runFile(file: string, env: NodeJS.ProcessEnv, report: string | undefined): Promise<number> {
  const reporterArgs = ['--test-reporter=spec', '--test-reporter-destination=stdout']
  if (report)
    reporterArgs.push('--test-reporter=./support/count-reporter.ts', `--test-reporter-destination=${report}`)
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-concurrency=1', ...reporterArgs, file], {
      cwd: import.meta.dirname,
      stdio: lanes > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env,
    })
    const output: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (code) => {
      process.stdout.write(Buffer.concat(output))
      resolve(code ?? 1)
    })
  })
}

const servers: Awaited<ReturnType<typeof startLane>>[] = []
let failed = false
const reports: { journey: string; report: string }[] = []
try {
  // The servers start side by side (each creates its database and loads the demo).
  const started = await Promise.allSettled(Array.from({ length: lanes }, (_, i) => startLane(i + 1)))
  for (const s of started) if (s.status === 'fulfilled') servers.push(s.value)
  const notStarted = started.find((s) => s.status === 'rejected')
  if (notStarted) throw notStarted.reason
  const queue = [...journeys]
  await Promise.all(
    servers.map(async ({ lane, env }) => {
      for (let journey = queue.shift(); journey; journey = queue.shift()) {
        if (lanes > 1) console.log(`\n[lane ${lane}] ${journey} started`)
        const report = path.join(work, `report-${reports.length}.json`)
        reports.push({ journey, report })
        if ((await runFile(journey, env, process.env.E2E_REPORT ? report : undefined)) !== 0) failed = true
      }
    }),
  )
} finally {
  await Promise.all(servers.map(({ server }) => server.stop()))
  if (process.env.E2E_REPORT) writeFileSync(process.env.E2E_REPORT, JSON.stringify(mergeReports(reports)))
  rmSync(work, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)

/** The files' count reports (support/count-reporter.ts) summed into one in the same shape. */
function mergeReports(files: { journey: string; report: string }[]) {
  const sum = {
    numPassedTests: 0,
    numFailedTests: 0,
    numPendingTests: 0,
    numTodoTests: 0,
    testResults: [] as unknown[],
  }
  for (const { journey, report: file } of files) {
    let one: typeof sum
    try {
      one = JSON.parse(readFileSync(file, 'utf8'))
    } catch {
      // A runner that broke before reporting: counted as a failure with its file named.
      sum.numFailedTests += 1
      sum.testResults.push({
        name: path.join(import.meta.dirname, journey),
        message: 'the journey file wrote no report (its output is above)',
      })
      continue
    }
    sum.numPassedTests += one.numPassedTests
    sum.numFailedTests += one.numFailedTests
    sum.numPendingTests += one.numPendingTests
    sum.numTodoTests += one.numTodoTests
    sum.testResults.push(...one.testResults)
  }
  return sum
}
