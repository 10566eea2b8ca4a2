import PDFDocument from 'pdfkit'
import { documentFonts } from './pdf-fonts.ts'

/**
 * A pdfkit document with the documents' fonts (Noto Sans, parsed once per process) registered as 'regular'
 * and 'bold'. No default font: the standard Helvetica's metrics would be loaded per document, and the parsed
 * font as the default would share its name with 'regular', which pdfkit then re-opens and compares on every
 * switch to it (a fifth of a document's CPU) instead of caching.
 */
export function newPdf(options: PDFKit.PDFDocumentOptions): PDFKit.PDFDocument {
  const fonts = documentFonts()
  const pdf = new PDFDocument({ ...options, font: null as unknown as string })
  pdf.registerFont('regular', fonts.regular as unknown as string)
  pdf.registerFont('bold', fonts.bold as unknown as string)
  pdf.font('regular')
  return pdf
}

/** Ends the document and answers its bytes. */
export async function pdfBytes(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = []
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('end', resolve)
    pdf.on('error', reject)
  })
  pdf.end()
  await done
  return Buffer.concat(chunks)
}
