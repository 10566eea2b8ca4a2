import i18n from 'i18next'
import { ApiClientError } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import type waves from '@/locales/en/waves.json'

/** The API's reasons for refusing a pick (English) → the picker's language. */
type PickErrorKey = `pick.errors.${keyof (typeof waves)['pick']['errors']}`
const reasons: [RegExp, PickErrorKey][] = [
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
  if (error instanceof ApiClientError) {
    for (const text of [error.message, ...Object.values(error.details ?? {})]) {
      for (const [pattern, key] of reasons) if (pattern.test(text)) return i18n.t(key, { ns: 'waves' })
    }
  }
  return errorMessage(error)
}
