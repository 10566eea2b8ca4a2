import { fillLabel, packingSlipLabels } from './labels.ts'
import { newPdf, pdfBytes } from './pdf-kit.ts'
import {
  A4,
  CONTENT_WIDTH,
  type Column,
  drawBarcode,
  drawTable,
  drawText,
  ensureSpace,
  GREY,
  HALF,
  MARGIN,
  RIGHT,
  stampFooters,
} from './pdf-layout.ts'
import type { DocumentLanguage } from './tax-document.ts'

export interface PackingSlipInput {
  language: DocumentLanguage
  /** The order's scan code, O-123456: printed as Code 128 with the text under it. */
  code: string
  orderNumber: string
  date: string
  /** Name and address lines. */
  shipTo: string[]
  /** The business client's name and address: where the customer sends goods back. */
  returnTo: string[]
  items: { sku: string; name: string; quantity: number }[]
  instructions: string
  /** Grams, once packed. */
  weight: number | null
  parcels: number | null
  trackingId: string
}

const BARCODE = { width: 190, height: 44 }

/**
 * The packing slip (issue 25 "Scan-to-pack") as an A4 PDF in the customer's language: the order's code as
 * Code 128 (scanned at the packing station to open the order), the ship-to and return addresses, the items,
 * the packing instructions, and weight, parcels and tracking number once known.
 */
export async function renderPackingSlipPdf(input: PackingSlipInput): Promise<Buffer> {
  const l = packingSlipLabels[input.language]
  const pdf = newPdf({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${l.title} ${input.code}` },
  })
  const cursor = { pdf, y: MARGIN }
  const left = CONTENT_WIDTH - BARCODE.width - 16
  cursor.y += drawText(pdf, l.title, MARGIN, cursor.y, { width: left, size: 16, bold: true })
  cursor.y += 4
  for (const line of [`${l.order}: ${input.orderNumber}`, `${l.date}: ${input.date}`])
    cursor.y += drawText(pdf, line, MARGIN, cursor.y, { width: left, size: 10 })
  const x = A4.width - MARGIN - BARCODE.width
  drawBarcode(pdf, input.code, x, MARGIN, BARCODE.width, BARCODE.height)
  drawText(pdf, input.code, x, MARGIN + BARCODE.height + 3, {
    width: BARCODE.width,
    size: 11,
    bold: true,
    align: 'center',
  })
  cursor.y = Math.max(cursor.y, MARGIN + BARCODE.height + 20) + 14

  const block = (title: string, lines: string[], at: number) =>
    drawText(pdf, title, at, cursor.y, { width: HALF, size: 8, bold: true, color: GREY }) +
    drawText(pdf, lines.filter(Boolean).join('\n'), at, cursor.y + 12, { width: HALF, size: 10 }) +
    12
  cursor.y += Math.max(block(l.shipTo, input.shipTo, MARGIN), block(l.returnTo, input.returnTo, RIGHT)) + 14

  const columns: Column[] = [
    { label: l.items[0], width: 130 },
    { label: l.items[1], width: CONTENT_WIDTH - 200 },
    { label: l.items[2], width: 70, align: 'right' },
  ]
  drawTable(
    cursor,
    columns,
    input.items.map((i) => [i.sku, i.name, String(i.quantity)]),
  )
  cursor.y += 12
  const facts = [
    input.instructions ? `${l.instructions}: ${input.instructions}` : '',
    input.weight !== null ? `${l.weight}: ${input.weight} g` : '',
    input.parcels !== null ? `${l.parcels}: ${input.parcels}` : '',
    input.trackingId ? `${l.tracking}: ${input.trackingId}` : '',
  ].filter(Boolean)
  for (const fact of facts) {
    ensureSpace(cursor, 16)
    cursor.y += 2 + drawText(pdf, fact, MARGIN, cursor.y, { width: CONTENT_WIDTH, size: 10 })
  }
  stampFooters(pdf, (page, pages) => `${input.code} · ${fillLabel(l.pageOf, { page, pages })}`)
  return pdfBytes(pdf)
}
