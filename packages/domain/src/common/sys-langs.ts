/**
 * The languages as plain constants, without zod: the web's first screen imports this module directly
 * (`@expedo/domain/common/sys-langs`) so that the sign-in page does not load the schema library.
 */

/** The user's system language as the API stores it (spec: ENG, RO, CZ, SK, RU; default CZ). */
export const sysLangs = ['ENG', 'RO', 'CZ', 'SK', 'RU'] as const
export type SysLang = (typeof sysLangs)[number]
export const defaultSysLang: SysLang = 'CZ'

/** i18n catalogue code for each sys_lang. */
export const localeOf = { ENG: 'en', RO: 'ro', CZ: 'cs', SK: 'sk', RU: 'ru' } as const satisfies Record<
  SysLang,
  string
>
export type Locale = (typeof localeOf)[SysLang]
export const locales = Object.values(localeOf) as Locale[]

export function isSysLang(value: unknown): value is SysLang {
  return sysLangs.includes(value as SysLang)
}
