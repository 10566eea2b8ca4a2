import { describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BYTES } from './files.schemas.ts'
import { SPREADSHEET_LIMITS, SpreadsheetLimitError } from './spreadsheet-limits.ts'

describe('spreadsheet limits', () => {
  it('a spreadsheet may be as large as any upload, and no larger', () => {
    expect(SPREADSHEET_LIMITS.fileBytes).toBe(MAX_UPLOAD_BYTES)
  })

  it('name the limit in English after the field', () => {
    expect(new SpreadsheetLimitError('rows', 200_000).message).toBe('file has more than 200,000 rows')
    expect(new SpreadsheetLimitError('entryBytes', 128 * 1024 * 1024).reason).toBe(
      'has a part larger than 128 MB once unpacked',
    )
  })
})
