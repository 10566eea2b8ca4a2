import type { SessionUser } from '@expedo/domain'
import { changeLanguage } from '@/lib/i18n'
import { notificationsStore } from '@/lib/notifications'
import { sessionStore } from '@/lib/session'

/** After any successful sign-in: the interface switches to the user's language first, then the session starts. */
export async function completeSignIn(user: SessionUser): Promise<void> {
  try {
    await changeLanguage(user.sys_lang)
  } catch {
    // A catalogue that failed to load must not keep the user out; texts follow on the next change.
  }
  notificationsStore.clear()
  sessionStore.signIn(user)
}
