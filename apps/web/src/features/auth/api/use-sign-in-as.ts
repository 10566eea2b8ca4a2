import { type EndpointInput, endpoints } from '@expedo/domain'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { completeSignIn } from '../lib/complete-sign-in'

export type SignInAsBody = EndpointInput<typeof endpoints.auth.signinAs>['body']

/** POST /auth/signinas {username, password, lang} (admins): the answer's token replaces the admin's session. */
export function useSignInAs() {
  return useMutation({
    mutationFn: (body: SignInAsBody) => call(endpoints.auth.signinAs, { body }),
    onSuccess: completeSignIn,
    // The page shows the failure itself (a wrong password is a 401 the shared reporter leaves out).
    meta: { silent: true },
  })
}
