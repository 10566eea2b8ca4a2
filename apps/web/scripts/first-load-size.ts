/**
 * Measures what a direct first load of a page transfers, gzip-compressed, from the build's chunk graph:
 * index.html, the files it links (entry script, modulepreloads, stylesheets), what the app loads before
 * its first render (the start catalogues, the antd and dayjs locale of the start language, default CZ →
 * cs) and, for a signed-in page, the lazy chunks the page itself loads (the layout, the page and their
 * static imports, the page's catalogue).
 *
 *   npx vite build && node scripts/first-load-size.ts [--route /signin|/orders|all] [--lang cs] [--top 15]
 *
 * Budgets (KB = 1000 bytes, gzip level 9 as served pre-compressed): /signin 250 KB, /orders 450 KB
 * (issue 9).
 * `--budget N` overrides the budget of a single route. Exits 1 when a page is over its budget.
 * `--top N` also lists the N largest packages or source folders of the page, an estimate from
 * .vite/chunk-modules.json (each chunk's gzip size shared out by its modules' rendered length).
 *
 * This is the quick check after a build; the browser journey e2e/journeys/first-load.spec.ts measures
 * the same pages in Chromium (what is really fetched) and the time to the orders table.
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

/** A page: the lazy modules its first render loads beside the entry (manifest keys), its catalogues, budget. */
interface Page {
  modules: string[]
  namespaces: string[]
  budgetKb: number
  /** What the budget is of: every file fetched, or the JavaScript (as the first-load journey checks). */
  budgetOf: 'all' | 'js'
}

const pages: Record<string, Page> = {
  '/signin': { modules: [], namespaces: [], budgetKb: 250, budgetOf: 'all' },
  '/orders': {
    modules: ['src/app/layout/app-layout.tsx', 'src/features/orders/pages/orders-list-page.tsx'],
    namespaces: ['orders'],
    // Issue 9: 554 KB before; the date pickers now load when first used (DeferredDatePicker).
    budgetKb: 450,
    budgetOf: 'js',
  },
}

const antdLocaleOf: Record<string, string> = {
  en: 'en_US',
  cs: 'cs_CZ',
  ro: 'ro_RO',
  sk: 'sk_SK',
  ru: 'ru_RU',
}

const { values } = parseArgs({
  options: {
    route: { type: 'string', default: 'all' },
    lang: { type: 'string', default: 'cs' },
    budget: { type: 'string' },
    top: { type: 'string', default: '0' },
  },
})
const lang = values.lang
const routes = values.route === 'all' ? Object.keys(pages) : [values.route]
const dist = path.resolve(import.meta.dirname, '../dist')
const manifestPath = path.join(dist, '.vite/manifest.json')
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: run `npx vite build` first.')
  process.exit(2)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>
const chunkModulesPath = path.join(dist, '.vite/chunk-modules.json')
const chunkModules = existsSync(chunkModulesPath)
  ? (JSON.parse(readFileSync(chunkModulesPath, 'utf8')) as Record<string, [string, number][]>)
  : {}
const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
const i18nSource = readFileSync(path.resolve(import.meta.dirname, '../src/lib/i18n.ts'), 'utf8')
const startNamespaces = [
  ...(/startNamespaces = \[([^\]]*)\]/.exec(i18nSource)?.[1] ?? '').matchAll(/'([^']+)'/g),
].map((m) => m[1])
if (startNamespaces.length === 0) throw new Error('startNamespaces not found in src/lib/i18n.ts')

