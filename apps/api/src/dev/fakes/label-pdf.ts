import { code128Modules, code128Widths } from '../../platform/documents/code128.ts'
import { newPdf, pdfBytes } from '../../platform/documents/pdf-kit.ts'

/** What a fake courier prints on its label. */
export interface FakeLabel {
  courier: string
  trackingId: string
  /** The text under the barcode (e.g. Packeta's 'Z 123 4567 890'); default the tracking id. */
  barcodeText?: string
  lines: string[]
}

/**
 * A real, small A6 label PDF as a courier's own label would be: the courier's name, the parcel number in
 * Code 128 and in text (pdftotext reads it), and the receiver's lines. The demo prints these.
 */
export async function fakeLabelPdf(label: FakeLabel): Promise<Buffer> {
  const pdf = newPdf({ size: 'A6', margin: 16, info: { Title: `${label.courier} ${label.trackingId}` } })
  pdf.font('bold').fontSize(16).text(label.courier)
  pdf.font('regular').fontSize(8).text('Local test label, not valid for shipping')
  const width = 265
  const y = pdf.y + 8
  const text = label.barcodeText ?? label.trackingId
  const module = width / (code128Modules(label.trackingId) + 20)
  let at = 16 + 10 * module
  code128Widths(label.trackingId).forEach((w, i) => {
    if (i % 2 === 0) pdf.rect(at, y, w * module, 60)
    at += w * module
  })
  pdf.fill('#000000')
  pdf.y = y + 66
  pdf.font('bold').fontSize(12).text(text, { align: 'center' })
  pdf.moveDown(0.5).font('regular').fontSize(9)
  for (const line of label.lines) pdf.text(line)
  return pdfBytes(pdf)
}
