import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { parentPort } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import {
  collectGarbage,
  type EmbeddedAnswer,
  type EmbeddedRequest,
  embeddedExtensions,
  embeddedSettings,
} from './embedded.ts'
import { serialiseExtendedQueries } from './pglite-queue.ts'

/**
 * The embedded database's thread (embedded.ts starts it): PGlite and its socket server run here, so a
 * query that PGlite computes holds this thread's event loop, not the API's. Messages in order: `start`
 * (answered `ready` or `failed`), any number of `image` (answered `image` with the tar, or `failed` under
 * the same id), and `stop` (answered `stopped`); then the thread may get the next `start`.
 */
const port = parentPort
if (!port) throw new Error('embedded-worker.ts runs as a worker thread of embedded.ts')
const answer = (message: EmbeddedAnswer) => port.postMessage(message)
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error))

let running: { db: PGlite; server: PGLiteSocketServer } | undefined

async function start({
  dataDir,
  socketPath,
  image,
  wasm,
  bundle,
}: Extract<EmbeddedRequest, { type: 'start' }>) {
  if (dataDir !== 'memory') await mkdir(dataDir, { recursive: true })
  const creating = dataDir === 'memory' || !existsSync(path.join(dataDir, 'PG_VERSION'))
  const db = await PGlite.create(dataDir === 'memory' ? undefined : dataDir, {
    // A new database from an image (`image()`) skips initdb: about 0.6 s instead of 2–3 s.
    ...(creating && image ? { loadDataDir: image } : {}),
    extensions: embeddedExtensions,
    pgliteWasmModule: wasm,
    fsBundle: bundle,
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(embeddedSettings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    // initdb's own server too (it would take 128 MB of buffers), and written into postgresql.conf.
    initDbStartParams: Object.entries(embeddedSettings).flatMap(([name, value]) => [
      '--set',
      `${name}=${value}`,
    ]),
  })
  // A new database is made by a second, throw-away PGlite that runs initdb: its WebAssembly heap (~190 MB)
  // and the bundles it unpacked stay resident until V8's next full collection, which the first start's
  // seed would otherwise reach with them still held. Any other start leaves the bundle's unpacking and
  // PGlite's start-up garbage on this thread's heap, which its young, rarely collected heap would keep:
  // collected now, the process rests a few MB lower (issue 26).
  collectGarbage()
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 64 })
  serialiseExtendedQueries(server)
  await server.start()
  running = { db, server }
}

port.on('message', async (request: EmbeddedRequest) => {
  switch (request.type) {
    case 'start':
      try {
        await start(request)
        answer({ type: 'ready' })
      } catch (error) {
        answer({ type: 'failed', message: reason(error) })
      }
      return
    case 'image':
      try {
        if (!running) throw new Error('the embedded database is stopped')
        const dump = await running.db.dumpDataDir('none')
        answer({ type: 'image', id: request.id, image: new Blob([dump]) })
      } catch (error) {
        answer({ type: 'failed', id: request.id, message: reason(error) })
      }
      return
    case 'stop': {
      // The thread stays, for the next start: PGlite's WebAssembly heap is collected now, not at V8's leisure.
      const stopping = running
      running = undefined
      try {
        await stopping?.server.stop()
        await stopping?.db.close()
      } finally {
        collectGarbage()
        answer({ type: 'stopped' })
      }
    }
  }
})
