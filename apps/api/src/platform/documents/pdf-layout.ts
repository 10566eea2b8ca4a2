/**
 * Drawing helpers over pdfkit for the document renderer: a cursor that moves down the page, blocks that
 * never split (a block that does not fit starts a new page), and a table whose header row repeats on
 * every page and whose rows never split.
 */

import { code128Modules, code128Widths } from './code128.ts'

export type Pdf = PDFKit.PDFDocument

/** An image pdfkit has opened (see openImage in pdf-kit.ts). */
export interface OpenedImage {
  width: number
  height: number
}

export const A4 = { width: 595.28, height: 841.89 }
export const MARGIN = 40
/** Room kept at the bottom of every page for the "page X / Y" footer. */
export const FOOTER_SPACE = 22
export const CONTENT_WIDTH = A4.width - 2 * MARGIN
const BOTTOM = A4.height - MARGIN - FOOTER_SPACE
const COLUMN_GAP = 15
/** Two-column blocks: each half's width and the right half's x. */
export const HALF = (CONTENT_WIDTH - COLUMN_GAP) / 2
export const RIGHT = MARGIN + HALF + COLUMN_GAP
export const GREY = '#555555'

export interface TextStyle {
  width: number
  size?: number
  bold?: boolean
  align?: 'left' | 'right' | 'center'
  color?: string
}

export interface Cursor {
  pdf: Pdf
  y: number
}

function setStyle(pdf: Pdf, style: TextStyle) {
  pdf
    .font(style.bold ? 'bold' : 'regular')
    .fontSize(style.size ?? 8.5)
    .fillColor(style.color ?? '#111111')
}

/** The height `text` takes in `style`. */
export function textHeight(pdf: Pdf, text: string, style: TextStyle): number {
  if (!text) return 0
  setStyle(pdf, style)
  return measuredHeight(pdf, text, { width: style.width, align: style.align ?? 'left' })
}

/**
 * pdfkit's heightOfString lays the text out line by line (a fraction of a millisecond a call, which a
 * table of thousands of cells feels); a text of one line that fits the width is one line high, which the
 * font's metrics say at once.
 */
function measuredHeight(pdf: Pdf, text: string, options: { width: number; align: TextStyle['align'] }) {
  if (!text.includes('\n') && pdf.widthOfString(text) <= options.width) return pdf.currentLineHeight(true)
  return pdf.heightOfString(text, options)
}

/** Draws `text` at (x, y) within the style's width, without touching the cursor; answers its height. */
export function drawText(pdf: Pdf, text: string, x: number, y: number, style: TextStyle): number {
  if (!text) return 0
  setStyle(pdf, style)
  const options = { width: style.width, align: style.align ?? 'left' } as const
  const height = measuredHeight(pdf, text, options)
  pdf.text(text, x, y, options)
  return height
}

/** Starts a new page when `height` does not fit below the cursor; answers whether it did. */
export function ensureSpace(cursor: Cursor, height: number): boolean {
  if (cursor.y + height <= BOTTOM) return false
  cursor.pdf.addPage()
  cursor.y = MARGIN
  return true
}

export interface Column {
  label: string
  width: number
  align?: 'left' | 'right'
}

const CELL_PAD = 3

function drawRow(
  cursor: Cursor,
  columns: Column[],
  cells: string[],
  style: Partial<TextStyle>,
  height: number,
) {
  let x = MARGIN
  columns.forEach((column, i) => {
    const width = column.width - 2 * CELL_PAD
    drawText(cursor.pdf, cells[i] ?? '', x + CELL_PAD, cursor.y + CELL_PAD, {
      ...style,
      width,
      align: column.align ?? 'left',
    })
    x += column.width
  })
  cursor.y += height
}

function rowHeight(pdf: Pdf, columns: Column[], cells: string[], style: Partial<TextStyle>): number {
  let max = 0
  columns.forEach((column, i) => {
    const width = column.width - 2 * CELL_PAD
    max = Math.max(max, textHeight(pdf, cells[i] || ' ', { ...style, width, align: column.align ?? 'left' }))
  })
  return max + 2 * CELL_PAD
}

