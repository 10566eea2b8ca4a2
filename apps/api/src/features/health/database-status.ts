/** How long the health check waits for its ping before it answers from the last one. */
const PATIENCE_MS = 50
/** A ping this recent vouches for a busy database. */
const RECENT_MS = 5000

/**
 * Whether the database answers, for the health check, in under 100 ms even while the API is saturated: a
 * ping runs on every check (one at a time, on a connection of its own); when it is not back within 50 ms
 * because the database is busy, a ping that succeeded in the last 5 seconds vouches for it, and the check
 * waits for the running ping only when none did. A ping that fails answers at once.
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

  return {
    /** Resolves when the database is up; rejects with the ping's error when it is not. */
    async check(): Promise<void> {
      const current = pingOnce()
      let timer: NodeJS.Timeout | undefined
      const patience = new Promise<'busy'>((resolve) => {
        timer = setTimeout(() => resolve('busy'), PATIENCE_MS)
      })
      try {
        const first = await Promise.race([current, patience])
        if (first === 'busy' && now() - lastOkAt > RECENT_MS) await current
      } finally {
        clearTimeout(timer)
      }
    },
  }
}
