/**
 * `npm run bench`: runs the benchmark modules and writes docs/benchmarks.md with the machine and date.
 * `npm run bench -- foundation` runs only the named modules; other modules' sections are kept.
 * BENCH_VARIANT=before (with BENCH_SERVER_ROOT=<another checkout>/apps/api) writes the modules' sections
 * under their own key and title, beside the current code's: a before/after measured in one session.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { machine, repoRoot } from './support.ts'

// Loaded when run: the usage and a wrong name are answered without loading the app.
const modules: Record<string, () => Promise<string>> = {
  foundation: () => import('./foundation.bench.ts').then((m) => m.foundationBench()),
  catalogue: () => import('./catalogue.bench.ts').then((m) => m.catalogueBench()),
  stock: () => import('./stock.bench.ts').then((m) => m.stockBench()),
  orders: () => import('./orders.bench.ts').then((m) => m.ordersBench()),
  search: () => import('./search.bench.ts').then((m) => m.searchBench()),
  throughput: () => import('./throughput.bench.ts').then((m) => m.throughputBench()),
  embedded: () => import('./embedded.bench.ts').then((m) => m.embeddedBench()),
  firstload: () => import('./first-load.bench.ts').then((m) => m.firstLoadBench()),
  invoices: () => import('./invoices.bench.ts').then((m) => m.invoicesBench()),
  documents: () => import('./documents.bench.ts').then((m) => m.documentsBench()),
  couriers: () => import('./couriers.bench.ts').then((m) => m.couriersBench()),
  reports: () => import('./reports.bench.ts').then((m) => m.reportsBench()),
  bills: () => import('./bills.bench.ts').then((m) => m.billsBench()),
  services: () => import('./services.bench.ts').then((m) => m.servicesBench()),
  cod: () => import('./cod.bench.ts').then((m) => m.codBench()),
  refunds: () => import('./refunds.bench.ts').then((m) => m.refundsBench()),
  shoptet: () => import('./shoptet.bench.ts').then((m) => m.shoptetBench()),
  waves: () => import('./waves.bench.ts').then((m) => m.wavesBench()),
  packing: () => import('./packing.bench.ts').then((m) => m.packingBench()),
  labels: () => import('./labels.bench.ts').then((m) => m.labelsBench()),
}

const usage = `Usage: npm run bench [-- <module> ...]

Runs the named benchmark modules (all of them without a name) and writes their sections of
docs/benchmarks.md; the other modules' sections are kept. Modules: ${Object.keys(modules).join(', ')}.
BENCH_VARIANT=before with BENCH_SERVER_ROOT=<another checkout>/apps/api writes a before/after beside them.`

const only = process.argv.slice(2)
if (only.includes('--help') || only.includes('-h')) {
  console.log(usage)
  process.exit(0)
}
const unknown = only.filter((name) => !(name in modules))
if (unknown.length) {
  // Nothing is run and docs/benchmarks.md is left as it is.
  console.error(`Unknown bench module: ${unknown.join(', ')}.\n\n${usage}`)
  process.exit(1)
}
const file = path.join(repoRoot, 'docs/benchmarks.md')
const previous = existsSync(file) ? readFileSync(file, 'utf8') : ''
const sections = new Map<string, string>()
for (const match of previous.matchAll(/<!-- bench:(\w+) -->\n([\s\S]*?)<!-- \/bench:\1 -->/g)) {
  sections.set(match[1]!, match[2]!)
}

for (const [name, run] of Object.entries(modules)) {
  if (only.length && !only.includes(name)) continue
  console.log(`bench ${name}...`)
  const variant = process.env.BENCH_VARIANT
  const body = variant ? (await run()).replace(/^## (.*)$/m, `## $1 — ${variant}`) : await run()
  const stamp = `_Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}._`
  sections.set(variant ? `${name}_${variant}` : name, `${body}\n\n${stamp}\n`)
  console.log(body)
}

const doc = [
  '# Benchmarks',
  '',
  'Written by `npm run bench` (apps/api/bench). Each section records the machine and the date it was measured on.',
  '',
  ...[...sections].map(([name, body]) => `<!-- bench:${name} -->\n${body}<!-- /bench:${name} -->\n`),
].join('\n')
writeFileSync(file, doc)
console.log(`written ${path.relative(process.cwd(), file)}`)
