import { SessionUserSchema } from '../auth/auth.schemas.ts'
import { defineEndpoint } from '../common/http.ts'
import { UpdateUserSettingsBodySchema, UsersAnswerSchema } from './users.schemas.ts'

export const usersEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/users',
    access: 'authenticated',
    summary: 'Users visible to the caller and the caller’s route permissions',
    tags: ['users'],
    response: UsersAnswerSchema,
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/users',
    access: 'authenticated',
    summary:
      'Change the current user’s settings (system language); answers the updated user with a new token',
    tags: ['users'],
    body: UpdateUserSettingsBodySchema,
    response: SessionUserSchema,
  }),
}
