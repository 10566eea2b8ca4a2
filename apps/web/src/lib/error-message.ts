import i18n from 'i18next'
import { ApiClientError } from './api-client'

/** The text to show for a failed call: the translation of its stable code, else the server's message. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiClientError) {
    // A conflict names the record it is with (the order that holds the number).
    const name = error.existing?.name ?? ''
    return i18n.exists(error.code, { ns: 'errors' })
      ? i18n.t(error.code, { ns: 'errors', name })
      : error.message
  }
  return error instanceof Error ? error.message : String(error)
}
