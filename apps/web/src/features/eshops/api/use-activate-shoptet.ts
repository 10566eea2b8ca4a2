import { type EndpointInput, endpoints } from '@expedo/domain'
import { useMutation } from '@tanstack/react-query'
import { ApiClientError, call } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import { changeLanguage } from '@/lib/i18n'
import { notificationsStore } from '@/lib/notifications'
import { sessionStore } from '@/lib/session'

export type ActivationBody = EndpointInput<typeof endpoints.shoptet.activate>['body']

/** A refusal of the password itself (sign-up's rules): shown under the password field. */
export const isPasswordRefused = (error: unknown): boolean =>
  error instanceof ApiClientError && (error.code === 'WEAK_PASSWORD' || 'password' in error.details)

/**
 * The API refused the link (410 ACTIVATION_EXPIRED: unknown, used or expired key; or a malformed one):
 * the page says 'Activation link expired. Reinstall ADDON.'. Too many attempts, a server failure or a
 * lost connection are not the link's fault.
 */
export function isActivationRefused(error: unknown): boolean {
  if (!(error instanceof ApiClientError) || isPasswordRefused(error)) return false
  return error.status >= 400 && error.status < 500 && error.code !== 'RATE_LIMITED'
}

/**
 * POST /shoptet/newinstall/activation {activationkey, password, syslang}: sets the password of the account the
 * installation created; the answer (a session, as sign-in's) starts the session exactly as a sign-in does.
 */
export function useActivateShoptet() {
  return useMutation({
    mutationFn: (body: ActivationBody) => call(endpoints.shoptet.activate, { body }),
    onSuccess: async (user) => {
      try {
        await changeLanguage(user.sys_lang)
      } catch {
        // A catalogue that failed to load must not keep the user out.
      }
      notificationsStore.clear()
      sessionStore.signIn(user)
    },
    onError: (error) => {
      if (isActivationRefused(error) || isPasswordRefused(error)) return
      notificationsStore.push('error', errorMessage(error), 5000)
    },
    meta: { silent: true },
  })
}
