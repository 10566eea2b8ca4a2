import { type BarcodeLabelsInput, renderBarcodeLabelsPdf } from './barcode-labels-pdf.ts'
import { type HandoverManifestInput, renderHandoverManifestPdf } from './handover-manifest-pdf.ts'
import { type PackingSlipInput, renderPackingSlipPdf } from './packing-slip-pdf.ts'
import { renderTaxDocumentPdf } from './pdf.ts'
import { type PickListInput, renderPickListPdf } from './pick-list-pdf.ts'
import type { TaxDocument } from './tax-document.ts'

/**
 * A document for the PDF threads (pdf-workers.ts), by kind, with its renderer's own input. The input crosses
 * to the thread by structured clone, so it is plain data: strings, numbers, arrays, plain objects and byte
 * arrays (a Buffer arrives as a Uint8Array); no Dates, functions or class instances.
 */
export type PdfJob =
  | { kind: 'tax'; doc: TaxDocument }
  | { kind: 'pickList'; input: PickListInput }
  | { kind: 'packingSlip'; input: PackingSlipInput }
  | { kind: 'barcodeLabels'; input: BarcodeLabelsInput }
  | { kind: 'handoverManifest'; input: HandoverManifestInput }

/** Renders the job's document with its renderer (on a PDF thread: pdf-worker.ts). */
export function renderPdfJob(job: PdfJob): Promise<Buffer> {
  switch (job.kind) {
    case 'tax':
      return renderTaxDocumentPdf(job.doc)
    case 'pickList':
      return renderPickListPdf(job.input)
    case 'packingSlip':
      return renderPackingSlipPdf(job.input)
    case 'barcodeLabels':
      return renderBarcodeLabelsPdf(job.input)
    case 'handoverManifest':
      return renderHandoverManifestPdf(job.input)
    default:
      throw new Error(`Unknown PDF job kind: ${(job as { kind: unknown }).kind}`)
  }
}
