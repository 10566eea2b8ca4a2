import { z } from 'zod'
import { UserStatusSchema } from '../auth/auth.schemas.ts'
import { PermissionSchema, RoleSchema } from '../auth/roles.ts'
import { IdSchema } from '../common/ids.ts'
import { SysLangSchema } from '../common/languages.ts'

export const UserSummarySchema = z
  .object({
    _id: IdSchema,
    username: z.string(),
    roles: z.array(RoleSchema),
    status: UserStatusSchema,
    sys_lang: SysLangSchema,
    businessclient: IdSchema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'UserSummary' })
export type UserSummary = z.infer<typeof UserSummarySchema>

export const UsersAnswerSchema = z.object({
  foundUsers: z
    .array(UserSummarySchema)
    .describe('Staff see every user; a client sees the users of its business'),
  routePermission: z
    .array(PermissionSchema)
    .describe('The permissions of the current user, used as view permissions'),
})

export const UpdateUserSettingsBodySchema = z.strictObject({ 'settings.sys_lang': SysLangSchema })
