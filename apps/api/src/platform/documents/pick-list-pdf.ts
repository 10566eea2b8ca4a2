import { newPdf, openImage, pdfBytes } from './pdf-kit.ts'
import {
  A4,
  CONTENT_WIDTH,
  type Column,
  drawBarcode,
  drawTable,
  drawText,
  GREY,
  MARGIN,
  type OpenedImage,
  stampFooters,
} from './pdf-layout.ts'

/** The languages a pick list is printed in: the floor's user's own (a work paper, not a tax document). */
export type PickListLanguage = 'en' | 'cs' | 'sk' | 'ro' | 'ru'

export interface PickListRow {
  location: string
  sku: string
  barcode: string
  product: string
  quantity: number
  /** The orders' slots (totes) and how many each gets: "3 × 2, 7 × 1". */
  slots: { slot: number; quantity: number }[]
  /** The product's photo (PNG or JPEG; another format is left out); rows of one product share the buffer. */
  photo?: Buffer | null
}

export interface PickListInput {
  language: PickListLanguage
  code: string
  warehouse: string
  created: string
  orders: number
  units: number
  /** In pick-path order; one row per location and goods. */
  rows: PickListRow[]
}

const labels: Record<
  PickListLanguage,
  {
    title: string
    warehouse: string
    created: string
    orders: string
    units: string
    columns: [string, string, string, string, string, string]
    noLocation: string
    page: string
  }
> = {
  en: {
    title: 'Pick list',
    warehouse: 'Warehouse',
    created: 'Released',
    orders: 'Orders',
    units: 'Units',
    columns: ['Location', 'SKU', 'Barcode', 'Product', 'Qty', 'Slot × qty'],
    noLocation: 'no location',
    page: 'Page',
  },
  cs: {
    title: 'Vychystávací seznam',
    warehouse: 'Sklad',
    created: 'Uvolněno',
    orders: 'Objednávky',
    units: 'Kusy',
    columns: ['Pozice', 'SKU', 'Čárový kód', 'Produkt', 'Ks', 'Přihrádka × ks'],
    noLocation: 'bez pozice',
    page: 'Strana',
  },
  sk: {
    title: 'Vychystávací zoznam',
    warehouse: 'Sklad',
    created: 'Uvoľnené',
    orders: 'Objednávky',
    units: 'Kusy',
    columns: ['Pozícia', 'SKU', 'Čiarový kód', 'Produkt', 'Ks', 'Priehradka × ks'],
    noLocation: 'bez pozície',
    page: 'Strana',
  },
  ro: {
    title: 'Listă de colectare',
    warehouse: 'Depozit',
    created: 'Lansat',
    orders: 'Comenzi',
    units: 'Bucăți',
    columns: ['Locație', 'SKU', 'Cod de bare', 'Produs', 'Buc.', 'Compart. × buc.'],
    noLocation: 'fără locație',
    page: 'Pagina',
  },
  ru: {
    title: 'Лист комплектации',
    warehouse: 'Склад',
    created: 'Выпущено',
    orders: 'Заказы',
    units: 'Штук',
    columns: ['Ячейка', 'SKU', 'Штрихкод', 'Товар', 'Шт.', 'Слот × шт.'],
    noLocation: 'без ячейки',
    page: 'Страница',
  },
}

const widths = [78, 78, 82, 150, 34, 93]
/** A product photo's box on the pick list, in points (about 9 mm). */
const PHOTO_SIZE = 26

/**
 * A wave's pick list (issue 25) as an A4 PDF: the wave's code as Code 128 (scanned to open the wave on the
 * phone), then one row per location and goods in pick-path order, with the slots that get them.
 */
export async function renderPickListPdf(input: PickListInput): Promise<Buffer> {
  const l = labels[input.language]
  const pdf = newPdf({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${l.title} ${input.code}` },
  })

  const cursor = { pdf, y: MARGIN }
  cursor.y += drawText(pdf, `${l.title} ${input.code}`, MARGIN, cursor.y, {
    width: CONTENT_WIDTH,
    size: 16,
    bold: true,
  })
  const facts = [
    `${l.warehouse}: ${input.warehouse}`,
    `${l.created}: ${input.created}`,
    `${l.orders}: ${input.orders}`,
    `${l.units}: ${input.units}`,
  ].join('   ·   ')
  cursor.y += 4 + drawText(pdf, facts, MARGIN, cursor.y + 4, { width: CONTENT_WIDTH, color: GREY, size: 9 })
  drawBarcode(pdf, input.code, A4.width - MARGIN - 150, MARGIN, 150, 26)
  cursor.y = Math.max(cursor.y, MARGIN + 30) + 12

  const columns: Column[] = l.columns.map((label, i) => ({
    label,
    width: widths[i]!,
    ...(i === 4 ? { align: 'right' as const } : {}),
  }))
  // Each photo opened once, however many rows show it.
  const opened = new Map<Buffer, OpenedImage | null>()
  const images = input.rows.map((r) => {
    if (!r.photo) return null
    if (!opened.has(r.photo)) opened.set(r.photo, openImage(pdf, r.photo))
    return opened.get(r.photo)
  })
  drawTable(
    cursor,
    columns,
    input.rows.map((r) => [
      r.location || l.noLocation,
      r.sku,
      r.barcode,
      r.product,
      String(r.quantity),
      r.slots.map((s) => `${s.slot} × ${s.quantity}`).join(', '),
    ]),
    { column: 3, size: PHOTO_SIZE, images },
  )
  stampFooters(pdf, (page, pages) => `${input.code} · ${l.page} ${page} / ${pages}`)
  return pdfBytes(pdf)
}
