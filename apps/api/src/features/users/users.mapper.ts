import type { Role, SessionUser, SysLang, UserStatus, UserSummary } from '@expedo/domain'
import type { UserRow } from './users.repository.ts'

export function toSessionUser(row: UserRow, token: string): SessionUser {
  return {
    _id: row.id,
    user_id: row.id,
    username: row.username,
    country: row.country,
    roles: row.roles as Role[],
    status: row.status as UserStatus,
    sys_lang: row.sysLang as SysLang,
    businessclient: row.businessclientId,
    token,
  }
}

export function toUserSummary(row: UserRow): UserSummary {
  return {
    _id: row.id,
    username: row.username,
    roles: row.roles as Role[],
    status: row.status as UserStatus,
    sys_lang: row.sysLang as SysLang,
    businessclient: row.businessclientId,
    createdAt: row.createdAt.toISOString(),
  }
}
