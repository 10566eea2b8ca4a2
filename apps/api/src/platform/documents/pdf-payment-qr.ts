import type { DocumentLabels } from './labels.ts'
import { paymentQrMatrix, paymentQrNames, paymentQrPayload } from './payment-qr.ts'
import { type Cursor, drawText, ensureSpace, GREY, MARGIN } from './pdf-layout.ts'
import type { TaxDocument } from './tax-document.ts'

/** The payment QR, drawn as vector squares (sharp at any zoom, no image decoding), with its caption. */

const QR_SIZE = 92

export function drawPaymentQr(cursor: Cursor, doc: TaxDocument, labels: DocumentLabels) {
  const qr = paymentQrPayload(doc)
  if (!qr) return
  ensureSpace(cursor, QR_SIZE + 4)
  const matrix = paymentQrMatrix(qr.payload)
  const cell = QR_SIZE / (matrix.size + 8)
  const x0 = MARGIN + 4 * cell
  const y0 = cursor.y + 4 * cell
  const { pdf } = cursor
  // One rectangle per run of dark modules keeps the path short.
  for (let row = 0; row < matrix.size; row++) {
    let col = 0
    while (col < matrix.size) {
      if (!matrix.isDark(row, col)) {
        col++
        continue
      }
      const start = col
      while (col < matrix.size && matrix.isDark(row, col)) col++
      pdf.rect(x0 + start * cell, y0 + row * cell, (col - start) * cell, cell)
    }
  }
  pdf.fill('#000000')
  const caption = `${labels.qrCaption}\n${paymentQrNames[qr.kind]}`
  drawText(pdf, caption, MARGIN + QR_SIZE + 8, cursor.y + QR_SIZE / 2 - 10, { width: 200, color: GREY })
  cursor.y += QR_SIZE + 4
}
