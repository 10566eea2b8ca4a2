import type { PdfFile } from './pdf-file'

export type { PdfFile, PdfPageSize, PdfRender } from './pdf-file'

/**
 * The PDF engine: pdf.js, loaded on first use (its code and its worker are chunks of their own, served
 * from our origin, so no page but a PDF page loads them). An object, so tests can stand in for it.
 */
export const pdfEngine = {
  async open(data: ArrayBuffer): Promise<PdfFile> {
    const { openWithPdfjs } = await import('./pdfjs-engine')
    return openWithPdfjs(data)
  },
}
