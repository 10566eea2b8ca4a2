import { eq, lt, sql } from 'drizzle-orm'
import { signinFailures } from '../../db/schema/index.ts'
import type { Db } from '../../platform/db/database.ts'

export interface FailureState {
  failures: number
  lockedUntil: Date | null
}
export interface StoredFailureState extends FailureState {
  lastFailureAt: Date
}

export function createSigninThrottleRepository(db: Db) {
  return {
    /**
     * Runs `decide` on the username's failure state with the row locked, and stores what it answers: two
     * sign-ins for one username take turns here, so parallel guesses cannot all pass before the lock.
     */
    async update(
      key: string,
      decide: (state: StoredFailureState, now: Date) => FailureState | undefined,
    ): Promise<FailureState | undefined> {
      return db.transaction(async (tx) => {
        await tx.insert(signinFailures).values({ usernameKey: key }).onConflictDoNothing()
        const [row] = await tx
          .select({
            failures: signinFailures.failures,
            lockedUntil: signinFailures.lockedUntil,
            lastFailureAt: signinFailures.lastFailureAt,
            now: sql<Date>`now()`.mapWith(signinFailures.lastFailureAt),
          })
          .from(signinFailures)
          .where(eq(signinFailures.usernameKey, key))
          .for('update')
        if (!row) return undefined
        const next = decide(row, row.now)
        if (!next) return undefined
        await tx
          .update(signinFailures)
          .set({ failures: next.failures, lockedUntil: next.lockedUntil, lastFailureAt: row.now })
          .where(eq(signinFailures.usernameKey, key))
        return next
      })
    },
    async clear(key: string): Promise<void> {
      await db.delete(signinFailures).where(eq(signinFailures.usernameKey, key))
    },
    /** Rows of names nobody has failed for since `before` and that hold no lock. */
    async purge(before: Date): Promise<number> {
      const deleted = await db
        .delete(signinFailures)
        .where(
          sql`${lt(signinFailures.lastFailureAt, before)} and coalesce(${signinFailures.lockedUntil}, '-infinity') < now()`,
        )
        .returning({ key: signinFailures.usernameKey })
      return deleted.length
    },
  }
}
