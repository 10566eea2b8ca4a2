import type { Writable } from 'node:stream'
import { safeFileName } from '../http/file-name.ts'
import { createPdfWorkerPool, type PdfWorkerPool } from './pdf-workers.ts'
import type { TaxDocument } from './tax-document.ts'
import { ZipWriter } from './zip-writer.ts'

export interface PdfZipOptions {
  /** A pool to reuse (it stays open); otherwise one of `workers` threads is made and closed. */
  pool?: PdfWorkerPool
  workers?: number
}

/** `<number>.pdf`, or `PROFORMA-<id>.pdf` for a draft; only characters every unzip tool takes. */
export function pdfFileName(doc: TaxDocument): string {
  const base = doc.number ?? `PROFORMA-${doc.id}`
  return `${safeFileName(base)}.pdf`
}

/**
 * Streams a ZIP of the documents' PDFs into `out` (and ends it), rendering on worker threads. Memory
 * stays flat however many documents come: at most two renders per thread are in flight, and the next
 * file waits until `out` has taken the previous one. The PDFs are stored, not deflated again (they are
 * compressed already). A render failure rejects and destroys `out`, so a half-written archive never
 * looks complete.
 */
export async function writePdfZip(
  docs: AsyncIterable<TaxDocument> | Iterable<TaxDocument>,
  out: Writable,
  options: PdfZipOptions = {},
): Promise<{ files: number }> {
  const pool = options.pool ?? createPdfWorkerPool(options.workers)
  const zip = new ZipWriter(out)
  const inFlight: { name: string; date: Date; pdf: Promise<Buffer> }[] = []
  const limit = pool.size * 2
  const addOldest = async () => {
    const next = inFlight.shift()!
    await zip.add(next.name, await next.pdf, next.date)
  }
  try {
    for await (const doc of docs) {
      const pdf = pool.render({ kind: 'tax', doc })
      pdf.catch(() => {}) // awaited in order below; a failure must not go unhandled meanwhile
      inFlight.push({ name: pdfFileName(doc), date: new Date(`${doc.issuedDate}T12:00:00Z`), pdf })
      if (inFlight.length >= limit) await addOldest()
    }
    while (inFlight.length) await addOldest()
    await zip.finish()
    return { files: zip.entries }
  } catch (error) {
    out.destroy(error as Error)
    throw error
  } finally {
    if (!options.pool) await pool.close()
  }
}
