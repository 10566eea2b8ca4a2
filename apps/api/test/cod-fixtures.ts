import ExcelJS from 'exceljs'
import { orders } from '../src/db/schema/index.ts'
import type { TestApp } from './app.ts'
import { multipart } from './multipart.ts'

let trackingSeq = 0

/**
 * A shipped COD order in COD WAITING (inserted directly: the warehouse flow has its own tests), with a
 * tracking id and a COD amount; `waitingSince` back-dates it for the not-paid check.
 */
export async function codOrder(
  t: TestApp,
  businessclientId: string,
  codAmount: number,
  opts: { country?: string; waitingSince?: Date; status?: string } = {},
) {
  trackingSeq += 1
  const trackingId = `TRK${Date.now().toString(36).toUpperCase()}${trackingSeq}${Math.floor(Math.random() * 1e6)}`
  const [row] = await t.db
    .insert(orders)
    .values({
      businessclientId,
      clientOrderNr: `COD-${trackingId}`,
      status: opts.status ?? 'COD WAITING',
      shipToCountry: opts.country ?? 'Czech',
      shipToCity: 'Brno',
      shipToStreet: 'Údolní',
      shipToPostcode: '602 00',
      shipToClient: {
        firstName: 'Jana',
        lastName: 'Nováková',
        email: 'jana@example.com',
        isCompany: false,
        companyName: '',
        taxId: '',
        nr_reg_com: '',
        phone: '',
        country: opts.country ?? 'Czech',
        province: '',
        city: 'Brno',
        street: 'Údolní',
        streetNr: '53',
        postcode: '602 00',
      },
      paymentType: 'COD',
      codApply: true,
      codAmount,
      codAmountInit: codAmount,
      trackingId,
      ...(opts.waitingSince ? { updatedAt: opts.waitingSince, createdAt: opts.waitingSince } : {}),
    })
    .returning()
  return row!
}

/** A payout spreadsheet (.xlsx) with a header row and the given rows, as a multipart upload body. */
export async function payoutUpload(rows: (string | number | Date | null)[][], header = true) {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Payouts')
  if (header) sheet.addRow(['Tracking id', 'Amount', 'Date'])
  for (const r of rows) sheet.addRow(r)
  const content = Buffer.from(await workbook.xlsx.writeBuffer())
  return multipart({}, { field: 'file', filename: 'payouts.xlsx', content })
}
