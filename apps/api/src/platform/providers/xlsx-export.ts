import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export interface XlsxColumn<T> {
  header: string
  width?: number
  value: (row: T) => string | number | Date | null
}

/**
 * A text cell that a spreadsheet would read as a formula (=, +, -, @; also tab and CR, OWASP's list) gets a
 * leading apostrophe: exported data never runs as a formula.
 */
export function escapeCell(value: string | number | Date | null): string | number | Date | null {
  if (typeof value !== 'string') return value
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

/**
 * Streams an .xlsx file into the reply: exceljs's streaming writer commits each row as it goes, and the
 * producer waits while the socket is slow, so memory stays flat whatever the number of rows.
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  options: { filename: string; sheet: string; columns: XlsxColumn<T>[]; batches: AsyncIterable<T[]> },
): Promise<FastifyReply> {
  const out = new PassThrough({ highWaterMark: 1 << 20 })
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet(options.sheet)
  sheet.columns = options.columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 18 }))
  reply.header('content-type', XLSX_CONTENT_TYPE)
  reply.header('content-disposition', `attachment; filename="${options.filename}"`)
  const write = async () => {
    for await (const batch of options.batches) {
      for (const row of batch) sheet.addRow(options.columns.map((c) => escapeCell(c.value(row)))).commit()
      if (out.writableNeedDrain) await new Promise((r) => out.once('drain', r))
    }
    sheet.commit()
    await workbook.commit()
  }
  write().catch((error: unknown) => {
    reply.log.error({ err: error }, 'export failed')
    out.destroy(error as Error)
  })
  return reply.send(out)
}
