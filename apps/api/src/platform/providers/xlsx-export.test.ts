import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import ExcelJS from 'exceljs'
import Fastify from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { escapeCell, sendXlsx, XLSX_CONTENT_TYPE, type XlsxColumn } from './xlsx-export.ts'

type Row = { n: number; name: string }

const rowColumns: XlsxColumn<Row>[] = [
  { header: 'N', value: (r) => r.n },
  { header: 'Name', value: (r) => r.name },
]

/** A server with one export route streaming `batches` in `columns` (by default the `Row` ones). */
async function serve<T = Row>(
  batches: () => AsyncIterable<T[]>,
  options: { sheet?: string; columns?: XlsxColumn<T>[] } = {},
) {
  const app = Fastify()
  const columns = options.columns ?? (rowColumns as XlsxColumn<unknown>[])
  app.get('/export', (_req, reply) =>
    sendXlsx(reply, { filename: 'rows.xlsx', sheet: options.sheet ?? 'Rows', columns, batches: batches() }),
  )
  await app.listen({ port: 0, host: '127.0.0.1' })
  servers.push(app)
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/export`
}

const servers: Awaited<ReturnType<typeof Fastify>>[] = []
afterEach(async () => {
  for (const app of servers.splice(0)) await app.close()
})

const rowsOf = (from: number, count: number): Row[] =>
  Array.from({ length: count }, (_, i) => ({ n: from + i, name: `=row ${from + i} ${'x'.repeat(40)}` }))

describe('sendXlsx', () => {
  it('streams every batch into a real workbook, formulas escaped', async () => {
    const url = await serve(async function* () {
      yield rowsOf(1, 2)
      yield rowsOf(3, 1)
    })
    const res = await fetch(url)
    expect(res.headers.get('content-type')).toBe(XLSX_CONTENT_TYPE)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="rows.xlsx"')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await res.arrayBuffer())
    const values = workbook.getWorksheet('Rows')?.getSheetValues().slice(1)
    expect(values?.map((r) => (r as unknown[]).slice(1))).toEqual([
      ['N', 'Name'],
      [1, `'=row 1 ${'x'.repeat(40)}`],
      [2, `'=row 2 ${'x'.repeat(40)}`],
      [3, `'=row 3 ${'x'.repeat(40)}`],
    ])
    expect(escapeCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(escapeCell(12)).toBe(12)
  })

  it('writes text, numbers and dates as Excel reads them, with the column widths, and leaves out what XML cannot hold', async () => {
    type Cell = { text: string | null; amount: number | null; at: Date | null }
    const url = await serve<Cell>(
      async function* () {
        yield [
          { text: 'Žluťoučký kůň & <ș ț> "Привет"', amount: 1234.56, at: new Date('2026-01-10T08:00:00Z') },
          { text: 'bell\u0007 tab\tnew\nline', amount: -0.01, at: null },
        ]
        yield [{ text: null, amount: 0, at: new Date('2026-11-28T00:00:00Z') }]
      },
      {
        sheet: 'Lines & <notes>',
        columns: [
          { header: 'Text', value: (r) => r.text, width: 30 },
          { header: 'Amount', value: (r) => r.amount, width: 12 },
          { header: 'At', value: (r) => r.at },
        ],
      },
    )
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await (await fetch(url)).arrayBuffer())
    const sheet = workbook.getWorksheet('Lines & <notes>')!
    expect(
      sheet
        .getSheetValues()
        .slice(1)
        .map((r) => (r as unknown[]).slice(1)),
    ).toEqual([
      ['Text', 'Amount', 'At'],
      // Moments as Prague's wall clock shows them (CET, UTC+1), which exceljs reads back as UTC.
      ['Žluťoučký kůň & <ș ț> "Привет"', 1234.56, new Date('2026-01-10T09:00:00Z')],
      ['bell tab\tnew\nline', -0.01],
      [undefined, 0, new Date('2026-11-28T01:00:00Z')],
    ])
    // a Date in a column without a format: a date-time, with a locale-neutral format
    expect(sheet.getCell('C2').numFmt).toBe('yyyy-mm-dd hh:mm:ss')
    expect([1, 2, 3].map((c) => sheet.getColumn(c).width)).toEqual([30, 12, 18])
  })

  it('writes a date column’s values (Dates or ISO texts) as Excel dates with a day or date-time format, not text', async () => {
    type Row = { day: string | Date | null; at: string | Date | null }
    const url = await serve<Row>(
      async function* () {
        yield [
          { day: '2026-11-30', at: '2026-11-30T08:15:30.000Z' },
          { day: new Date('2026-12-01T00:00:00Z'), at: new Date('2026-12-01T23:59:00Z') },
          { day: null, at: '' },
          { day: 'not a date', at: '=1+1' },
        ]
      },
      {
        columns: [
          { header: 'Day', format: 'date', value: (r) => r.day },
          { header: 'At', format: 'datetime', value: (r) => r.at },
        ],
      },
    )
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await (await fetch(url)).arrayBuffer())
    const sheet = workbook.worksheets[0]!
    const cells = (r: number) => [sheet.getCell(`A${r}`), sheet.getCell(`B${r}`)]
    const [day, at] = cells(2)
    expect(day!.value).toEqual(new Date('2026-11-30T00:00:00Z'))
    expect(day!.numFmt).toBe('yyyy-mm-dd')
    expect(day!.type).toBe(ExcelJS.ValueType.Date)
    expect(at!.value).toEqual(new Date('2026-11-30T09:15:30Z'))
    expect(at!.numFmt).toBe('yyyy-mm-dd hh:mm:ss')
    expect(cells(3).map((c) => c.value)).toEqual([
      new Date('2026-12-01T00:00:00Z'),
      new Date('2026-12-02T00:59:00Z'),
    ])
    expect(cells(4).map((c) => c.value)).toEqual([null, null])
    // what is no date stays text (escaped as any text), nothing is lost
    expect(cells(5).map((c) => c.value)).toEqual(['not a date', "'=1+1"])
  })

  it('writes moments as the business’s local time and day (Europe/Prague, summer and winter); a day stays that day', async () => {
    type Row = { at: Date | string }
    const moments = [
      // 00:30 on 1 December in Prague (CET, UTC+1) is still 30 November in UTC.
      '2026-11-30T23:30:00.000Z',
      // 00:30 on 1 July in Prague (CEST, UTC+2).
      '2026-06-30T22:30:00.000Z',
      // The night the clocks go back: 02:30 CEST, then 02:30 CET an hour later.
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:30:00.000Z',
    ]
    const url = await serve<Row>(
      async function* () {
        yield [...moments.map((m) => ({ at: new Date(m) })), { at: '2026-12-31' }]
      },
      {
        columns: [
          { header: 'Day', format: 'date', value: (r) => r.at },
          { header: 'At', format: 'datetime', value: (r) => r.at },
        ],
      },
    )
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await (await fetch(url)).arrayBuffer())
    const sheet = workbook.worksheets[0]!
    // exceljs reads a serial as that wall-clock time in UTC.
    const row = (r: number) => [sheet.getCell(`A${r}`).value, sheet.getCell(`B${r}`).value]
    expect(row(2)).toEqual([new Date('2026-12-01T00:00:00Z'), new Date('2026-12-01T00:30:00Z')])
    expect(row(3)).toEqual([new Date('2026-07-01T00:00:00Z'), new Date('2026-07-01T00:30:00Z')])
    expect(row(4)).toEqual([new Date('2026-10-25T00:00:00Z'), new Date('2026-10-25T02:30:00Z')])
    expect(row(5)).toEqual([new Date('2026-10-25T00:00:00Z'), new Date('2026-10-25T02:30:00Z')])
    expect(row(6)).toEqual([new Date('2026-12-31T00:00:00Z'), new Date('2026-12-31T00:00:00Z')])
  })

  it('stops reading when the client goes away, and closes the batches', async () => {
    let produced = 0
    let closed!: () => void
    const batchesClosed = new Promise<void>((resolve) => {
      closed = resolve
    })
    // Endless: an export that never stopped would never resolve `batchesClosed`, and the test would time out.
    const url = await serve(async function* () {
      try {
        for (;;) {
          yield rowsOf(produced * 1000, 1000)
          produced++
        }
      } finally {
        closed()
      }
    })
    await new Promise<void>((resolve, reject) => {
      const req = request(url, (res) => {
        let received = 0
        res.on('data', (chunk: Buffer) => {
          received += chunk.length
          // A first part of the file has arrived: the user cancels the download.
          if (received > 64 * 1024) {
            req.destroy()
            resolve()
          }
        })
        res.on('error', () => {})
      })
      req.on('error', (error) => {
        if (!req.destroyed) reject(error)
      })
      req.end()
    })
    await batchesClosed
    expect(produced).toBeGreaterThan(0)
  })
})
