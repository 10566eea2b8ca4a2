import { z } from 'zod'
import { permissions, roles } from './permissions.ts'

export * from './permissions.ts'

export const RoleSchema = z.enum(roles)
export const PermissionSchema = z.enum(permissions)
