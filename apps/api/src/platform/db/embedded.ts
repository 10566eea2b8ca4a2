import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { serialiseExtendedQueries } from './pglite-queue.ts'

/** The extensions the migrations create (pg_trgm: the orders search's trigram indexes), loaded into PGlite. */
export const embeddedExtensions = { pg_trgm }

/**
 * PostgreSQL settings of the embedded database, on top of PGlite's own start parameters. Its shared memory
 * lives in the WebAssembly heap and is written through at start, so every megabyte of shared_buffers is a
 * megabyte of the API process's resident memory from the first second (PGlite's 128 MB default alone was
 * ~115 MB of RSS). The demo database is ~70 MB on disk and the operating system caches the files behind
 * the buffers; maintenance_work_mem bounds what VACUUM and index builds take (the heap never shrinks).
 * docs/adr/0010-server-memory.md has the measurements.
 */
export const embeddedSettings: Record<string, string> = {
  shared_buffers: '32MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
}

export interface EmbeddedPostgres {
  url: string
  /** An image of the data directory (an uncompressed tar), which `startEmbeddedPostgres` can start from. */
  image(): Promise<Blob>
  stop(): Promise<void>
}

// libpq's socket file name for port 5432: pg connects to `<host directory>/.s.PGSQL.5432`.
const SOCKET_PORT = 5432

/**
 * Starts PGlite (data in `dataDir`, or in memory) and serves it on a Unix socket, so the app connects
 * with `pg` exactly as to a real server. PGlite asks no password, so the socket lives in a new directory
 * that only this process's user may enter (mode 0700): no other local user can reach the database, as
 * any local process could through a loopback port. The socket server's queue keeps a transaction's
 * statements together, so several pooled connections are safe.
 */
export async function startEmbeddedPostgres(
  dataDir: string | 'memory',
  options: { image?: Blob | undefined } = {},
): Promise<EmbeddedPostgres> {
  if (dataDir !== 'memory') await mkdir(dataDir, { recursive: true })
  const creating = dataDir === 'memory' || !existsSync(path.join(dataDir, 'PG_VERSION'))
  const db = await PGlite.create(dataDir === 'memory' ? undefined : dataDir, {
    // A new database from an image (`image()`) skips initdb: about 0.6 s instead of 2–3 s.
    ...(creating && options.image ? { loadDataDir: options.image } : {}),
    extensions: embeddedExtensions,
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
  // seed would otherwise reach with them still held.
  if (creating && !options.image) collectGarbage()
  // mkdtemp creates the directory with mode 0700; a short path keeps within the 107-byte socket limit.
  const socketDir = await mkdtemp(path.join(tmpdir(), 'expedo-db-'))
  const server = new PGLiteSocketServer({
    db,
    path: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    maxConnections: 64,
  })
  serialiseExtendedQueries(server)
  await server.start()
  const url = `postgres://postgres@${encodeURIComponent(socketDir)}:${SOCKET_PORT}/postgres`
  // Dropped on stop, so that a stopped database's WebAssembly heap can be collected while the caller still
  // holds this object (reopenDatabase).
  let running: { server: PGLiteSocketServer; db: PGlite } | undefined = { server, db }
  return {
    url,
    async image() {
      if (!running) throw new Error('the embedded database is stopped')
      return running.db.dumpDataDir('none')
    },
    async stop() {
      const stopping = running
      running = undefined
      if (!stopping) return
      await stopping.server.stop()
      await stopping.db.close()
      await rm(socketDir, { recursive: true, force: true })
    },
  }
}

/**
 * A full garbage collection now. Node runs without --expose-gc; the flag set at run time exposes `gc` to
 * new contexts only, so it is fetched from one.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}
