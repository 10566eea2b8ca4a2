import { and, asc, eq, sql } from 'drizzle-orm'
import { comments } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type CommentRow = typeof comments.$inferSelect
export type CommentInsert = typeof comments.$inferInsert

export function createCommentsRepository(db: DbOrTx) {
  return {
    /** The record's comments within the scope, oldest first. */
    async list(scope: TenantScope, trigger: string, triggerId: string): Promise<CommentRow[]> {
      return db
        .select()
        .from(comments)
        .where(
          and(
            eq(comments.trigger, trigger),
            eq(comments.triggerId, triggerId),
            tenantCondition(scope, comments.businessclientId),
          ),
        )
        .orderBy(asc(comments.createdAt), asc(comments.id))
    },

    async insert(row: Omit<CommentInsert, 'createdAt'>): Promise<void> {
      // clock_timestamp: two comments of one transaction or millisecond still sort in writing order.
      await db.insert(comments).values({ ...row, createdAt: sql`clock_timestamp()` })
    },
  }
}
