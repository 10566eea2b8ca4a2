import type { Locale } from '@expedo/domain/common/sys-langs'
import type { Locale as AntdLocale } from 'antd/es/locale'
// antd's ConfigProvider already carries English, so this costs nothing.
import enUS from 'antd/es/locale/en_US'
import { useSyncExternalStore } from 'react'

/**
 * Ant Design and dayjs follow the interface language. Both locales are loaded lazily, per language,
 * so the first screen only carries the one it shows. English is antd's and dayjs's built-in default.
 */
const loaders: Record<Locale, () => Promise<[AntdLocale, string]>> = {
  en: async () => [enUS, 'en'],
  cs: () =>
    Promise.all([import('antd/es/locale/cs_CZ'), import('dayjs/locale/cs')]).then(([a]) => [a.default, 'cs']),
  ro: () =>
    Promise.all([import('antd/es/locale/ro_RO'), import('dayjs/locale/ro')]).then(([a]) => [a.default, 'ro']),
  sk: () =>
    Promise.all([import('antd/es/locale/sk_SK'), import('dayjs/locale/sk')]).then(([a]) => [a.default, 'sk']),
  ru: () =>
    Promise.all([import('antd/es/locale/ru_RU'), import('dayjs/locale/ru')]).then(([a]) => [a.default, 'ru']),
}

// Always a locale object: ConfigProvider wraps its children in a provider only when it has one, so a
// change from none to one would remount the whole app.
let antdLocale: AntdLocale = enUS
const listeners = new Set<() => void>()

/** Loads and applies the antd and dayjs locale of `locale`. */
export async function loadUiLocale(locale: Locale): Promise<void> {
  const [[antd, dayjsLocale], { default: dayjs }] = await Promise.all([loaders[locale](), import('dayjs')])
  dayjs.locale(dayjsLocale)
  antdLocale = antd
  for (const l of listeners) l()
}

/** The antd locale for ConfigProvider. */
export const useAntdLocale = (): AntdLocale =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => antdLocale,
  )
