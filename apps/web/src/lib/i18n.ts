import { defaultSysLang, type Locale, localeOf, type SysLang, sysLangs } from '@expedo/domain'
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { loadUiLocale } from './ui-locale'

/** One JSON file per language and namespace: locales/<lng>/<namespace>.json, loaded for the active language only. */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json')

export const namespaces = Array.from(
  new Set(Object.keys(catalogues).map((path) => path.split('/').pop()!.replace('.json', ''))),
)

/** Catalogues, antd locale and dayjs locale of one language, all in parallel. */
async function loadLanguage(locale: Locale) {
  await Promise.all([
    ...namespaces.map(async (ns) => {
      if (i18n.hasResourceBundle(locale, ns)) return
      const load = catalogues[`../locales/${locale}/${ns}.json`]
      if (load) i18n.addResourceBundle(locale, ns, (await load()).default, true, true)
    }),
    loadUiLocale(locale),
  ])
}

/** Starts i18next in the user's language (sys_lang; default CZ). */
export async function initI18n(sysLang: SysLang = defaultSysLang) {
  const locale = localeOf[sysLang]
  await i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    ns: namespaces,
    defaultNS: 'common',
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  await loadLanguage(locale)
  document.documentElement.lang = locale
}

/** Switches the interface language: texts, antd components and dates (loaded first, so nothing flashes). */
export async function changeLanguage(sysLang: SysLang) {
  const locale = localeOf[sysLang]
  await loadLanguage(locale)
  await i18n.changeLanguage(locale)
  document.documentElement.lang = locale
}

/** The sys_lang of an i18n language code (the reverse of localeOf). */
export function sysLangOf(locale: string): SysLang {
  return sysLangs.find((lang) => localeOf[lang] === locale) ?? defaultSysLang
}

export { i18n }
