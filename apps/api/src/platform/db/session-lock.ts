import type pg from 'pg'

/** A session advisory lock's key: a number as it is, or a name (hashed by PostgreSQL to one). */
export type SessionLockKey = number | string

/**
 * Runs `work` holding a session advisory lock on a pooled connection of its own (given to `work`), without a
 * transaction: for work that takes long or waits on something outside the database (the migrations, an
 * HTTP call), which an open transaction would make every other writer wait for on the embedded database
 * (one session for all). Other processes on PostgreSQL wait for the lock; on the embedded database every
 * connection is the same session, so the lock excludes nothing there, and callers keep their own
 * single-flight within the process. If the unlock fails, the connection is closed rather than returned to
 * the pool still holding the lock.
 */
export async function withSessionLock<T>(
  pool: pg.Pool,
  key: SessionLockKey,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const lock = typeof key === 'number' ? '$1::bigint' : 'hashtextextended($1, 0)'
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    await client.query(`select pg_advisory_lock(${lock})`, [key])
    try {
      return await work(client)
    } finally {
      await client.query(`select pg_advisory_unlock(${lock})`, [key]).catch((error: Error) => {
        broken = error
      })
    }
  } finally {
    client.release(broken)
  }
}
