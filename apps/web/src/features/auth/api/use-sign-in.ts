import type { EndpointInput, endpoints } from '@expedo/domain'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { completeSignIn } from '../lib/complete-sign-in'
import { reportSignInError } from '../lib/report-sign-in-error'

export type SignInBody = EndpointInput<typeof endpoints.auth.signin>['body']

/**
 * The call's contract is loaded on the first keystroke or at the latest on submit, not with the sign-in
 * screen. The area's module, not the package's index: a dynamic import keeps every export of the module
 * it names, and the index names every contract and schema of the API.
 */
export const loadContract = () => import('@expedo/domain/auth/auth.endpoints')

/** POST /auth/signin {username, password, lang?}; the answer's token starts the session. */
export function useSignIn() {
  return useMutation({
    mutationFn: async (body: SignInBody) => call((await loadContract()).authEndpoints.signin, { body }),
    onSuccess: completeSignIn,
    onError: reportSignInError,
    meta: { silent: true },
  })
}
