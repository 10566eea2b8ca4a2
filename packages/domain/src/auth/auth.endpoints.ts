import { defineEndpoint } from '../common/http.ts'
import { SessionUserSchema, SigninAsBodySchema, SigninBodySchema, SignupBodySchema } from './auth.schemas.ts'

export const authEndpoints = {
  signup: defineEndpoint({
    method: 'POST',
    path: '/auth/signup',
    access: 'public',
    summary: 'Create an account (role client, no business client yet) and sign in',
    tags: ['auth'],
    body: SignupBodySchema,
    response: SessionUserSchema,
    status: 201,
  }),
  signin: defineEndpoint({
    method: 'POST',
    path: '/auth/signin',
    access: 'public',
    summary: 'Sign in with username and password',
    tags: ['auth'],
    body: SigninBodySchema,
    response: SessionUserSchema,
  }),
  signinAs: defineEndpoint({
    method: 'POST',
    path: '/auth/signinas',
    access: 'users.loginAs',
    summary: 'Admin only: sign in as another user (the admin’s password is asked again; audited)',
    tags: ['auth'],
    body: SigninAsBodySchema,
    response: SessionUserSchema,
  }),
}
