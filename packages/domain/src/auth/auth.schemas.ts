import { z } from 'zod'
import { IdSchema } from '../common/ids.ts'
import { plainString } from '../common/input.ts'
import { SysLangSchema } from '../common/languages.ts'
import { RoleSchema } from './roles.ts'

export const MIN_PASSWORD_LENGTH = 12

export const UsernameSchema = plainString()
  .trim()
  .min(3, { message: 'must be at least 3 characters' })
  .max(64, { message: 'must be at most 64 characters' })
  .regex(/^[A-Za-z0-9._@-]+$/, { message: 'may contain only letters, digits and . _ @ -' })

/** A password being set: the policy applies. */
export const NewPasswordSchema = plainString()
  .min(MIN_PASSWORD_LENGTH, { message: `must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(256, { message: 'must be at most 256 characters' })

/** A password being checked: any non-empty value (old accounts may predate the policy). */
export const PasswordSchema = plainString()
  .min(1, { message: 'is required' })
  .max(256, { message: 'must be at most 256 characters' })

export const UserStatusSchema = z.enum(['active', 'disabled'])
export type UserStatus = z.infer<typeof UserStatusSchema>

/** The signed-in user as every auth call answers it (spec part 1 §3 "User"). */
export const SessionUserSchema = z
  .object({
    _id: IdSchema,
    user_id: IdSchema.describe('Same as _id; kept for existing clients'),
    username: z.string(),
    country: z.string().nullable(),
    roles: z.array(RoleSchema),
    status: UserStatusSchema,
    sys_lang: SysLangSchema,
    businessclient: IdSchema.nullable(),
    token: z.string().describe('JWT (HS256) to send as Authorization: Bearer <token>'),
  })
  .meta({ id: 'SessionUser' })
export type SessionUser = z.infer<typeof SessionUserSchema>

/** Claims of the JWT (docs/architecture.md "API"). */
export const TokenClaimsSchema = z.object({
  sub: IdSchema,
  username: z.string(),
  roles: z.array(RoleSchema),
  businessclient: IdSchema.nullable(),
  sys_lang: SysLangSchema,
  exp: z.number(),
})
export type TokenClaims = z.infer<typeof TokenClaimsSchema>

export const SignupBodySchema = z.object({
  username: UsernameSchema,
  password: NewPasswordSchema,
  lang: SysLangSchema.optional().describe(
    'The language chosen before signing up; becomes the user’s sys_lang',
  ),
})
export const SigninBodySchema = z.object({
  username: UsernameSchema,
  password: PasswordSchema,
  lang: SysLangSchema.optional().describe('When given, becomes the user’s sys_lang'),
})
export const SigninAsBodySchema = z.object({
  username: UsernameSchema.describe('The user to act as'),
  password: PasswordSchema.describe('The admin’s own password, asked again'),
  lang: SysLangSchema.optional(),
})

export const SignupAnswerSchema = SessionUserSchema
