import type { ApiError } from '@expedo/domain'
import {
  SPREADSHEET_LIMITS,
  SpreadsheetLimitError,
  type SpreadsheetLimitName,
} from '@expedo/domain/files/spreadsheet-limits'
import i18n from 'i18next'
import { ApiClientError } from './api-client'

/** The user's words for a limit a file passed (errors:limits.<name>), or undefined for an unknown one. */
export function limitMessage(limit: NonNullable<ApiError['limit']>): string | undefined {
  if (!Object.hasOwn(SPREADSHEET_LIMITS, limit.name)) return undefined
  const name = limit.name as SpreadsheetLimitName
  const number = new Intl.NumberFormat(i18n.language)
  return i18n.t(`limits.${name}`, {
    ns: 'errors',
    max: number.format(limit.max),
    mb: number.format(Math.floor(limit.max / (1024 * 1024))),
  })
}

/** The text to show for a failed call: the translation of its stable code, else the server's message. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiClientError) {
    const limit = error.limit && limitMessage(error.limit)
    if (limit) return limit
    // A conflict names the record it is with (the order that holds the number).
    const name = error.existing?.name ?? ''
    return i18n.exists(error.code, { ns: 'errors' })
      ? i18n.t(error.code, { ns: 'errors', name })
      : error.message
  }
  if (error instanceof SpreadsheetLimitError)
    return limitMessage({ name: error.limit, max: error.max }) ?? error.message
  return error instanceof Error ? error.message : String(error)
}
