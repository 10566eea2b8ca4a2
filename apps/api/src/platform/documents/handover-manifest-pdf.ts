import { formatDate, formatMoney } from './format.ts'
import { fillLabel } from './labels.ts'
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

export interface HandoverManifestRow {
  orderNumber: string
  client: string
  receiver: string
  city: string
  trackingId: string
  parcels: number
  weightGrams: number
  cod: { currency: string; amount: number } | null
}

export interface HandoverManifestInput {
  language: DocumentLanguage
  /** The handover's code, H-000012: printed as Code 128 with the text under it. */
  code: string
  warehouse: { name: string; address: string[]; contact: string }
  courier: string
  /** YYYY-MM-DD */
  date: string
  driverName: string
  rows: HandoverManifestRow[]
  totals: {
    orders: number
    parcels: number
    weightGrams: number
    cod: { currency: string; amount: number }[]
  }
}

interface ManifestLabels {
  title: string
  sender: string
  courier: string
  date: string
  columns: [string, string, string, string, string, string, string, string]
  totals: string
  orders: string
  parcels: string
  weight: string
  cod: string
  handedBy: string
  takenBy: string
  name: string
  dateTime: string
  signature: string
  pageOf: string
}

const manifestLabels: Record<DocumentLanguage, ManifestLabels> = {
  en: {
    title: 'Courier handover manifest',
    sender: 'Sender (warehouse)',
    courier: 'Courier',
    date: 'Date',
    columns: ['Order', 'Client', 'Receiver', 'City', 'AWB', 'Boxes', 'kg', 'COD'],
    totals: 'Totals',
    orders: 'Orders',
    parcels: 'Boxes',
    weight: 'Weight',
    cod: 'COD',
    handedBy: 'Handed over by (warehouse)',
    takenBy: 'Taken over by (driver)',
    name: 'Name',
    dateTime: 'Date and time',
    signature: 'Signature',
    pageOf: 'Page {page} / {pages}',
  },
  cs: {
    title: 'Předávací protokol pro dopravce',
    sender: 'Odesílatel (sklad)',
    courier: 'Dopravce',
    date: 'Datum',
    columns: ['Objednávka', 'Klient', 'Příjemce', 'Město', 'AWB', 'Balíky', 'kg', 'Dobírka'],
    totals: 'Celkem',
    orders: 'Objednávky',
    parcels: 'Balíky',
    weight: 'Hmotnost',
    cod: 'Dobírka',
    handedBy: 'Předal (sklad)',
    takenBy: 'Převzal (řidič)',
    name: 'Jméno',
    dateTime: 'Datum a čas',
    signature: 'Podpis',
    pageOf: 'Strana {page} / {pages}',
  },
  sk: {
    title: 'Odovzdávací protokol pre kuriéra',
    sender: 'Odosielateľ (sklad)',
    courier: 'Kuriér',
    date: 'Dátum',
    columns: ['Objednávka', 'Klient', 'Príjemca', 'Mesto', 'AWB', 'Balíky', 'kg', 'Dobierka'],
    totals: 'Spolu',
    orders: 'Objednávky',
    parcels: 'Balíky',
    weight: 'Hmotnosť',
    cod: 'Dobierka',
    handedBy: 'Odovzdal (sklad)',
    takenBy: 'Prevzal (vodič)',
    name: 'Meno',
    dateTime: 'Dátum a čas',
    signature: 'Podpis',
    pageOf: 'Strana {page} / {pages}',
  },
  ro: {
    title: 'Proces-verbal de predare către curier',
    sender: 'Expeditor (depozit)',
    courier: 'Curier',
    date: 'Data',
    columns: ['Comandă', 'Client', 'Destinatar', 'Oraș', 'AWB', 'Colete', 'kg', 'Ramburs'],
    totals: 'Total',
    orders: 'Comenzi',
    parcels: 'Colete',
    weight: 'Greutate',
    cod: 'Ramburs',
    handedBy: 'Predat de (depozit)',
    takenBy: 'Preluat de (șofer)',
    name: 'Nume',
    dateTime: 'Data și ora',
    signature: 'Semnătura',
    pageOf: 'Pagina {page} / {pages}',
  },
  bg: {
    title: 'Приемо-предавателен протокол за куриер',
    sender: 'Подател (склад)',
    courier: 'Куриер',
    date: 'Дата',
    columns: ['Поръчка', 'Клиент', 'Получател', 'Град', 'Товарителница', 'Пакети', 'кг', 'Наложен платеж'],
    totals: 'Общо',
    orders: 'Поръчки',
    parcels: 'Пакети',
    weight: 'Тегло',
    cod: 'Наложен платеж',
    handedBy: 'Предал (склад)',
    takenBy: 'Приел (шофьор)',
    name: 'Име',
    dateTime: 'Дата и час',
    signature: 'Подпис',
    pageOf: 'Страница {page} / {pages}',
  },
}

