import { readFileSync } from 'node:fs'
import path from 'node:path'

const locales = path.resolve(import.meta.dirname, '../../apps/web/src/locales')

/** The same key in all five languages, as one pattern (for screens shown before a language is chosen). */
export function inAnyLanguage(key: string): RegExp {
  const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp((['en', 'ro', 'cs', 'sk', 'ru'] as const).map((l) => quote(tr(l, key))).join('|'))
}

/** A value of the web's translation catalogues (`layout:menu.orders` → 'Orders' in English). */
export function tr(locale: 'en' | 'ro' | 'cs' | 'sk' | 'ru', key: string): string {
  const [ns, dotted] = key.split(':') as [string, string]
  let node: unknown = JSON.parse(readFileSync(path.join(locales, locale, `${ns}.json`), 'utf8'))
  for (const part of dotted.split('.')) node = (node as Record<string, unknown>)[part]
  if (typeof node !== 'string') throw new Error(`no translation ${locale}:${key}`)
  return node
}
