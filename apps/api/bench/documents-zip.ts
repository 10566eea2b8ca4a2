/**
 * Child process of documents.bench.ts, started with the API's V8 flags so its memory is the API's: writes
 * a ZIP of `count` invoice PDFs to /dev/null on `workers` threads and prints one JSON line (seconds, CPU
 * per PDF, RSS before and at its peak, sampled every 50 ms, plus the kernel's high-water mark).
 */
import { createWriteStream, readFileSync } from 'node:fs'
import { createPdfWorkerPool } from '../src/platform/documents/pdf-workers.ts'
import type { TaxDocument } from '../src/platform/documents/tax-document.ts'
import { czechInvoice, slovakInvoice } from '../src/platform/documents/test-documents.ts'
import { writePdfZip } from '../src/platform/documents/zip.ts'

const count = Number(process.argv[2])
const workers = Number(process.argv[3])

let yielded = 0
async function* numbered(): AsyncGenerator<TaxDocument> {
  const base = [czechInvoice(), slovakInvoice()]
  for (let i = 0; i < count; i++) {
    yielded = i
    const doc = base[i % 2]!
    yield { ...doc, number: `${doc.number}-${i}` }
  }
}

const pool = createPdfWorkerPool(workers)
const rssBefore = process.memoryUsage.rss()
let rssPeak = rssBefore
/** How many documents had been handed to the ZIP when the peak was sampled (a spike at the end is not a leak). */
let peakAt = 0
const poll = setInterval(() => {
  const rss = process.memoryUsage.rss()
  if (rss > rssPeak) {
    rssPeak = rss
    peakAt = yielded
  }
}, 50)
const started = performance.now()
const cpu = process.cpuUsage()
await writePdfZip(numbered(), createWriteStream('/dev/null'), { pool })
clearInterval(poll)
const used = process.cpuUsage(cpu)
const seconds = (performance.now() - started) / 1000
await pool.close()
const hwmKb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1])
console.log(
  JSON.stringify({
    seconds,
    cpuMs: (used.user + used.system) / 1000 / count,
    rssBefore,
    rssPeak,
    peakAt,
    hwm: hwmKb * 1024,
  }),
)
