import { type EndpointInput, endpoints } from '@expedo/domain'
import { useMutation } from '@tanstack/react-query'
import { call } from '@/lib/api-client'
import { completeSignIn } from '../lib/complete-sign-in'
import { reportSignInError } from '../lib/report-sign-in-error'

export type SignUpBody = EndpointInput<typeof endpoints.auth.signup>['body']

/** POST /auth/signup {username, password}: a new client account, signed in at once. */
export function useSignUp() {
  return useMutation({
    mutationFn: (body: SignUpBody) => call(endpoints.auth.signup, { body }),
    onSuccess: completeSignIn,
    onError: reportSignInError,
    meta: { silent: true },
  })
}
