import { z } from 'zod'
import { sysLangs } from './sys-langs.ts'

export * from './sys-langs.ts'

export const SysLangSchema = z.enum(sysLangs)
