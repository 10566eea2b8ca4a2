import { translateReason } from '@/components/server-errors'
import { ApiClientError } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'

/**
 * The text to show under an inline field whose save failed: the server's per-field reasons (e.g. 'is
 * required' for an empty city, translated when known), else the message of the error's code.
 */
export function fieldErrorText(error: unknown): string {
  if (error instanceof ApiClientError && Object.keys(error.details).length > 0) {
    return Object.values(error.details).map(translateReason).join('; ')
  }
  return errorMessage(error)
}
