import { MAX_PAYOUT_ROWS } from '@expedo/domain'
import { describe, expect, it } from 'vitest'
import { xlsxOf } from '../../../../test/xlsx-bombs.ts'
import { readPayoutSpreadsheet } from './payout-spreadsheet.ts'

/** A payout sheet: a header row, then `rows` rows (tracking id, amount, date). */
const payoutSheet = (rows: number) =>
  xlsxOf({
    sheet: async function* () {
      yield '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
      yield '<row><c t="inlineStr"><is><t>Tracking id</t></is></c><c t="inlineStr"><is><t>Amount</t></is></c></row>'
      for (let r = 0; r < rows; r += 10_000) {
        let xml = ''
        for (let i = r; i < Math.min(rows, r + 10_000); i++)
          xml += `<row><c t="inlineStr"><is><t>T${i}</t></is></c><c><v>${i % 1000}</v></c></row>`
        yield xml
      }
      yield '</sheetData></worksheet>'
    },
  })

describe('readPayoutSpreadsheet: the row limit', () => {
  it(`takes ${MAX_PAYOUT_ROWS.toLocaleString('en-US')} payout rows under a header; one more is 413 naming the limit`, async () => {
    const lines = await readPayoutSpreadsheet(await payoutSheet(MAX_PAYOUT_ROWS))
    expect(lines.length).toBe(MAX_PAYOUT_ROWS)
    expect(lines.at(-1)).toEqual({
      trackingId: `T${MAX_PAYOUT_ROWS - 1}`,
      amount: '999.00',
      currency: '',
      paidDate: null,
    })
    const error = await readPayoutSpreadsheet(await payoutSheet(MAX_PAYOUT_ROWS + 1)).catch((e) => e)
    expect(error).toMatchObject({
      statusCode: 413,
      details: { file: 'has more than 200,000 rows' },
      limit: { name: 'rows', max: MAX_PAYOUT_ROWS },
    })
  }, 60_000)
})
