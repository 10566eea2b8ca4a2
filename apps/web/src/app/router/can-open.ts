import { can } from '@expedo/domain/auth/permissions'
import type { CurrentUser } from '@/lib/session'
import type { RouteAccess } from './app-route'

/** Whether a signed-in user may open a route of this access; visitors only open public and guest ones. */
export function canOpen(access: RouteAccess, user: CurrentUser | null): boolean {
  if (access === 'public') return true
  if (access === 'guest') return user === null
  if (!user) return false
  return access === 'authenticated' || can(user.roles, access)
}
