/**
 * Browser journeys: starts the built app on a fresh embedded database with demo data, then runs
 * journeys/*.spec.ts with Node's test runner driving Debian's Chromium through playwright-core.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
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

const dataDir = mkdtempSync(path.join(tmpdir(), 'expedo-e2e-'))
const axeDir = mkdtempSync(path.join(tmpdir(), 'expedo-e2e-axe-'))
const port = await freePort()
const shoptetPort = await freePort()
const packetaPort = await freePort()
const server = await startServer({ root, port, dataDir, shoptetPort, packetaPort })
const filter = process.argv.slice(2)
const journeys = readdirSync(path.join(import.meta.dirname, 'journeys'))
  .filter((f) => f.endsWith('.spec.ts') && (!filter.length || filter.some((x) => f.includes(x))))
  .map((f) => path.join('journeys', f))

const reporterArgs = ['--test-reporter=spec', '--test-reporter-destination=stdout']
if (process.env.E2E_REPORT) {
  reporterArgs.push(
    '--test-reporter=./support/count-reporter.ts',
    `--test-reporter-destination=${process.env.E2E_REPORT}`,
  )
}
const code = await new Promise<number>((resolve) => {
  const child = spawn(process.execPath, ['--test', '--test-concurrency=1', ...reporterArgs, ...journeys], {
    cwd: import.meta.dirname,
    stdio: 'inherit',
    // The accessibility check's record of the routes checked so far, shared by the journey files.
    env: {
      ...process.env,
      E2E_BASE_URL: `http://127.0.0.1:${port}`,
      // The demo's in-process Shoptet fake (control endpoints under /_control).
      E2E_SHOPTET_URL: `http://127.0.0.1:${shoptetPort}`,
      // The demo's Packeta fake (control endpoints under /_control: a packet's tracking advanced).
      E2E_PACKETA_URL: `http://127.0.0.1:${packetaPort}`,
      E2E_AXE_SEEN: path.join(axeDir, 'seen'),
      // The first-load journey tells its own processes' CPU from the rest of the machine's.
      E2E_ROOT_PID: String(process.pid),
    },
  })
  child.on('exit', (c) => resolve(c ?? 1))
})
await server.stop()
rmSync(dataDir, { recursive: true, force: true })
rmSync(axeDir, { recursive: true, force: true })
process.exit(code)