/** Every file a direct load of `page` fetches, by the chunk graph. */
function filesOf(page: Page): Set<string> {
  const files = new Set<string>()
  const seen = new Set<string>()
  const collect = (key: string) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the manifest`)
    if (seen.has(key)) return
    seen.add(key)
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) collect(imported)
  }
  // 1. What index.html links (the entry script, modulepreloads, stylesheets), and 2. their static import
  //    graph (the same as the modulepreloads, checked here).
  for (const [, url] of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\/([^"]+)"/g)) {
    if (!url || url.endsWith('.svg')) continue
    files.add(url)
    for (const key of Object.keys(manifest)) if (manifest[key]?.file === url) collect(key)
  }
  if (!Object.values(manifest).some((chunk) => chunk.isEntry && files.has(chunk.file)) && files.size < 2)
    throw new Error('index.html links no script of the manifest')
  // 3. What src/main.tsx awaits before the first render (lib/i18n + lib/ui-locale): the start namespaces
  //    and the page's, of one language (read from lib/i18n.ts, the one list), its antd and dayjs locale.
  const startup = [
    new RegExp(`src/locales/${lang}/(${[...startNamespaces, ...page.namespaces].join('|')})\\.json$`),
    new RegExp(`antd/es/locale/${antdLocaleOf[lang] ?? ''}\\.js$`),
    new RegExp(`dayjs/locale/${lang}\\.js$`),
    /dayjs\/dayjs\.min\.js$/,
  ]
  for (const key of Object.keys(manifest)) {
    if (startup.some((pattern) => pattern.test(key))) collect(key)
  }
  // 4. The page's lazy chunks and their static imports.
  for (const key of page.modules) collect(key)
  return files
}

/** Where a module comes from: its npm package (antd and the icons by folder), or its source folder. */
function originOf(id: string): string {
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:es\/|lib\/)?([^/]+)?/.exec(id)
  if (npm)
    return ['antd', '@ant-design/icons'].includes(npm[1] ?? '') ? `${npm[1]}/${npm[2]}` : (npm[1] ?? id)
  return path.dirname(id)
}

const kb = (n: number) => (n / 1000).toFixed(1).padStart(7)
let failed = false
for (const route of routes) {
  const page = route ? pages[route] : undefined
  if (!route || !page) {
    console.error(`Unknown route ${route}; known: ${Object.keys(pages).join(', ')}`)
    process.exit(2)
  }
  const budgetKb = values.budget && routes.length === 1 ? Number(values.budget) : page.budgetKb
  const rows = [...filesOf(page)].map((file) => {
    const bytes = readFileSync(path.join(dist, file))
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
  })
  const htmlBytes = Buffer.from(html)
  rows.push({ file: 'index.html', raw: htmlBytes.length, gzip: gzipSync(htmlBytes, { level: 9 }).length })
  rows.sort((a, b) => b.gzip - a.gzip)

  console.log(`\n${route}`)
  for (const row of rows) console.log(`${kb(row.gzip)} KB  ${kb(row.raw)} KB raw  ${row.file}`)
  const top = Number(values.top)
  if (top > 0) {
    const byOrigin = new Map<string, number>()
    for (const row of rows) {
      const modules = chunkModules[row.file] ?? []
      const rendered = modules.reduce((sum, [, length]) => sum + length, 0)
      for (const [id, length] of modules) {
        const origin = originOf(id)
        byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + (row.gzip * length) / rendered)
      }
    }
    console.log(`\nLargest contributors (estimated gzip):`)
    for (const [origin, bytes] of [...byOrigin].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${kb(bytes)} KB  ${origin}`)
    }
  }
  const total = rows.reduce((sum, row) => sum + row.gzip, 0)
  const js = rows.filter((row) => row.file.endsWith('.js')).reduce((sum, row) => sum + row.gzip, 0)
  console.log(
    `\nFirst load of ${route} (${lang}): ${rows.length} files, ${kb(total).trim()} KB gzip, JS ${kb(js).trim()} KB (budget ${budgetKb} KB of ${page.budgetOf === 'js' ? 'JavaScript' : 'everything'})`,
  )
  if ((page.budgetOf === 'js' ? js : total) > budgetKb * 1000) {
    console.error(`${route}: over budget.`)
    failed = true
  }
}
if (failed) process.exit(1)
