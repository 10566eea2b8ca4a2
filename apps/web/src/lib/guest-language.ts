import { type SysLang, SysLangSchema } from '@expedo/domain'

const KEY = 'guest_sys_lang'

/**
 * The language a signed-out visitor picked on the sign-in page. It is shown until sign-in and then
 * sent as `lang`, which makes it the user's sys_lang; without a pick, sign-in keeps the stored sys_lang.
 */
export const guestLanguage = {
  get(): SysLang | undefined {
    const parsed = SysLangSchema.safeParse(localStorage.getItem(KEY))
    return parsed.success ? parsed.data : undefined
  },
  set(lang: SysLang) {
    localStorage.setItem(KEY, lang)
  },
}
