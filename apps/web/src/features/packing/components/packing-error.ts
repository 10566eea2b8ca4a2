import i18n from 'i18next'
import { ApiClientError } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import { type Refusal, refusalText } from '@/lib/refusal-text'
import type packing from '@/locales/en/packing.json'

type PackingErrorKey = `errors.${keyof (typeof packing)['errors']}`

/** The API's reasons for refusing a packing call (English, in `message` or a field's detail) → the packer's language. */
const reasons: Refusal<PackingErrorKey>[] = [
  [/not an order's or tote's code/i, 'errors.notACode'],
  [/no order with this code/i, 'errors.unknownCode'],
  [/still being picked: (\d+)/i, 'errors.stillPicking', (m) => ({ count: m[1] ?? '' })],
  [/not in this order/i, 'errors.wrongItem'],
  [/one too many: the order takes (\d+)/i, 'errors.tooMany', (m) => ({ quantity: m[1] ?? '' })],
  [/already packed/i, 'errors.alreadyPacked'],
  [/every item must be scanned first/i, 'errors.incomplete'],
  [/^the order is (.+)$/i, 'errors.status', (m) => ({ status: m[1] ?? '' })],
  [/^(.+) is packing this order$/, 'errors.heldBy', (m) => ({ packer: m[1] ?? '' })],
  [/open the order at the packing station first/i, 'errors.notOpen'],
]

/**
 * What to tell the packer, in their language (a 409 names the packer who holds the order). A refusal not
 * known here shows the server's reason rather than a generic text.
 */
export function packingErrorText(error: unknown): string {
  if (!(error instanceof ApiClientError)) return errorMessage(error)
  const known = refusalText([...Object.values(error.details ?? {}), error.message], 'packing', reasons)
  if (known) return known
  if (error.status === 409) return i18n.t('errors.held', { ns: 'packing', message: error.message })
  const detail = Object.values(error.details ?? {})[0]
  return error.status === 400 && detail ? detail : errorMessage(error)
}
