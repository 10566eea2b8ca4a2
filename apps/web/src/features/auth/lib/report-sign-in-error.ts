import { errorMessage } from '@/lib/error-message'
import { NOTIFICATION_AUTO_DISMISS_MS, notificationsStore } from '@/lib/notifications'

/** Sign-in and sign-up failures go to the top notifications and leave after 15 s (spec part 1 §8). */
export function reportSignInError(error: unknown): void {
  notificationsStore.push('error', errorMessage(error), NOTIFICATION_AUTO_DISMISS_MS)
}
