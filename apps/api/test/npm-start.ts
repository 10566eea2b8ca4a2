/**
 * The real `npm start` from the repository root, for the tests of starting and stopping like a service: on an
 * embedded database in a temporary directory and a stand-in web build (WEB_DIST: nothing is built), jobs on.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ANY_PORT } from './server-ready.ts'

export const repoRoot = path.resolve(import.meta.dirname, '../..', '..')

/** A scratch directory with the database's place and a one-page web build; `remove()` in afterAll. */
export function startScratch(name: string) {
  const scratch = mkdtempSync(path.join(tmpdir(), `expedo-${name}-`))
  const dataDir = path.join(scratch, 'data')
  const webDist = path.join(scratch, 'dist')
  mkdirSync(webDist)
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Expedo</title>')
  return { dataDir, webDist, remove: () => rmSync(scratch, { recursive: true, force: true }) }
}

/** Polls `check` every 50 ms until it holds; fails naming `what` after `boundMs`. */
export async function until(what: string, check: () => boolean, boundMs: number): Promise<void> {
  const deadline = Date.now() + boundMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${boundMs} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** `npm start` as spawned: its output as it comes, and its exit code once it ends. Kill it in afterEach. */
export function spawnNpmStart(options: { dataDir: string; webDist: string; seedDemo: boolean }) {
  const npm: ChildProcess = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: options.dataDir,
      WEB_DIST: options.webDist,
      SEED_DEMO: String(options.seedDemo),
      JOBS_ENABLED: 'true',
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: ANY_PORT,
      LOG_LEVEL: 'info',
    },
  })
  let output = ''
  npm.stdout?.on('data', (chunk) => {
    output += chunk
  })
  npm.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)))
  return { npm, exited, output: () => output }
}
