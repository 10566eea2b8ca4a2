import { code128Modules, code128Widths } from './code128.ts'
import { newPdf, pdfBytes } from './pdf-kit.ts'

/**
 * Barcode labels (issue 25: location labels) as a vector PDF: each label its text in large type and the same
 * text as Code 128 underneath, drawn as rectangles (sharp on any printer). Two formats:
 * - `a4`: a sheet of 3 × 8 labels of 70 × 37 mm (the common A4 label paper), in reading order;
 * - `thermal`: one 100 × 150 mm page per label, for a thermal label printer.
 */
export type LabelSheetFormat = 'a4' | 'thermal'
export interface BarcodeLabel {
  /** Printed and encoded (printable ASCII). */
  code: string
  /** A small line under the barcode (the warehouse, the location's kind). */
  caption: string
}

export interface BarcodeLabelsInput {
  /** The PDF's title (its metadata). */
  title: string
  format: LabelSheetFormat
  labels: BarcodeLabel[]
}

const MM = 72 / 25.4
/** Quiet zone each side of the symbol, in modules (the standard asks for 10). */
const QUIET = 10

interface Cell {
  x: number
  y: number
  width: number
  height: number
}

const layouts = {
  a4: {
    page: [210 * MM, 297 * MM] as [number, number],
    columns: 3,
    rows: 8,
    codeSize: 13,
    captionSize: 7,
    barHeight: 13 * MM,
    maxModule: 0.5 * MM,
    pad: 3 * MM,
  },
  thermal: {
    page: [100 * MM, 150 * MM] as [number, number],
    columns: 1,
    rows: 1,
    codeSize: 34,
    captionSize: 12,
    barHeight: 45 * MM,
    maxModule: 0.9 * MM,
    pad: 6 * MM,
  },
}

export async function renderBarcodeLabelsPdf(input: BarcodeLabelsInput): Promise<Buffer> {
  const layout = layouts[input.format]
  const pdf = newPdf({ size: layout.page, margin: 0, autoFirstPage: false, info: { Title: input.title } })
  const perPage = layout.columns * layout.rows
  const [pageWidth, pageHeight] = layout.page
  const cellWidth = pageWidth / layout.columns
  const cellHeight = pageHeight / layout.rows
  input.labels.forEach((label, i) => {
    const slot = i % perPage
    if (slot === 0) pdf.addPage()
    const column = slot % layout.columns
    const row = Math.floor(slot / layout.columns)
    drawLabel(pdf, layout, label, {
      x: column * cellWidth,
      y: row * cellHeight,
      width: cellWidth,
      height: cellHeight,
    })
  })
  if (!input.labels.length) pdf.addPage()
  return pdfBytes(pdf)
}

function drawLabel(
  pdf: PDFKit.PDFDocument,
  layout: (typeof layouts)[LabelSheetFormat],
  label: BarcodeLabel,
  cell: Cell,
) {
  const inner = cell.width - 2 * layout.pad
  let y = cell.y + layout.pad
  pdf.font('bold').fontSize(layout.codeSize).fillColor('#000000')
  pdf.text(label.code, cell.x + layout.pad, y, { width: inner, align: 'center', lineBreak: false })
  y += layout.codeSize * 1.25
  const modules = code128Modules(label.code) + 2 * QUIET
  const module = Math.min(layout.maxModule, inner / modules)
  const barHeight = Math.min(
    layout.barHeight,
    cell.y + cell.height - y - layout.captionSize * 1.6 - layout.pad,
  )
  let x = cell.x + (cell.width - modules * module) / 2 + QUIET * module
  code128Widths(label.code).forEach((width, i) => {
    if (i % 2 === 0) pdf.rect(x, y, width * module, barHeight)
    x += width * module
  })
  pdf.fill('#000000')
  y += barHeight + layout.captionSize * 0.4
  pdf.font('regular').fontSize(layout.captionSize).fillColor('#333333')
  pdf.text(label.caption, cell.x + layout.pad, y, {
    width: inner,
    align: 'center',
    lineBreak: false,
    ellipsis: true,
  })
}
