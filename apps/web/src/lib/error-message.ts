import i18n from 'i18next'
import { ApiClientError } from './api-client'

/** The text to show for a failed call: the translation of its stable code, else the server's message. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiClientError) {
    return i18n.exists(error.code, { ns: 'errors' }) ? i18n.t(error.code, { ns: 'errors' }) : error.message
  }
  return error instanceof Error ? error.message : String(error)
}
