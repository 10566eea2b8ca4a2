/**
 * `npm start` stops like a service: a SIGTERM or SIGINT to npm (what a process manager, a container runtime
 * or Ctrl-C sends) and a SIGTERM to the server's own process stop the server within 10 s, with the request
 * under way answered. Run with the real `npm start` from the repository root, jobs on, on an embedded
 * database in a temporary directory (no demo data) and a stand-in web build (WEB_DIST: nothing is built).
 */
import type { ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { spawnNpmStart, startScratch, until } from './npm-start.ts'
import { readyPort } from './server-ready.ts'

const { dataDir, webDist, remove } = startScratch('start-stop')

/** The stop must end within this; the start may take long on a loaded machine (initdb, migrations). */
const STOP_BOUND_MS = 10_000
const START_BOUND_MS = 240_000

const running: ChildProcess[] = []
const serverPids: number[] = []
afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  for (const pid of serverPids.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL')
})
afterAll(remove)

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** `npm start` until it logs that it is ready; the server's pid is the one in its JSON log lines. */
async function npmStart() {
  const { npm, exited, output } = spawnNpmStart({ dataDir, webDist, seedDemo: false })
  running.push(npm)
  await until(
    'Expedo ready',
    () => output().includes('Expedo ready') || npm.exitCode !== null,
    START_BOUND_MS,
  )
  expect(output(), output()).toContain('Expedo ready')
  const ready = output()
    .split('\n')
    .find((line) => line.includes('Expedo ready'))!
  const serverPid = (JSON.parse(ready) as { pid: number }).pid
  const port = readyPort(output())!
  serverPids.push(serverPid)
  expect(serverPid).not.toBe(npm.pid)
  return { npm, serverPid, port, exited, output }
}

async function portIsClosed(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => false,
    () => true,
  )
}

/** Waits the stop out (bounded), then checks that nothing is left: not the server, not npm, not the port. */
async function expectStopped(
  started: Awaited<ReturnType<typeof npmStart>>,
  sentAt: number,
  signal: string,
): Promise<void> {
  await until(
    `the server process gone after ${signal}`,
    () => !alive(started.serverPid),
    STOP_BOUND_MS + 2000,
  )
  expect(Date.now() - sentAt).toBeLessThan(STOP_BOUND_MS)
  await started.exited
  expect(await portIsClosed(started.port)).toBe(true)
  expect(started.output()).toMatch(new RegExp(`"signal":"${signal}".*"msg":"stopped"`))
}

describe('npm start, stopped like a service', { timeout: START_BOUND_MS + 60_000 }, () => {
  it('stops the server within 10 s on a SIGTERM to npm, answering the request under way', async () => {
    const started = await npmStart()
    expect((await fetch(`http://127.0.0.1:${started.port}/api/health`)).status).toBe(200)
    // The first start says what it does; WEB_DIST is served as it is, nothing built.
    expect(started.output()).toContain(`Creating the embedded database in ${dataDir}…`)
    expect(started.output()).not.toContain('Building the web app')

    // A sign-in whose body is still arriving when the stop begins.
    const body = JSON.stringify({ username: 'nobody', password: 'not-the-password' })
    let answered: number | undefined
    const req = request({
      host: '127.0.0.1',
      port: started.port,
      method: 'POST',
      path: '/api/auth/signin',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    })
    const response = new Promise<void>((resolve, reject) => {
      req.on('response', (res) => {
        answered = res.statusCode
        res.resume()
        res.on('end', () => resolve())
      })
      req.on('error', reject)
    })
    response.catch(() => {}) // awaited below; a failure before that must not also be an unhandled one
    req.write(body.slice(0, 10))
    await until('the request received', () => started.output().includes('"url":"/api/auth/signin"'), 30_000)

    const sentAt = Date.now()
    process.kill(started.npm.pid!, 'SIGTERM')
    await until('shutting down', () => started.output().includes('"msg":"shutting down"'), STOP_BOUND_MS)
    req.end(body.slice(10))
    await response
    expect(answered).toBe(401)
    await expectStopped(started, sentAt, 'SIGTERM')
  })

  it('stops the server within 10 s on a SIGINT to npm', async () => {
    const started = await npmStart()
    const sentAt = Date.now()
    process.kill(started.npm.pid!, 'SIGINT')
    await expectStopped(started, sentAt, 'SIGINT')
  })

  it("stops the server within 10 s on a SIGTERM to the server's own process, and npm with it", async () => {
    const started = await npmStart()
    const sentAt = Date.now()
    process.kill(started.serverPid, 'SIGTERM')
    await expectStopped(started, sentAt, 'SIGTERM')
  })
})
