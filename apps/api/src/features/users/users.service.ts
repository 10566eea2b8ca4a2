import { permissionsOf, type Role, type SessionUser, type SysLang } from '@expedo/domain'
import type { Db, DbOrTx } from '../../platform/db/database.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { type AuthContext, scopeOf } from '../../platform/http/auth-context.ts'
import type { TokenService } from '../../platform/security/tokens.ts'
import { toSessionUser, toUserSummary } from './users.mapper.ts'
import { createUsersRepository, type UserRow } from './users.repository.ts'

export function createUsersService(db: Db, tokens: TokenService) {
  const repo = createUsersRepository(db)

  async function sessionFor(row: UserRow): Promise<SessionUser> {
    const token = await tokens.sign({
      sub: row.id,
      username: row.username,
      roles: row.roles as Role[],
      businessclient: row.businessclientId,
      sys_lang: row.sysLang as SysLang,
    })
    return toSessionUser(row, token)
  }

  return {
    repository: (tx: DbOrTx = db) => createUsersRepository(tx),
    sessionFor,

    /** The request's user, if the token's subject still exists and is active. */
    async authContextFor(userId: string): Promise<AuthContext | null> {
      const row = await repo.sessionOf(userId)
      if (row?.status !== 'active') return null
      const roles = row.roles as Role[]
      return {
        userId: row.id,
        username: row.username,
        roles,
        businessclientId: row.businessclientId,
        sysLang: row.sysLang as SysLang,
        scope: scopeOf(roles, row.businessclientId),
      }
    },

    async list(auth: AuthContext) {
      const rows = await repo.list(auth.scope)
      return { foundUsers: rows.map(toUserSummary), routePermission: permissionsOf(auth.roles) }
    },

    async updateSysLang(auth: AuthContext, sysLang: SysLang): Promise<SessionUser> {
      const row = await repo.update(auth.userId, { sysLang })
      if (!row) throw new AppError('UNAUTHENTICATED', 'Please Login !!!')
      return sessionFor(row)
    },

    /** Makes a client user without a business client the user of `businessclientId` (inside the caller's transaction). */
    async linkBusinessClient(
      tx: DbOrTx,
      userId: string,
      businessclientId: string,
    ): Promise<UserRow | undefined> {
      return createUsersRepository(tx).update(userId, { businessclientId })
    },
  }
}
export type UsersService = ReturnType<typeof createUsersService>
