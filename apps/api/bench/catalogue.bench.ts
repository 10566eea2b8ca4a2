import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createDatabase, demoToken, ms, startServer, summary, timeSequential } from './support.ts'

const rows: string[] = []
const row = (what: string, value: string, target = '') => rows.push(`| ${what} | ${value} | ${target} |`)
const IMPORT_ROWS = 5000
const IMPORT_RUNS = 3

/** 5,000 spreadsheet rows as the web sends them; every 50th misses its barcode (reported, not saved). */
function spreadsheet(run: number) {
  return Array.from({ length: IMPORT_ROWS }, (_, i) => ({
    name: `Bench product ${run}-${i}`,
    codes: {
      sku: `BENCH-${run}-${String(i).padStart(5, '0')}`,
      barcode: i % 50 === 0 ? '' : `859${run}${i}`,
    },
    color: 'green',
    size: 'M',
    proprities: { weight: 100 + (i % 900) },
  }))
}

async function measure(url: string, label: string) {
  const token = await demoToken(url, 'eshop1')
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  const imports: number[] = []
  for (let run = 0; run < IMPORT_RUNS; run++) {
    const body = JSON.stringify({ products: spreadsheet(run) })
    const started = performance.now()
    const res = await fetch(`${url}/api/products/upload/xls`, { method: 'POST', headers, body })
    const results = (await res.json()) as { success: boolean }[]
    imports.push(performance.now() - started)
    if (!res.ok || results.filter((r) => r.success).length !== IMPORT_ROWS - IMPORT_ROWS / 50) {
      throw new Error(`import run ${run} failed: ${res.status}`)
    }
  }
  const i = summary(imports)
  row(
    `${label}: POST /api/products/upload/xls, ${IMPORT_ROWS.toLocaleString('en')} rows (1 in 50 invalid)`,
    `median ${ms(i.p50)}, max ${ms(i.max)} (${IMPORT_RUNS} runs)`,
    '“a few seconds”',
  )
  const list = (query: string) => () =>
    fetch(`${url}/api/products?${query}`, { headers }).then((r) => r.arrayBuffer())
  await timeSequential(20, list('itemsPerPage=10'))
  const page = summary(await timeSequential(200, list('itemsPerPage=10&currentPage=50')))
  row(
    `${label}: GET /api/products, page 50 of ~15,000 (200 sequential)`,
    `p50 ${ms(page.p50)}, p95 ${ms(page.p95)}`,
  )
  const search = summary(await timeSequential(200, list('itemsPerPage=10&searchTerm=bench%20product%202-49')))
  row(
    `${label}: GET /api/products?searchTerm=… (200 sequential)`,
    `p50 ${ms(search.p50)}, p95 ${ms(search.p95)}`,
  )
}

/** Excel import of 5,000 products and the product list on top of it, on PGlite and PostgreSQL. */
export async function catalogueBench(): Promise<string> {
  rows.length = 0
  const dataDir = mkdtempSync(path.join(tmpdir(), 'expedo-bench-catalogue-'))
  const embedded = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
  try {
    await measure(embedded.url, 'PGlite')
  } finally {
    await embedded.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL
  if (adminUrl) {
    const server = await startServer({
      DATABASE_URL: await createDatabase(adminUrl, 'expedo_bench_catalogue'),
    })
    try {
      await measure(server.url, 'PostgreSQL')
    } finally {
      await server.stop()
    }
  } else {
    row('PostgreSQL', 'skipped (set DATABASE_URL or BENCH_DATABASE_URL)')
  }
  return ['## Catalogue', '', '| measure | result | target |', '|---|---|---|', ...rows].join('\n')
}
