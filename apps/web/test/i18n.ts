import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'

/** The English catalogues, loaded at once (tests assert the English texts of the spec). */
const english = import.meta.glob<Record<string, unknown>>('../src/locales/en/*.json', {
  eager: true,
  import: 'default',
})

/** Starts the shared i18next instance in English with every namespace, synchronously. */
export function initTestI18n() {
  if (i18n.isInitialized) return i18n
  const resources = Object.fromEntries(
    Object.entries(english).map(([path, catalogue]) => [
      path.split('/').pop()!.replace('.json', ''),
      catalogue,
    ]),
  )
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: false,
    ns: Object.keys(resources),
    defaultNS: 'common',
    resources: { en: resources },
    interpolation: { escapeValue: false },
    initAsync: false,
  })
  return i18n
}
