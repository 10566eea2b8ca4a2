import type { Db } from '../../platform/db/database.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { createSigninThrottleRepository } from './signin-throttle.repository.ts'

/** Failed sign-ins a username may have in a row before it is locked for a while. */
export const SIGNIN_FREE_FAILURES = 5
/** The first lock; each further failure doubles it, up to the longest. */
export const SIGNIN_FIRST_LOCK_MS = 30_000
export const SIGNIN_LONGEST_LOCK_MS = 15 * 60_000
/** A username's failures are forgotten a day after the last one. */
const FORGET_AFTER_MS = 24 * 3600_000

const keyOf = (username: string) => username.trim().toLowerCase()

/**
 * Failed sign-ins counted per username, known or not, in the database (so every API process and every
 * caller address shares the count): after SIGNIN_FREE_FAILURES in a row the name is locked, first for 30
 * seconds, then twice as long after each further failure, up to 15 minutes. A locked name is refused
 * with 429 before its password is checked, whoever asks; the per-address limit stays in front of this.
 *
 * An attempt counts as a failure from its start and a success clears the count, so parallel guesses
 * cannot all be checked before the lock falls: the attempt that reaches the limit sets the lock.
 */
export function createSigninThrottle(db: Db) {
  const repo = createSigninThrottleRepository(db)
  return {
    /** Before a password is checked: 429 while `username` is locked, otherwise counts this attempt. */
    async begin(username: string): Promise<void> {
      let lockedUntil: Date | undefined
      let refused = false
      await repo.update(keyOf(username), (state, now) => {
        if (state.lockedUntil && state.lockedUntil > now) {
          refused = true
          lockedUntil = state.lockedUntil
          return undefined
        }
        const earlier = now.getTime() - state.lastFailureAt.getTime() > FORGET_AFTER_MS ? 0 : state.failures
        const failures = earlier + 1
        const over = failures - SIGNIN_FREE_FAILURES
        const lockMs = over >= 0 ? Math.min(SIGNIN_LONGEST_LOCK_MS, SIGNIN_FIRST_LOCK_MS * 2 ** over) : 0
        return { failures, lockedUntil: lockMs ? new Date(now.getTime() + lockMs) : null }
      })
      if (refused && lockedUntil) {
        const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - Date.now()) / 1000))
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed sign-ins for this username; try again in ${seconds} seconds`,
          undefined,
          { retryAfterSeconds: seconds },
        )
      }
    },
    /** The password was right: the username's count starts again. */
    async succeeded(username: string): Promise<void> {
      await repo.clear(keyOf(username))
    },
    /** Forgets names without a lock whose last failure is a day old (the maintenance job). */
    purge: () => repo.purge(new Date(Date.now() - FORGET_AFTER_MS)),
  }
}
export type SigninThrottle = ReturnType<typeof createSigninThrottle>
