import { mkdir } from 'node:fs/promises'
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

/**
 * Starts PGlite (data in `dataDir`, or in memory) and serves it on a loopback port, so the app connects
 * with `pg` exactly as to a real server. The socket server's queue keeps a transaction's statements
 * together, so several pooled connections are safe.
 */
export async function startEmbeddedPostgres(dataDir: string | 'memory'): Promise<EmbeddedPostgres> {
  if (dataDir !== 'memory') await mkdir(dataDir, { recursive: true })
  const db = await PGlite.create(dataDir === 'memory' ? undefined : dataDir, {
    extensions: embeddedExtensions,
  })
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 64 })
  serialiseExtendedQueries(server)
  await server.start()
  const url = `postgres://postgres@${server.getServerConn()}/postgres`
  return {
    url,
    async stop() {
      await server.stop()
      await db.close()
    },
  }
}
