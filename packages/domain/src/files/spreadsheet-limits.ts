/**
 * The limits an uploaded spreadsheet is read within, checked while it inflates (a 1 MB .xlsx can inflate to
 * gigabytes of XML). Sized well above any real file: a courier's payout report has at most tens of
 * thousands of rows and a handful of columns; the product import takes 10,000 rows.
 */
export const SPREADSHEET_LIMITS = {
  /**
   * The file as uploaded (compressed): the multipart upload's own limit, MAX_UPLOAD_BYTES (not imported:
   * this module stays free of zod, for the web's first load).
   */
  fileBytes: 10 * 1024 * 1024,
  /** Parts (files) in the ZIP package; Excel writes about ten. */
  entries: 1_000,
  /** One part once inflated (the sheet's XML): 200,000 rows of 20 styled cells take about 100 MB. */
  entryBytes: 128 * 1024 * 1024,
  /** All the parts read, once inflated. */
  inflatedBytes: 192 * 1024 * 1024,
  /** Rows of the sheet (by count and by row number), the header included. */
  rows: 200_000,
  /** Columns (by the cell's column letter: a lone cell in column XFD counts as 16,384). */
  columns: 1_000,
  /** Characters of one cell: Excel's own maximum. */
  cellChars: 32_767,
  /** Entries of the shared-strings table (text cells point into it): all kept in memory while reading. */
  sharedStrings: 500_000,
  /** Characters of all shared strings together. */
  sharedStringChars: 8 * 1024 * 1024,
} as const

export type SpreadsheetLimitName = keyof typeof SPREADSHEET_LIMITS
export type SpreadsheetLimits = Record<SpreadsheetLimitName, number>

const count = (n: number) => n.toLocaleString('en-US')
const megabytes = (n: number) => `${count(Math.floor(n / (1024 * 1024)))} MB`

/** The English reason a limit gives (after the field's name: "file has more than 200,000 rows"). */
export function spreadsheetLimitReason(name: SpreadsheetLimitName, max: number): string {
  switch (name) {
    case 'fileBytes':
      return `is larger than ${megabytes(max)}`
    case 'entries':
      return `has more than ${count(max)} parts in its ZIP package`
    case 'entryBytes':
      return `has a part larger than ${megabytes(max)} once unpacked`
    case 'inflatedBytes':
      return `is larger than ${megabytes(max)} once unpacked`
    case 'rows':
      return `has more than ${count(max)} rows`
    case 'columns':
      return `has more than ${count(max)} columns`
    case 'cellChars':
      return `has a cell longer than ${count(max)} characters`
    case 'sharedStrings':
      return `has more than ${count(max)} shared texts`
    case 'sharedStringChars':
      return `has more than ${count(max)} characters of shared text`
  }
}

/** A spreadsheet past one of its limits: reading stopped there (the API answers 413 naming it). */
export class SpreadsheetLimitError extends Error {
  readonly limit: SpreadsheetLimitName
  readonly max: number

  constructor(limit: SpreadsheetLimitName, max: number) {
    super(`file ${spreadsheetLimitReason(limit, max)}`)
    this.limit = limit
    this.max = max
  }

  get reason(): string {
    return spreadsheetLimitReason(this.limit, this.max)
  }
}

/** A file that is not a readable .xlsx (not a ZIP, no sheet, broken XML): `reason` follows "file". */
export class SpreadsheetFormatError extends Error {
  readonly reason: string

  constructor(reason: string) {
    super(`file ${reason}`)
    this.reason = reason
  }
}
