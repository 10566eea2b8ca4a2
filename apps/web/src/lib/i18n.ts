import {
  defaultSysLang,
  type Locale,
  localeOf,
  type SysLang,
  sysLangs,
} from '@expedo/domain/common/sys-langs'
import i18n, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { loadUiLocale } from './ui-locale'

/** One JSON file per language and namespace: locales/<lng>/<namespace>.json, each its own small chunk. */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json')

/**
 * Loaded at start: the shell's namespaces and the shared components'. An area's namespace loads when a
 * screen first asks for it (`useTranslation('products')` suspends meanwhile), so the first load does
 * not grow with every area.
 */
export const startNamespaces = ['common', 'auth', 'layout', 'errors', 'components']

async function readCatalogue(locale: string, ns: string): Promise<Record<string, unknown>> {
  const load = catalogues[`../locales/${locale}/${ns}.json`]
  return load ? (await load()).default : {}
}

/** i18next's backend over the catalogue chunks. */
const catalogueBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    readCatalogue(language, namespace).then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    )
  },
}

/** The namespaces in use: those loaded for the current language (and the start ones). */
function namespacesInUse(): string[] {
  const loaded = Object.keys(i18n.store?.data[i18n.language] ?? {})
  return Array.from(new Set([...startNamespaces, ...loaded]))
}

/** The catalogues in use, antd locale and dayjs locale of one language, all in parallel. */
async function loadLanguage(locale: Locale) {
  await Promise.all([
    ...namespacesInUse().map(async (ns) => {
      if (i18n.hasResourceBundle(locale, ns)) return
      i18n.addResourceBundle(locale, ns, await readCatalogue(locale, ns), true, true)
    }),
    loadUiLocale(locale),
  ])
}

/**
 * Starts i18next in the user's language (sys_lang; default CZ) with the start catalogues and `also` (those
 * of the page a direct load opens, so that they come in parallel rather than after the page's code).
 */
export async function initI18n(sysLang: SysLang = defaultSysLang, also: string[] = []) {
  const locale = localeOf[sysLang]
  await Promise.all([
    i18n
      .use(catalogueBackend)
      .use(initReactI18next)
      .init({
        lng: locale,
        fallbackLng: false,
        ns: [...new Set([...startNamespaces, ...also])],
        defaultNS: 'common',
        interpolation: { escapeValue: false },
        returnNull: false,
      }),
    loadUiLocale(locale),
  ])
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
