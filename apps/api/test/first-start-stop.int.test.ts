/**
 * The first `npm start` of a new installation migrates and loads the demo data for a minute or more. A SIGTERM
 * meanwhile (a process manager giving up, Ctrl-C) stops it within 10 s, rolls back what was being set up, and
 * the next start sets the database up again and serves the whole demo: the demo data block of the README,
 * counted from the database. Run with the real `npm start`, on an embedded database in a temporary directory
 * and a stand-in web build (WEB_DIST: nothing is built).
 */
import type { ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts'
import { demoReadmeBlock, readmeDemoBlock } from '../src/db/seed/readme.ts'
import { openDatabase } from '../src/platform/db/database.ts'
import { repoRoot, spawnNpmStart, startScratch, until } from './npm-start.ts'
import { readyPort } from './server-ready.ts'

const { dataDir, webDist, remove } = startScratch('first-start')

const STOP_BOUND_MS = 10_000
/** initdb, the migrations and the whole demo seed, on a loaded machine. */
const START_BOUND_MS = 300_000

const running: ChildProcess[] = []
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})
afterAll(remove)

/** `npm start` with the demo data on. */
function npmStart() {
  const started = spawnNpmStart({ dataDir, webDist, seedDemo: true })
  running.push(started.npm)
  return started
}

describe('the first npm start, stopped while it loads the demo data', { timeout: 2 * START_BOUND_MS }, () => {
  it('stops within 10 s with nothing half-loaded; the next start loads the whole demo and serves it', async () => {
    const first = npmStart()
    // Well into the seed: its first steps are written, uncommitted.
    await until(
      'the seed loading orders',
      () => first.output().includes('Loading demo data 3/11: orders…') || first.npm.exitCode !== null,
      START_BOUND_MS,
    )
    expect(first.output(), first.output()).toContain('Loading demo data 3/11: orders…')
    const sentAt = Date.now()
    process.kill(first.npm.pid!, 'SIGTERM')
    const code = await Promise.race([
      first.exited,
      new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), STOP_BOUND_MS + 2000)),
    ])
    expect(code, first.output()).toBe(0)
    expect(Date.now() - sentAt).toBeLessThan(STOP_BOUND_MS)
    expect(first.output()).toContain('SIGTERM: stopping before the server is up')
    expect(first.output()).toContain('Stopped.')
    expect(first.output()).not.toContain('Demo data loaded')

    const second = npmStart()
    await until(
      'Expedo ready',
      () => second.output().includes('Expedo ready') || second.npm.exitCode !== null,
      START_BOUND_MS,
    )
    const port = readyPort(second.output())
    expect(port, second.output()).toBeDefined()
    // It found the database empty and loaded the demo from the start.
    expect(second.output()).toContain('Loading demo data 1/11: clients and catalogue…')
    expect(second.output()).toContain('Demo data loaded')
    const signin = await fetch(`http://127.0.0.1:${port}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD }),
    })
    expect(signin.status).toBe(200)
    process.kill(second.npm.pid!, 'SIGTERM')
    expect(await second.exited).toBe(0)

    // The whole demo, once: what the README says it is.
    const database = await openDatabase({ dataDir, poolMax: 2 })
    try {
      const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8')
      expect(await demoReadmeBlock(database.pool)).toBe(readmeDemoBlock(readme))
    } finally {
      await database.close()
    }
  })
})
