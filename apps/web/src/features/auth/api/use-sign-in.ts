import type { EndpointInput, endpoints } from '@expedo/domain'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { completeSignIn } from '../lib/complete-sign-in'
import { reportSignInError } from '../lib/report-sign-in-error'

export type SignInBody = EndpointInput<typeof endpoints.auth.signin>['body']

/**
 * The call's contract (with its zod schemas) is loaded on the first keystroke or at the latest on submit,
 * not with the sign-in screen: that keeps the first load of /signin small.
 */
export const loadContract = () => import('@expedo/domain')

/** POST /auth/signin {username, password, lang?}; the answer's token starts the session. */
export function useSignIn() {
  return useMutation({
    mutationFn: async (body: SignInBody) => call((await loadContract()).endpoints.auth.signin, { body }),
    onSuccess: completeSignIn,
    onError: reportSignInError,
    meta: { silent: true },
  })
}
