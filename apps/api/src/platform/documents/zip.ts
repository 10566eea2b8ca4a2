import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import archiver from 'archiver'
import { createPdfWorkerPool, type PdfWorkerPool } from './pdf-workers.ts'
import type { TaxDocument } from './tax-document.ts'

export interface PdfZipOptions {
  /** A pool to reuse (it stays open); otherwise one of `workers` threads is made and closed. */
  pool?: PdfWorkerPool
  workers?: number
}

/** `<number>.pdf`, or `PROFORMA-<id>.pdf` for a draft; only characters every unzip tool takes. */
export function pdfFileName(doc: TaxDocument): string {
  const base = doc.number ?? `PROFORMA-${doc.id}`
  return `${base.replace(/[^\w.-]+/g, '_')}.pdf`
}

/**
 * Streams a ZIP of the documents' PDFs into `out` (and ends it), rendering on worker threads. Memory
 * stays flat however many documents come: at most two renders per thread are in flight, and the next
 * file waits until the archive has taken the previous one (which waits for `out`). A render failure
 * rejects and destroys `out`, so a half-written archive never looks complete.
 */
export async function writePdfZip(
  docs: AsyncIterable<TaxDocument> | Iterable<TaxDocument>,
  out: Writable,
  options: PdfZipOptions = {},
): Promise<{ files: number }> {
  const pool = options.pool ?? createPdfWorkerPool(options.workers)
  // The PDFs are compressed already: storing them spares the CPU of deflating them again.
  const archive = archiver('zip', { store: true })
  const guard = failureGuard(archive, out)
  archive.pipe(out)
  const inFlight: { name: string; date: Date; pdf: Promise<Buffer> }[] = []
  const limit = pool.size * 2
  let files = 0
  const addOldest = async () => {
    const next = inFlight.shift()!
    const pdf = await guard(next.pdf)
    archive.append(pdf, { name: next.name, date: next.date })
    await guard(once(archive, 'entry'))
    files++
  }
  try {
    for await (const doc of docs) {
      const pdf = pool.render(doc)
      pdf.catch(() => {}) // awaited in order below; a failure must not go unhandled meanwhile
      inFlight.push({ name: pdfFileName(doc), date: new Date(`${doc.issuedDate}T12:00:00Z`), pdf })
      if (inFlight.length >= limit) await addOldest()
    }
    while (inFlight.length) await addOldest()
    await guard(archive.finalize())
    await guard(finished(out))
    return { files }
  } catch (error) {
    archive.abort()
    out.destroy(error as Error)
    throw error
  } finally {
    if (!options.pool) await pool.close()
  }
}

/**
 * Wraps each wait so that an error of the archive or of `out` rejects it. Not Promise.race against one
 * long-lived "failed" promise: every race would leave a reaction on it holding its result (a PDF), which
 * leaked about 60 KB per file (measured); here each wait's listener goes when the wait settles.
 */
function failureGuard(...emitters: NodeJS.EventEmitter[]) {
  let failure: Error | null = null
  const waiting = new Set<(error: Error) => void>()
  for (const emitter of emitters) {
    emitter.on('error', (error: Error) => {
      failure ??= error
      for (const reject of waiting) reject(error)
    })
  }
  return <T>(promise: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (failure) return reject(failure)
      waiting.add(reject)
      promise.then(resolve, reject).finally(() => waiting.delete(reject))
    })
}
