import { databaseBusy } from '../../platform/db/errors.ts'

/** How long the health check waits for its ping before it answers from the last one. */
const PATIENCE_MS = 50
/** A ping this recent vouches for a busy database as up. */
const RECENT_MS = 5000
/** A ping this recent vouches for a database that is slow to answer (or refuses for too many connections) as busy. */
const ALIVE_MS = 30_000

export type DatabaseState = 'up' | 'busy'

/**
 * Whether the database answers, for the health check, in under 100 ms even while the API is saturated: a
 * ping runs on every check (one at a time, on a connection of its own). When it is not back within 50 ms, a
 * ping that succeeded in the last 5 seconds vouches for the database as up, one in the last 30 seconds as
 * busy; the check waits for the running ping only when none did. A ping that fails because the database is
 * saturated (it timed out, or too many connections) is busy while the database answered in the last 30
 * seconds; any other failure (refused, unreachable, shutting down) is down at once.
 */
export function createDatabaseStatus(ping: () => Promise<void>, now = () => Date.now()) {
  let lastOkAt = Number.NEGATIVE_INFINITY
  let running: Promise<void> | undefined

  const pingOnce = () =>
    (running ??= ping()
      .then(() => {
        lastOkAt = now()
      })
      .finally(() => {
        running = undefined
      }))

  const since = () => now() - lastOkAt

  return {
    /** 'up' or 'busy' while the database is alive; rejects with the ping's error when it is down. */
    async check(): Promise<DatabaseState> {
      const current = pingOnce()
      let timer: NodeJS.Timeout | undefined
      const patience = new Promise<'waited'>((resolve) => {
        timer = setTimeout(() => resolve('waited'), PATIENCE_MS)
      })
      try {
        const first = await Promise.race([current.then(() => 'answered' as const), patience])
        if (first === 'answered') return 'up'
        if (since() <= RECENT_MS) return 'up'
        if (since() <= ALIVE_MS) return 'busy'
        await current
        return 'up'
      } catch (error) {
        if (databaseBusy(error) && since() <= ALIVE_MS) return 'busy'
        throw error
      } finally {
        clearTimeout(timer)
      }
    },
  }
}
