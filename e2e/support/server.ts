import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { apiAs } from './api.ts'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

const SILENT_LIMIT_MS = 120_000

/** Starts the API (serving the built SPA) and waits until /api/health answers. */
export async function startServer(options: {
  root: string
  port: number
  dataDir: string
  /** The port of the in-process Shoptet fake (its control endpoint is the journeys' Shoptet). */
  shoptetPort: number
  /** The port of the in-process Packeta fake (its control endpoint advances a packet's tracking). */
  packetaPort: number
  /** Put before each line the server prints (several servers side by side). */
  label?: string
}) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--max-semi-space-size=8', '--max-old-space-size=192', '--liftoff-only', 'src/server.ts'],
    {
      cwd: path.join(options.root, 'apps/api'),
      env: {
        ...process.env,
        // as the start scripts (docs/adr/0010-server-memory.md)
        MALLOC_ARENA_MAX: '2',
        MALLOC_TRIM_THRESHOLD_: '131072',
        MALLOC_MMAP_THRESHOLD_: '131072',
        DATABASE_URL: '',
        NODE_ENV: 'development',
        PORT: String(options.port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '1000',
        // The journeys test screens, not overload (api-load does): on a machine busy with other work the
        // embedded database's queue and the event loop run late, and the server must not shed the journeys'
        // calls with 503 (a pair of suites side by side got 503 on an order detail's five parallel calls).
        DATABASE_POOL_WAIT_MS: '30000',
        MAX_EVENT_LOOP_DELAY_MS: '10000',
        // The address the Shoptet fake calls back (installation URL, webhooks).
        PUBLIC_URL: `http://127.0.0.1:${options.port}`,
        SHOPTET_FAKE_PORT: String(options.shoptetPort),
        PACKETA_FAKE_PORT: String(options.packetaPort),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  // The first start creates the database and loads the demo, printing each step: on a busy machine that
  // takes minutes. So the wait is for progress, not for a time: it gives up when the server has printed
  // nothing for two minutes (stuck), or exited.
  let lastOutput = Date.now()
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    from?.on('data', (chunk: Buffer) => {
      lastOutput = Date.now()
      const text = chunk.toString('utf8')
      to.write(options.label ? text.replace(/^(?=.)/gm, options.label) : text)
    })
  }
  const url = `http://127.0.0.1:${options.port}/api/health`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) break
    } catch {
      // not up yet
    }
    if (Date.now() - lastOutput > SILENT_LIMIT_MS) {
      child.kill('SIGKILL')
      throw new Error(`The server printed nothing for ${SILENT_LIMIT_MS / 1000} s and did not answer`)
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  await demoHandoverMade(`http://127.0.0.1:${options.port}`, () => child.exitCode)
  return {
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    },
  }
}

/** How long the demo's courier labels may take to come from the Packeta fake (the server waits 60 s). */
const DEMO_HANDOVER_WITHIN_MS = 90_000

/**
 * Waits for the last part of the demo, which the server makes after it answers (README "Demo"): the open
 * courier handover, once the Packeta fake has made its parcels' labels. The journeys that walk every screen
 * open it; a journey started at once would find none.
 */
async function demoHandoverMade(base: string, exited: () => number | null) {
  const { token } = await apiAs('operator', base)
  const until = Date.now() + DEMO_HANDOVER_WITHIN_MS
  for (;;) {
    if (exited() !== null) throw new Error(`The server exited with code ${exited()}`)
    // Asked again on any answer (a 503 of a server still busy with the demo), not failed.
    const res = await fetch(`${base}/api/handovers`, { headers: { authorization: `Bearer ${token}` } })
    if (res.ok && ((await res.json()) as { list: unknown[] }).list.length) return
    if (Date.now() > until)
      throw new Error(`The demo's courier handover was not made within ${DEMO_HANDOVER_WITHIN_MS / 1000} s`)
    await new Promise((r) => setTimeout(r, 500))
  }
}
