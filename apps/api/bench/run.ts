/**
 * `npm run bench`: runs the benchmark modules and writes docs/benchmarks.md with the machine and date.
 * `npm run bench -- foundation` runs only the named modules; other modules' sections are kept.
 * BENCH_VARIANT=before (with BENCH_SERVER_ROOT=<another checkout>/apps/api) writes the modules' sections
 * under their own key and title, beside the current code's: a before/after measured in one session.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { billsBench } from './bills.bench.ts'
import { catalogueBench } from './catalogue.bench.ts'
import { codBench } from './cod.bench.ts'
import { couriersBench } from './couriers.bench.ts'
import { documentsBench } from './documents.bench.ts'
import { firstLoadBench } from './first-load.bench.ts'
import { foundationBench } from './foundation.bench.ts'
import { invoicesBench } from './invoices.bench.ts'
import { ordersBench } from './orders.bench.ts'
import { refundsBench } from './refunds.bench.ts'
import { reportsBench } from './reports.bench.ts'
import { searchBench } from './search.bench.ts'
import { servicesBench } from './services.bench.ts'
import { shoptetBench } from './shoptet.bench.ts'
import { stockBench } from './stock.bench.ts'
import { machine, repoRoot } from './support.ts'
import { throughputBench } from './throughput.bench.ts'

const modules: Record<string, () => Promise<string>> = {
  foundation: foundationBench,
  catalogue: catalogueBench,
  stock: stockBench,
  orders: ordersBench,
  search: searchBench,
  throughput: throughputBench,
  firstload: firstLoadBench,
  invoices: invoicesBench,
  documents: documentsBench,
  couriers: couriersBench,
  reports: reportsBench,
  bills: billsBench,
  services: servicesBench,
  cod: codBench,
  refunds: refundsBench,
  shoptet: shoptetBench,
}

const only = process.argv.slice(2)
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