const BARCODE = { width: 170, height: 40 }
const widths = [52, 78, 86, 66, 92, 36, 38, 67]

const kilograms = (grams: number, language: DocumentLanguage) =>
  formatMoney((grams / 1000).toFixed(2), language)

/**
 * A courier handover's manifest (issue 25) as an A4 PDF: the handover's code as Code 128, the sender
 * warehouse with its address and contact, the courier and the date; one row per parcel (many pages for a
 * van's load, the table's header on each); the totals; and the lines the warehouse and the driver sign.
 */
export async function renderHandoverManifestPdf(input: HandoverManifestInput): Promise<Buffer> {
  const l = manifestLabels[input.language]
  const lang = input.language
  const pdf = newPdf({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${l.title} ${input.code}` },
  })
  const cursor = { pdf, y: MARGIN }
  const left = CONTENT_WIDTH - BARCODE.width - 16
  cursor.y += drawText(pdf, l.title, MARGIN, cursor.y, { width: left, size: 15, bold: true })
  cursor.y += 4
  for (const line of [`${l.courier}: ${input.courier}`, `${l.date}: ${formatDate(input.date, lang)}`])
    cursor.y += drawText(pdf, line, MARGIN, cursor.y, { width: left, size: 10 })
  const x = A4.width - MARGIN - BARCODE.width
  drawBarcode(pdf, input.code, x, MARGIN, BARCODE.width, BARCODE.height)
  drawText(pdf, input.code, x, MARGIN + BARCODE.height + 3, {
    width: BARCODE.width,
    size: 11,
    bold: true,
    align: 'center',
  })
  cursor.y = Math.max(cursor.y, MARGIN + BARCODE.height + 20) + 10
  cursor.y += drawText(pdf, l.sender, MARGIN, cursor.y, { width: HALF, size: 8, bold: true, color: GREY })
  const sender = [input.warehouse.name, ...input.warehouse.address, input.warehouse.contact].filter(Boolean)
  cursor.y += 2 + drawText(pdf, sender.join('\n'), MARGIN, cursor.y + 2, { width: CONTENT_WIDTH, size: 10 })
  cursor.y += 12

  const columns: Column[] = l.columns.map((label, i) => ({
    label,
    width: widths[i]!,
    ...(i >= 5 ? { align: 'right' as const } : {}),
  }))
  drawTable(
    cursor,
    columns,
    input.rows.map((r) => [
      r.orderNumber,
      r.client,
      r.receiver,
      r.city,
      r.trackingId,
      String(r.parcels),
      kilograms(r.weightGrams, lang),
      r.cod ? `${formatMoney(String(r.cod.amount), lang)} ${r.cod.currency}` : '',
    ]),
  )

  cursor.y += 12
  ensureSpace(cursor, 60)
  cursor.y += drawText(pdf, l.totals, MARGIN, cursor.y, { width: CONTENT_WIDTH, size: 10, bold: true })
  const cod = input.totals.cod.map((c) => `${formatMoney(String(c.amount), lang)} ${c.currency}`)
  const facts = [
    `${l.orders}: ${input.totals.orders}`,
    `${l.parcels}: ${input.totals.parcels}`,
    `${l.weight}: ${kilograms(input.totals.weightGrams, lang)} kg`,
    ...(cod.length ? [`${l.cod}: ${cod.join(', ')}`] : []),
  ]
  cursor.y +=
    2 + drawText(pdf, facts.join('   ·   '), MARGIN, cursor.y + 2, { width: CONTENT_WIDTH, size: 10 })

  // The signatures stay together on one page.
  cursor.y += 20
  ensureSpace(cursor, 110)
  const block = (title: string, name: string, at: number) => {
    let y = cursor.y
    y += drawText(pdf, title, at, y, { width: HALF, size: 9, bold: true }) + 6
    for (const [label, value] of [
      [l.name, name],
      [l.dateTime, ''],
      [l.signature, ''],
    ] as const) {
      drawText(pdf, `${label}: ${value}`, at, y, { width: HALF, size: 8.5, color: GREY })
      pdf
        .moveTo(at, y + 22)
        .lineTo(at + HALF, y + 22)
        .lineWidth(0.5)
        .strokeColor('#555555')
        .stroke()
      y += 30
    }
    return y
  }
  cursor.y = Math.max(block(l.handedBy, '', MARGIN), block(l.takenBy, input.driverName, RIGHT))

  stampFooters(pdf, (page, pages) => `${input.code} · ${fillLabel(l.pageOf, { page, pages })}`)
  return pdfBytes(pdf)
}
