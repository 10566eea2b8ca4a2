import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { serialiseExtendedQueries } from './pglite-queue.ts'

/** The extensions the migrations create (pg_trgm: the orders search's trigram indexes), loaded into PGlite. */
export const embeddedExtensions = { pg_trgm }

export interface EmbeddedPostgres {
  url: string
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
export async function startEmbeddedPostgres(dataDir: string | 'memory'): Promise<EmbeddedPostgres> {
  if (dataDir !== 'memory') await mkdir(dataDir, { recursive: true })
  const db = await PGlite.create(dataDir === 'memory' ? undefined : dataDir, {
    extensions: embeddedExtensions,
  })
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
  return {
    url,
    async stop() {
      await server.stop()
      await db.close()
      await rm(socketDir, { recursive: true, force: true })
    },
  }
}
