import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { Worker } from 'node:worker_threads'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/** The extensions the migrations create (pg_trgm: the orders search's trigram indexes), loaded into PGlite. */
export const embeddedExtensions = { pg_trgm }

/**
 * PostgreSQL settings of the embedded database, on top of PGlite's own start parameters. Its shared memory
 * lives in the WebAssembly heap and is written through at start, so every megabyte of shared_buffers is a
 * megabyte of the API process's resident memory from the first second (PGlite's 128 MB default alone was
 * ~115 MB of RSS). The demo database is ~70 MB on disk and the operating system caches the files behind
 * the buffers; maintenance_work_mem bounds what VACUUM and index builds take (the heap never shrinks).
 * 16 MB since PGlite got a thread of its own (issue 26): the thread's ~25 MB took the process past ADR
 * 0010's 250 MB at rest, and 32 → 16 MB gave back ~20 MB (at rest 264–272 → 247–252 MB).
 * docs/adr/0010-server-memory.md has the measurements.
 */
export const embeddedSettings: Record<string, string> = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
}

export interface EmbeddedPostgres {
  url: string
  /** An image of the data directory (an uncompressed tar), which `startEmbeddedPostgres` can start from. */
  image(): Promise<Blob>
  stop(): Promise<void>
}

/** The messages between this thread and the database's (embedded-worker.ts). */
export type EmbeddedRequest =
  | {
      type: 'start'
      dataDir: string | 'memory'
      socketPath: string
      /** A Blob crosses threads without a copy of its bytes (its data is immutable and shared). */
      image?: Blob | undefined
      /** pglite.wasm, compiled once per process: a thread that starts PGlite does not compile it again. */
      wasm: WebAssembly.Module
      /** PGlite's file-system bundle (pglite.data), read once per process. */
      bundle: Blob
    }
  | { type: 'image'; id: number }
  | { type: 'stop' }

export type EmbeddedAnswer =
  | { type: 'ready' }
  | { type: 'image'; id: number; image: Blob }
  | { type: 'failed'; id?: number; message: string }
  | { type: 'stopped' }

// libpq's socket file name for port 5432: pg connects to `<host directory>/.s.PGSQL.5432`.
const SOCKET_PORT = 5432

/**
 * The database thread's V8 heap. PGlite's own memory is its WebAssembly heap, outside these limits (and
 * shared_buffers bounds it, above); the thread's JavaScript is the socket server, the protocol messages in
 * flight and the image's tar while it is sent. Measured over start (initdb), 2,000 queries from 16
 * connections, 40 results of 20,000 rows and a 71 MB image: 14–27 MB of V8 heap used, at most 42 MB
 * committed. The young generation is the main thread's (ADR 0010). The old generation's limit is a
 * ceiling, not a reservation. With 128 MB, a test worker whose thread had served some sixty test files'
 * databases in turn died of a V8 fatal error in a worker thread (a 'trap int3', which took the whole
 * process with it) while two test runs shared the machine; the limit is the likely cause, not a proven
 * one. 512 MB leaves the thread's 14–42 MB far below it.
 */
const resourceLimits = { maxYoungGenerationSizeMb: 24, maxOldGenerationSizeMb: 512 }

/**
 * Starts PGlite (data in `dataDir`, or in memory) on a thread of its own and serves it on a Unix socket, so
 * the app connects with `pg` exactly as to a real server, and a query PGlite computes does not hold the
 * API's event loop. PGlite asks no password, so the socket lives in a new directory that only this
 * process's user may enter (mode 0700): no other local user can reach the database, as any local process
 * could through a loopback port. The socket server's queue keeps a transaction's statements together, so
 * several pooled connections are safe.
 *
 * If the thread ends on its own (PGlite crashed), the process ends with an uncaught error, as it did when
 * PGlite ran on the main thread: the API cannot serve without its database.
 */
