/**
 * Measures what the first load of /signin transfers, gzip-compressed: index.html, the files it links
 * (entry script, modulepreloads, stylesheets) and what the app loads before its first render — the
 * start catalogues, the antd locale and the dayjs locale of the start language (default CZ → cs).
 *
 *   npx vite build && node scripts/first-load-size.ts [--lang cs] [--budget 250]
 *
 * Exits 1 when the total is over the budget (KB = 1000 bytes, gzip level 9 as served pre-compressed).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'

interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

const antdLocaleOf: Record<string, string> = {
  en: 'en_US',
  cs: 'cs_CZ',
  ro: 'ro_RO',
  sk: 'sk_SK',
  ru: 'ru_RU',
}

const { values } = parseArgs({
  options: { lang: { type: 'string', default: 'cs' }, budget: { type: 'string', default: '250' } },
})
const lang = values.lang
const budgetKb = Number(values.budget)
const dist = path.resolve(import.meta.dirname, '../dist')
const manifestPath = path.join(dist, '.vite/manifest.json')
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: run `npx vite build` first.')
  process.exit(2)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
const html = readFileSync(path.join(dist, 'index.html'), 'utf8')

const files = new Set<string>()
// 1. What index.html links: the entry script, modulepreloads and stylesheets.
for (const [, url] of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\/([^"]+)"/g)) {
  if (url && !url.endsWith('.svg')) files.add(url)
}
// 2. The entry's static import graph (the same as the modulepreloads, checked here).
function collect(key: string) {
  const chunk = manifest[key]
  if (!chunk || files.has(`${chunk.file}#seen`)) return
  files.add(`${chunk.file}#seen`)
  files.add(chunk.file)
  for (const css of chunk.css ?? []) files.add(css)
  for (const imported of chunk.imports ?? []) collect(imported)
}
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry)
if (!entryKey) throw new Error('No entry in the manifest')
collect(entryKey)
// 3. What src/main.tsx awaits before the first render (lib/i18n + lib/ui-locale): the start namespaces
//    of one language (read from lib/i18n.ts, the one list), its antd locale and its dayjs locale.
const i18nSource = readFileSync(path.resolve(import.meta.dirname, '../src/lib/i18n.ts'), 'utf8')
const startNamespaces = [
  ...(/startNamespaces = \[([^\]]*)\]/.exec(i18nSource)?.[1] ?? '').matchAll(/'([^']+)'/g),
].map((m) => m[1])
if (startNamespaces.length === 0) throw new Error('startNamespaces not found in src/lib/i18n.ts')
const startup = [
  new RegExp(`src/locales/${lang}/(${startNamespaces.join('|')})\\.json$`),
  new RegExp(`antd/es/locale/${antdLocaleOf[lang] ?? ''}\\.js$`),
  new RegExp(`dayjs/locale/${lang}\\.js$`),
  /dayjs\/dayjs\.min\.js$/,
]
for (const key of Object.keys(manifest)) {
  if (startup.some((pattern) => pattern.test(key))) collect(key)
}

const rows = [...files]
  .filter((file) => !file.endsWith('#seen'))
  .map((file) => {
    const bytes = readFileSync(path.join(dist, file))
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
const htmlBytes = Buffer.from(html)
rows.push({ file: 'index.html', raw: htmlBytes.length, gzip: gzipSync(htmlBytes, { level: 9 }).length })
rows.sort((a, b) => b.gzip - a.gzip)

const kb = (n: number) => (n / 1000).toFixed(1).padStart(7)
for (const row of rows) console.log(`${kb(row.gzip)} KB  ${kb(row.raw)} KB raw  ${row.file}`)
const total = rows.reduce((sum, row) => sum + row.gzip, 0)
console.log(
  `\nFirst load of /signin (${lang}): ${rows.length} files, ${kb(total).trim()} KB gzip (budget ${budgetKb} KB)`,
)
if (total > budgetKb * 1000) {
  console.error('Over budget.')
  process.exit(1)
}
