import { Readable } from 'node:stream'
import { createInflateRaw } from 'node:zlib'
import {
  SpreadsheetFormatError,
  SpreadsheetLimitError,
  type SpreadsheetLimits,
  spreadsheetLimitReason,
} from '@expedo/domain'
import { type Inflate, readXlsxSheet, type XlsxCell } from '@expedo/domain/files/xlsx-reader'
import { AppError, invalid } from '../http/app-error.ts'

export type { XlsxCell } from '@expedo/domain/files/xlsx-reader'

const SLICE = 64 * 1024

/**
 * zlib's raw inflate fed the entry in 64 KB slices: the reader pulls one output chunk (16 KB) at a time,
 * and stopping its loop destroys the stream, so a bomb never inflates further than the limit it passed.
 */
export const inflateWithZlib: Inflate = (compressed) => {
  const inflater = createInflateRaw()
  const slices = function* () {
    for (let at = 0; at < compressed.length; at += SLICE) yield compressed.subarray(at, at + SLICE)
  }
  Readable.from(slices(), { objectMode: false }).pipe(inflater)
  return inflater
}

/** A spreadsheet limit as the API answers it: 413 naming the field and the limit. */
export function spreadsheetTooLarge(field: string, limit: SpreadsheetLimitError): AppError {
  const reason = spreadsheetLimitReason(limit.limit, limit.max)
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `${field} ${reason}`,
    { [field]: reason },
    {
      limit: { name: limit.limit, max: limit.max },
    },
  )
}

/**
 * The first sheet of an uploaded .xlsx, row by row as it inflates (see readXlsxSheet in the domain package:
 * every SPREADSHEET_LIMITS limit checked while inflating). A limit passed answers 413, a file that is not a
 * readable .xlsx 400, both naming `field`; an AppError thrown by `onRow` passes through.
 */
export async function readUploadedSheet(
  bytes: Buffer,
  onRow: (row: number, cells: XlsxCell[]) => void,
  options: { field?: string; limits?: Partial<SpreadsheetLimits> } = {},
): Promise<void> {
  const field = options.field ?? 'file'
  try {
    await readXlsxSheet(bytes, {
      inflate: inflateWithZlib,
      onRow,
      ...(options.limits ? { limits: options.limits } : {}),
    })
  } catch (error) {
    if (error instanceof SpreadsheetLimitError) throw spreadsheetTooLarge(field, error)
    if (error instanceof SpreadsheetFormatError) throw invalid(field, error.reason)
    throw error
  }
}
