import type { Locale } from '@expedo/domain'
import type { Locale as AntdLocale } from 'antd/es/locale'
import { useSyncExternalStore } from 'react'

/**
 * Ant Design and dayjs follow the interface language. Both locales are loaded lazily, per language,
 * so the first screen only carries the one it shows. English is antd's and dayjs's built-in default.
 */
const loaders: Record<Locale, () => Promise<[AntdLocale | undefined, string]>> = {
  en: async () => [undefined, 'en'],
  cs: () => Promise.all([import('antd/es/locale/cs_CZ'), import('dayjs/locale/cs')]).then(([a]) => [a.default, 'cs']),
  ro: () => Promise.all([import('antd/es/locale/ro_RO'), import('dayjs/locale/ro')]).then(([a]) => [a.default, 'ro']),
  sk: () => Promise.all([import('antd/es/locale/sk_SK'), import('dayjs/locale/sk')]).then(([a]) => [a.default, 'sk']),
  ru: () => Promise.all([import('antd/es/locale/ru_RU'), import('dayjs/locale/ru')]).then(([a]) => [a.default, 'ru']),
}

let antdLocale: AntdLocale | undefined
const listeners = new Set<() => void>()

/** Loads and applies the antd and dayjs locale of `locale`. */
export async function loadUiLocale(locale: Locale): Promise<void> {
  const [[antd, dayjsLocale], { default: dayjs }] = await Promise.all([loaders[locale](), import('dayjs')])
  dayjs.locale(dayjsLocale)
  antdLocale = antd
  for (const l of listeners) l()
}

/** The antd locale for ConfigProvider (undefined = antd's English default). */
export const useAntdLocale = (): AntdLocale | undefined =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => antdLocale,
  )
