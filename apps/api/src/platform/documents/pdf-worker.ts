import { parentPort } from 'node:worker_threads'
import { renderTaxDocumentPdf } from './pdf.ts'
import { documentFonts } from './pdf-fonts.ts'
import type { TaxDocument } from './tax-document.ts'

/**
 * A PDF render thread of pdf-workers.ts: parses the fonts once at start, then renders one document per
 * message and answers its bytes (or the error's message) under the job's id.
 */
export interface PdfJob {
  id: number
  doc: TaxDocument
}

export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string }

documentFonts()
parentPort?.on('message', async ({ id, doc }: PdfJob) => {
  try {
    const pdf = await renderTaxDocumentPdf(doc)
    parentPort?.postMessage({ id, pdf } satisfies PdfAnswer)
  } catch (error) {
    parentPort?.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies PdfAnswer)
  }
})
