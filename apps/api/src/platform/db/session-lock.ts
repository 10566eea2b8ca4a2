import type pg from 'pg'
import type { Db } from './database.ts'

/**
 * Runs `work` holding a session advisory lock named `name` on a pooled connection of its own, without a
 * transaction: for work that waits on something slow outside the database (an HTTP call), which an open
 * transaction would make every other writer wait for on the embedded database (one session for all). Other
 * processes on PostgreSQL wait for the lock; on the embedded database every connection is the same session,
 * so the lock excludes nothing there, and callers keep their own single-flight within the process.
 * If the unlock fails, the connection is closed, which releases the lock.
 */
export async function withSessionLock<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  const pool = (db as Db & { $client: pg.Pool }).$client
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name])
    try {
      return await work()
    } finally {
      await client
        .query('select pg_advisory_unlock(hashtextextended($1, 0))', [name])
        .catch((error: Error) => {
          broken = error
        })
    }
  } finally {
    client.release(broken)
  }
}
