import { parentPort } from 'node:worker_threads'
import { documentFonts } from './pdf-fonts.ts'
import { type PdfJob, renderPdfJob } from './pdf-jobs.ts'

/**
 * A PDF render thread of pdf-workers.ts: parses the fonts once at start, then renders one document per
 * message (any kind of pdf-jobs.ts) and answers its bytes (or the error's message) under the message's id.
 */
export interface PdfMessage {
  id: number
  job: PdfJob
}

export type PdfAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string }

documentFonts()
parentPort?.on('message', async ({ id, job }: PdfMessage) => {
  try {
    const pdf = await renderPdfJob(job)
    parentPort?.postMessage({ id, pdf } satisfies PdfAnswer)
  } catch (error) {
    parentPort?.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies PdfAnswer)
  }
})