export async function startEmbeddedPostgres(
  dataDir: string | 'memory',
  options: { image?: Blob | undefined } = {},
): Promise<EmbeddedPostgres> {
  // mkdtemp creates the directory with mode 0700; a short path keeps within the 107-byte socket limit.
  const socketDir = await mkdtemp(path.join(tmpdir(), 'expedo-db-'))
  const removeSocketDir = () => rm(socketDir, { recursive: true, force: true })
  const image = options.image
  const { wasm, bundle } = await pgliteFiles()
  const thread = idleThread ?? startThread()
  idleThread = undefined
  thread.worker.ref()
  const images = new Map<number, { resolve(image: Blob): void; reject(error: Error): void }>()
  let nextImage = 1
  let state: 'starting' | 'running' | 'stopping' | 'stopped' = 'starting'
  let started: { resolve(): void; reject(error: Error): void } | undefined
  let stopped: (() => void) | undefined

  thread.lease = {
    message(message) {
      if (message.type === 'ready') started?.resolve()
      else if (message.type === 'stopped') stopped?.()
      else if (message.type === 'image') images.get(message.id)?.resolve(message.image)
      else if (message.id !== undefined) images.get(message.id)?.reject(new Error(message.message))
      else started?.reject(new Error(`The embedded database did not start: ${message.message}`))
      if ('id' in message && message.id !== undefined) images.delete(message.id)
    },
    exit(error) {
      const wasRunning = state === 'running'
      state = 'stopped'
      started?.reject(error)
      stopped?.()
      for (const pending of images.values()) pending.reject(error)
      images.clear()
      void removeSocketDir()
      // The API cannot serve without its database: end the process, as a crash of PGlite did on this thread.
      if (wasRunning)
        process.nextTick(() => {
          throw error
        })
    },
  }

  try {
    await new Promise<void>((resolve, reject) => {
      started = { resolve, reject }
      const socketPath = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`)
      thread.worker.postMessage({
        type: 'start',
        dataDir,
        socketPath,
        image,
        wasm,
        bundle,
      } satisfies EmbeddedRequest)
    })
  } catch (error) {
    // A thread whose PGlite failed to start is not used again.
    thread.lease = undefined
    await thread.worker.terminate()
    await removeSocketDir()
    throw error
  }
  started = undefined
  state = 'running'
  const url = `postgres://postgres@${encodeURIComponent(socketDir)}:${SOCKET_PORT}/postgres`
  return {
    url,
    image() {
      if (state !== 'running') return Promise.reject(new Error('the embedded database is stopped'))
      return new Promise<Blob>((resolve, reject) => {
        const id = nextImage++
        images.set(id, { resolve, reject })
        thread.worker.postMessage({ type: 'image', id } satisfies EmbeddedRequest)
      })
    },
    async stop() {
      if (state !== 'running') return
      state = 'stopping'
      // The thread closes the socket server and PGlite and collects PGlite's WebAssembly heap.
      await new Promise<void>((resolve) => {
        stopped = resolve
        thread.worker.postMessage({ type: 'stop' } satisfies EmbeddedRequest)
      })
      const alive = state === 'stopping'
      state = 'stopped'
      thread.lease = undefined
      await removeSocketDir()
      if (!alive) return
      // Kept for the next start (test files start one each: a new thread loads and warms up PGlite's
      // JavaScript again); it does not keep the process alive.
      if (idleThread) await thread.worker.terminate()
      else {
        thread.worker.unref()
        idleThread = thread
      }
    },
  }
}

/** A database thread, and the database started on it (none while it waits for the next start). */
interface Thread {
  worker: Worker
  lease: { message(answer: EmbeddedAnswer): void; exit(error: Error): void } | undefined
}

let idleThread: Thread | undefined

function startThread(): Thread {
  const worker = new Worker(new URL('./embedded-worker.ts', import.meta.url), { resourceLimits })
  const thread: Thread = { worker, lease: undefined }
  let failure: Error | undefined
  worker.on('error', (error: unknown) => {
    failure = error instanceof Error ? error : new Error(String(error))
  })
  worker.on('message', (answer: EmbeddedAnswer) => thread.lease?.message(answer))
  worker.on('exit', (code) => {
    if (idleThread === thread) idleThread = undefined
    thread.lease?.exit(
      new Error(
        `The embedded database's thread ended (exit code ${code})${failure ? `: ${failure.message}` : ''}`,
        { cause: failure },
      ),
    )
  })
  return thread
}

// Node's globals: the `WebAssembly` object, which @types/node declares as types only.
const wasmApi = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }
).WebAssembly
let files: Promise<{ wasm: WebAssembly.Module; bundle: Blob }> | undefined
/**
 * pglite.wasm compiled and pglite.data read, once per process: each start's thread gets them in its start
 * message (a compiled module is shared between threads, not copied), rather than compiling 9 MB of
 * WebAssembly again. Test files start a database from an image each: 0.2–0.3 s in process before the
 * thread, 0.4–0.6 s on a new thread that compiled its own (a loaded machine), 0.24–0.28 s now.
 */
function pgliteFiles() {
  files ??= (async () => {
    const dist = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')))
    const [wasm, bundle] = await Promise.all([
      readFile(path.join(dist, 'pglite.wasm')).then((bytes) => wasmApi.compile(bytes)),
      readFile(path.join(dist, 'pglite.data')).then((bytes) => new Blob([bytes])),
    ])
    return { wasm, bundle }
  })()
  return files
}

/**
 * A full garbage collection now. Node runs without --expose-gc; the flag set at run time exposes `gc` to
 * new contexts only, so it is fetched from one.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}
