import { and, eq, isNull, lt, sql } from 'drizzle-orm'
import { idempotencyKeys } from '../../db/schema/index.ts'
import type { Db } from './database.ts'

export interface StoredAnswer {
  fingerprint: string
  /** null while the first call runs. */
  status: number | null
  body: unknown
}

/** How long a kept answer is replayed, and how long a first call may run before a retry takes over. */
export const KEEP_ANSWERS = '24 hours'
export const ABANDONED_AFTER = '2 minutes'

/** The rows behind the Idempotency-Key header (platform/http/idempotency.ts). */
export function createIdempotencyKeys(db: Db) {
  const where = (userId: string, key: string) =>
    and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))
  return {
    /**
     * Claims the key for a first call: true when it was free, or held by a call that never finished
     * (its process died) or by an answer past keeping. Concurrent claims of one key: one wins.
     */
    async claim(userId: string, key: string, fingerprint: string): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ userId, key, fingerprint })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: { fingerprint, status: null, body: null, createdAt: sql`now()` },
          setWhere: sql`(${idempotencyKeys.status} is null and ${idempotencyKeys.createdAt} < now() - interval '${sql.raw(ABANDONED_AFTER)}')
            or ${idempotencyKeys.createdAt} < now() - interval '${sql.raw(KEEP_ANSWERS)}'`,
        })
        .returning({ key: idempotencyKeys.key })
      return rows.length === 1
    },
    async find(userId: string, key: string): Promise<StoredAnswer | undefined> {
      const [row] = await db
        .select({
          fingerprint: idempotencyKeys.fingerprint,
          status: idempotencyKeys.status,
          body: idempotencyKeys.body,
        })
        .from(idempotencyKeys)
        .where(where(userId, key))
      return row
    },
    async complete(userId: string, key: string, status: number, body: unknown): Promise<void> {
      await db.update(idempotencyKeys).set({ status, body }).where(where(userId, key))
    },
    /** The first call failed: a retry may run it again. */
    async release(userId: string, key: string): Promise<void> {
      await db.delete(idempotencyKeys).where(and(where(userId, key), isNull(idempotencyKeys.status)))
    },
    /** Answers past keeping (the maintenance job). */
    async purge(): Promise<number> {
      const rows = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, sql`now() - interval '${sql.raw(KEEP_ANSWERS)}'`))
        .returning({ key: idempotencyKeys.key })
      return rows.length
    },
  }
}
export type IdempotencyKeys = ReturnType<typeof createIdempotencyKeys>
