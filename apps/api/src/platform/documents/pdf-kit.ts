import PDFDocument from 'pdfkit'
import { documentFonts } from './pdf-fonts.ts'
import type { OpenedImage } from './pdf-layout.ts'

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

/** PNG or JPEG by their signatures: the formats pdfkit embeds. */
const isPngOrJpeg = (b: Buffer) =>
  (b.length > 8 && b.readUInt32BE(0) === 0x89504e47) ||
  (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff)

/**
 * A picture opened once for the document (drawn as often as needed, embedded once); null for a format pdfkit
 * does not embed (WebP, GIF …) or bytes it cannot read: a document never fails for a photo.
 */
export function openImage(pdf: PDFKit.PDFDocument, bytes: Buffer): OpenedImage | null {
  if (!isPngOrJpeg(bytes)) return null
  try {
    return (pdf as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes)
  } catch {
    return null
  }
}