function drawHeader(cursor: Cursor, columns: Column[]) {
  const labels = columns.map((c) => c.label)
  const style = { bold: true, size: 7.5 }
  const height = rowHeight(cursor.pdf, columns, labels, style)
  cursor.pdf.rect(MARGIN, cursor.y, CONTENT_WIDTH, height).fill('#e8ecf1')
  drawRow(cursor, columns, labels, style, height)
}

/** A picture in one column of a table's rows (a product photo on a pick list). */
export interface RowImages {
  /** The column the picture sits in, left of the cell's text. */
  column: number
  /** The picture's box (its side, in points); the row is at least this tall. */
  size: number
  /** Per row: an image opened once (`openImage` of pdf-kit.ts, embedded once however often drawn), or none. */
  images: readonly (OpenedImage | null | undefined)[]
}

/**
 * A table: the header row is drawn on its first page and again on every page the rows continue on; a
 * row that does not fit the page moves whole to the next one. With `pictures`, a row's picture sits at the
 * start of its column and the column's text beside it.
 */
export function drawTable(cursor: Cursor, columns: Column[], rows: string[][], pictures?: RowImages) {
  const headerHeight = rowHeight(
    cursor.pdf,
    columns,
    columns.map((c) => c.label),
    { bold: true, size: 7.5 },
  )
  const textColumns = (i: number) =>
    pictures?.images[i]
      ? columns.map((c, k) =>
          k === pictures.column ? { ...c, width: c.width - pictures.size - CELL_PAD } : c,
        )
      : columns
  const heightOf = (i: number) => {
    const text = rowHeight(cursor.pdf, textColumns(i), rows[i]!, {})
    return pictures?.images[i] ? Math.max(text, pictures.size + 2 * CELL_PAD) : text
  }
  const firstRow = rows[0] ? heightOf(0) : 0
  ensureSpace(cursor, headerHeight + firstRow)
  drawHeader(cursor, columns)
  rows.forEach((cells, i) => {
    const height = heightOf(i)
    if (ensureSpace(cursor, height)) drawHeader(cursor, columns)
    const image = pictures?.images[i]
    if (pictures && image) {
      const x = MARGIN + columns.slice(0, pictures.column).reduce((sum, c) => sum + c.width, 0) + CELL_PAD
      // pdfkit draws an opened image as it is (its typings know only sources).
      cursor.pdf.image(image as unknown as Buffer, x, cursor.y + CELL_PAD, {
        fit: [pictures.size, pictures.size],
      })
      const shifted = columns.map((c, k) =>
        k === pictures.column ? { ...c, width: c.width - pictures.size - CELL_PAD } : c,
      )
      // The text of the picture's column starts after it: an empty column of the picture's width before it.
      const withGap = [
        ...shifted.slice(0, pictures.column),
        { label: '', width: pictures.size + CELL_PAD },
        ...shifted.slice(pictures.column),
      ]
      drawRow(
        cursor,
        withGap,
        [...cells.slice(0, pictures.column), '', ...cells.slice(pictures.column)],
        {},
        height,
      )
    } else {
      drawRow(cursor, columns, cells, {}, height)
    }
    cursor.pdf
      .moveTo(MARGIN, cursor.y)
      .lineTo(MARGIN + CONTENT_WIDTH, cursor.y)
      .lineWidth(0.3)
      .strokeColor('#c5ccd6')
      .stroke()
  })
}

/** Stamps `footer(page, pages)` on every buffered page, inside the bottom margin. */
export function stampFooters(pdf: Pdf, footer: (page: number, pages: number) => string) {
  const { start, count } = pdf.bufferedPageRange()
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i)
    // Text below the bottom margin would make pdfkit add a blank page per page.
    pdf.page.margins.bottom = 0
    drawText(pdf, footer(i - start + 1, count), MARGIN, A4.height - MARGIN - 10, {
      width: CONTENT_WIDTH,
      size: 7.5,
      align: 'center',
      color: '#555555',
    })
  }
}

/** A Code 128 symbol of `text` fitted into the box (10 modules of quiet zone each side). */
export function drawBarcode(pdf: Pdf, text: string, x: number, y: number, width: number, height: number) {
  const module = width / (code128Modules(text) + 20)
  let at = x + 10 * module
  code128Widths(text).forEach((w, i) => {
    if (i % 2 === 0) pdf.rect(at, y, w * module, height)
    at += w * module
  })
  pdf.fill('#000000')
}
