import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Every catalogue of every namespace (locales/<lng>/<namespace>.json) against English, the reference:
 * same keys (plural forms as each language needs them), no empty values, the same {{placeholders}},
 * and real translations — a value equal to the English one (longer than 3 characters) fails unless
 * its key is in the allowlist below.
 */
const SAME_AS_ENGLISH_ALLOWED = new Set([
  // Brand and product names.
  'common:appName',
  // The spec's word for a draft document, and a format's name.
  'invoices:edit.draft',
  'invoices:edit.isdoc',
  // Who invoices a connected shop's orders: the two products' names.
  'eshops:invoicing.expedo',
  'eshops:invoicing.shoptet',
  // A change-log line's pattern: placeholders and punctuation only.
  'order-detail:changeLogs.events.fieldChanged',
  // Found / expected units of a short pick: placeholders and a slash.
  'waves:discrepancies.foundOf',
  // A weight's pattern: a placeholder and the unit's symbol (kg in the Latin-script languages).
  'handovers:weight',
])

const localesDir = path.resolve(import.meta.dirname, '../src/locales')
const languages = readdirSync(localesDir).filter((name) => existsSync(path.join(localesDir, name, '.')))
const others = languages.filter((lng) => lng !== 'en')
const namespaces = readdirSync(path.join(localesDir, 'en'))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''))

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

type Flat = Map<string, unknown>

function flatten(node: unknown, prefix = '', into: Flat = new Map()): Flat {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, into)
  } else {
    into.set(prefix, node)
  }
  return into
}

function load(lng: string, ns: string): Flat | undefined {
  const file = path.join(localesDir, lng, `${ns}.json`)
  return existsSync(file) ? flatten(JSON.parse(readFileSync(file, 'utf8'))) : undefined
}

/** Keys with plural suffixes folded into their base key, with the categories found. */
function byBaseKey(flat: Flat): Map<string, Set<string>> {
  const bases = new Map<string, Set<string>>()
  for (const key of flat.keys()) {
    const match = PLURAL_SUFFIX.exec(key)
    const base = match ? key.slice(0, -match[0].length) : key
    const categories = bases.get(base) ?? new Set<string>()
    if (match?.[1]) categories.add(match[1])
    bases.set(base, categories)
  }
  return bases
}

const placeholders = (value: unknown) =>
  [...String(value).matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort()

describe('i18n catalogues', () => {
  it('has the five languages and at least the shell namespaces', () => {
    expect([...languages].sort()).toEqual(['cs', 'en', 'ro', 'ru', 'sk'])
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'auth', 'layout', 'errors']))
  })

  describe.each(namespaces)('namespace %s', (ns) => {
    const english = load('en', ns)!
    const englishBases = byBaseKey(english)

    it('English has no empty values', () => {
      const empty = [...english].filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      expect(empty.map(([key]) => key)).toEqual([])
    })

    it.each(others)('%s has exactly the keys of English, none empty', (lng) => {
      const catalogue = load(lng, ns)
      expect(catalogue, `locales/${lng}/${ns}.json is missing`).toBeDefined()
      const bases = byBaseKey(catalogue!)
      const missing = [...englishBases.keys()].filter((key) => !bases.has(key))
      const extra = [...bases.keys()].filter((key) => !englishBases.has(key))
      expect({ missing, extra }).toEqual({ missing: [], extra: [] })

      const needed = new Intl.PluralRules(lng).resolvedOptions().pluralCategories
      const wrongPlurals = [...englishBases]
        .filter(([, categories]) => categories.size > 0)
        .filter(([key]) => {
          const found = bases.get(key) ?? new Set<string>()
          return (
            needed.some((c) => !found.has(c)) || [...found].some((c) => !(needed as string[]).includes(c))
          )
        })
        .map(([key]) => `${key} needs ${needed.join(', ')}`)
      expect(wrongPlurals).toEqual([])

      const empty = [...catalogue!].filter(([, value]) => typeof value !== 'string' || value.trim() === '')
      expect(empty.map(([key]) => key)).toEqual([])
    })

    it.each(others)('%s keeps the placeholders of English', (lng) => {
      const catalogue = load(lng, ns) ?? new Map()
      const differing = [...catalogue].flatMap(([key, value]) => {
        const base = key.replace(PLURAL_SUFFIX, '')
        const reference = english.get(key) ?? english.get(`${base}_other`) ?? english.get(base)
        if (reference === undefined) return []
        const expected = placeholders(reference)
        // A plural form may leave out {{count}} ("one item" written as a word).
        const actual = placeholders(value)
        const ok = PLURAL_SUFFIX.test(key)
          ? actual.every((p) => expected.includes(p)) &&
            expected.filter((p) => p !== 'count').every((p) => actual.includes(p))
          : actual.join() === expected.join()
        return ok ? [] : [`${key}: ${actual.join(', ')} instead of ${expected.join(', ')}`]
      })
      expect(differing).toEqual([])
    })

    it.each(others)('%s is translated, not a copy of English', (lng) => {
      const catalogue = load(lng, ns) ?? new Map()
      const copies = [...catalogue]
        .filter(([key, value]) => {
          const reference = english.get(key)
          return (
            typeof reference === 'string' &&
            reference.trim().length > 3 &&
            value === reference &&
            !SAME_AS_ENGLISH_ALLOWED.has(`${ns}:${key}`)
          )
        })
        .map(([key, value]) => `${key}: "${String(value)}"`)
      expect(copies).toEqual([])
    })
  })
})
