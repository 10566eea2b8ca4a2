import { ApiClientError } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import { type Refusal, refusalText } from '@/lib/refusal-text'
import type waves from '@/locales/en/waves.json'

/** The API's reasons for refusing a pick (English) → the picker's language. */
type PickErrorKey = `pick.errors.${keyof (typeof waves)['pick']['errors']}`
const reasons: Refusal<PickErrorKey>[] = [
  [/is picking this line$/, 'pick.errors.claimed'],
  [/cancelled during picking/, 'pick.errors.canceled'],
  [/^is more than lies at /, 'pick.errors.notThere'],
  [/^This line is /, 'pick.errors.done'],
  [/is not a storage location$|is inactive$/, 'pick.errors.notStorage'],
  [/is not a known location$/, 'pick.errors.unknownLocation'],
  [/is a location of another warehouse$/, 'pick.errors.otherWarehouse'],
]

/** What to tell the picker, in their language. */
export function pickErrorText(error: unknown): string {
  const known =
    error instanceof ApiClientError
      ? refusalText([error.message, ...Object.values(error.details ?? {})], 'waves', reasons)
      : undefined
  return known ?? errorMessage(error)
}
