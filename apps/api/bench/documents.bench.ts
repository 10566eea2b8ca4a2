import { spawnSync } from 'node:child_process'
import { renderTaxDocumentPdf } from '../src/platform/documents/pdf.ts'
import { documentFonts } from '../src/platform/documents/pdf-fonts.ts'
import { defaultPdfWorkers } from '../src/platform/documents/pdf-workers.ts'
import type { TaxDocument } from '../src/platform/documents/tax-document.ts'
import { czechInvoice, withLines } from '../src/platform/documents/test-documents.ts'
import { apiRoot, ms, serverEnv, serverFlags, summary } from './support.ts'

/**
 * Document files (platform/documents): CPU per invoice PDF in this process, and a ZIP of 10,000 PDFs
 * rendered on the worker pool into /dev/null, in a child process whose peak RSS (threads included) counts.
 * BENCH_DOCUMENTS_ZIP sets the ZIP's size, BENCH_DOCUMENTS_WORKERS its threads.
 */

const rows: string[] = []
const row = (what: string, value: string, target = '') => rows.push(`| ${what} | ${value} | ${target} |`)
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`

async function cpuPerPdf(doc: TaxDocument, count: number) {
  for (let i = 0; i < 10; i++) await renderTaxDocumentPdf(doc) // warm-up: JIT and the font's glyph caches
  const walls: number[] = []
  let bytes = 0
  const cpu = process.cpuUsage()
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    bytes = (await renderTaxDocumentPdf(doc)).length
    walls.push(performance.now() - started)
  }
  const used = process.cpuUsage(cpu)
  return { cpuMs: (used.user + used.system) / 1000 / count, wall: summary(walls), bytes }
}

/** The ZIP runs in a child with the API's V8 flags and malloc settings: this process's memory is the bench's, not the API's. */
function zipInChild(count: number, workers: number) {
  const r = spawnSync(
    process.execPath,
    [...serverFlags, 'bench/documents-zip.ts', String(count), String(workers)],
    {
      cwd: apiRoot,
      env: { ...process.env, ...serverEnv },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  if (r.status !== 0) throw new Error(`documents-zip exited with ${r.status}`)
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as {
    seconds: number
    cpuMs: number
    rssBefore: number
    rssPeak: number
    peakAt: number
    hwm: number
  }
}

export async function documentsBench(): Promise<string> {
  rows.length = 0
  const parseStarted = process.cpuUsage()
  documentFonts()
  const parse = process.cpuUsage(parseStarted)
  row(
    'Font parse, once per process or thread (Noto Sans regular + bold)',
    ms((parse.user + parse.system) / 1000),
  )

  const twoPages = withLines(czechInvoice(), 40)
  const big = await cpuPerPdf(twoPages, 100)
  row(
    'Invoice PDF, 40 lines (2 A4 pages), 100 sequential renders',
    `CPU ${ms(big.cpuMs)} per PDF; wall p50 ${ms(big.wall.p50)}, p95 ${ms(big.wall.p95)}; ${(big.bytes / 1024).toFixed(0)} KB`,
    '≤ 60 ms CPU',
  )
  const small = await cpuPerPdf(czechInvoice(), 100)
  row(
    'Invoice PDF, 2 lines (1 page, payment QR), 100 sequential renders',
    `CPU ${ms(small.cpuMs)} per PDF; wall p50 ${ms(small.wall.p50)}, p95 ${ms(small.wall.p95)}`,
  )

  const count = Number(process.env.BENCH_DOCUMENTS_ZIP ?? 10_000)
  const workers = Number(process.env.BENCH_DOCUMENTS_WORKERS ?? defaultPdfWorkers())
  const zip = zipInChild(count, workers)
  row(
    `ZIP of ${count.toLocaleString('en')} invoice PDFs to /dev/null, ${workers} worker thread${workers > 1 ? 's' : ''}, API's V8 flags and malloc settings`,
    `${zip.seconds.toFixed(0)} s, ${Math.round(count / zip.seconds)} PDFs/s, CPU ${ms(zip.cpuMs)} per PDF; process RSS ${mb(zip.rssBefore)} → peak ${mb(Math.max(zip.rssPeak, zip.hwm))} (sampled at file ${zip.peakAt.toLocaleString('en')})`,
    '≤ 250 MB peak RSS',
  )
  return ['## Documents', '', '| measure | result | target |', '|---|---|---|', ...rows].join('\n')
}
