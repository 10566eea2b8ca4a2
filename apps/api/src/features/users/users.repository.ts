import { asc, eq, sql } from 'drizzle-orm'
import { auditLog, users } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { runShaped, StatementParams } from '../../platform/db/prepared.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type UserRow = typeof users.$inferSelect
export type NewUserRow = typeof users.$inferInsert

export function createUsersRepository(db: DbOrTx) {
  return {
    /** What every authenticated request reads (auth context): prepared, it runs on every call. */
    async sessionOf(id: string) {
      const params = new StatementParams()
      const [row] = await runShaped(
        db,
        'user_session',
        '',
        params,
        db
          .select({
            id: users.id,
            username: users.username,
            roles: users.roles,
            businessclientId: users.businessclientId,
            sysLang: users.sysLang,
            status: users.status,
          })
          .from(users)
          .where(eq(users.id, params.p('id', id))),
      )
      return row
    },
    async findById(id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id))
      return row
    },
    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`)
      return row
    },
    async insert(values: NewUserRow): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning()
      return row!
    },
    async update(id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning()
      return row
    },
    /** Staff see every user; a client sees the users of its own business client (none before it has one). */
    async list(scope: TenantScope, limit = 500): Promise<UserRow[]> {
      const query = db.select().from(users).orderBy(asc(users.username)).limit(limit)
      if (scope.kind === 'all') return query
      if (!scope.businessclientId) return []
      return query.where(eq(users.businessclientId, scope.businessclientId))
    },
    async audit(entry: typeof auditLog.$inferInsert): Promise<void> {
      await db.insert(auditLog).values(entry)
    },
  }
}
export type UsersRepository = ReturnType<typeof createUsersRepository>
