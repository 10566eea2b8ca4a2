import { isSysLang, type SysLang } from '@expedo/domain/common/sys-langs'
import { changeLanguage } from './i18n'

const KEY = 'guest_sys_lang'

/**
 * The language a signed-out visitor picked on the sign-in page. It is shown until sign-in and then
 * sent as `lang`, which makes it the user's sys_lang; without a pick, sign-in keeps the stored sys_lang.
 */
export const guestLanguage = {
  get(): SysLang | undefined {
    const value = localStorage.getItem(KEY)
    return isSysLang(value) ? value : undefined
  },
  /** Remembers the pick and switches the interface. */
  async choose(lang: SysLang) {
    localStorage.setItem(KEY, lang)
    await changeLanguage(lang)
  },
}
