import { z } from 'zod'

/** The user's system language as the API stores it (spec: ENG, RO, CZ, SK, RU; default CZ). */
export const sysLangs = ['ENG', 'RO', 'CZ', 'SK', 'RU'] as const
export const SysLangSchema = z.enum(sysLangs)
export type SysLang = z.infer<typeof SysLangSchema>
export const defaultSysLang: SysLang = 'CZ'

/** i18n catalogue code for each sys_lang. */
export const localeOf = { ENG: 'en', RO: 'ro', CZ: 'cs', SK: 'sk', RU: 'ru' } as const satisfies Record<
  SysLang,
  string
>
export type Locale = (typeof localeOf)[SysLang]
export const locales = Object.values(localeOf) as Locale[]
