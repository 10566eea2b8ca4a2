import type { FormInstance } from 'antd'
import i18n from 'i18next'
import { ApiClientError } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import { notificationsStore } from '@/lib/notifications'
import type components from '@/locales/en/components.json'

type ValidationKey = `validation.${keyof (typeof components)['validation']}`

/** English reasons of the API's validation details → translation keys (the rest is shown as sent). */
const knownReasons: [RegExp, ValidationKey][] = [
  [/^is required$/, 'validation.required'],
  [/^must be a valid e-mail address$/, 'validation.email'],
  [/^must be a valid IBAN$/, 'validation.iban'],
  [/^may contain only digits, spaces and \+ \( \) \/ -$/, 'validation.phone'],
  [/^may contain only digits and -$/, 'validation.digitsAndDash'],
  [/^must be a country of the list$/, 'validation.country'],
  [/^must be a currency of the list$/, 'validation.currency'],
  [/^an IBAN or an account number is required$/, 'validation.ibanOrAccount'],
  [/^a company id or a tax id is required$/, 'validation.coidOrTaxid'],
  [/^must be at most (\d+) characters$/, 'validation.maxLength'],
  // VAT numbers (domain vat-number.ts): the prefix of the member state is the captured group.
  [/^is not in the format of a ([A-Z]{2}) VAT number$/, 'validation.vatFormat'],
  [/^has a wrong check digit for a ([A-Z]{2}) VAT number$/, 'validation.vatCheckDigit'],
  [/^does not start with the VAT prefix of an EU member state$/, 'validation.vatPrefix'],
]

/** One validation reason of the API in the reader's language. */
export function translateReason(reason: string): string {
  for (const [pattern, key] of knownReasons) {
    const match = pattern.exec(reason)
    if (match) return i18n.t(key, { ns: 'components', max: match[1], prefix: match[1] })
  }
  return reason
}

function hasPath(values: unknown, path: string[]): boolean {
  let node = values
  for (const part of path) {
    if (node === null || typeof node !== 'object' || !(part in node)) return false
    node = (node as Record<string, unknown>)[part]
  }
  return true
}

/**
 * Puts the per-field `details` of a 400 answer onto the form's fields. Detail keys are paths in the request
 * ('query.email', 'query.address.city', 'IBAN'); the `query.`/`body.` envelope is dropped.
 * Answers the reasons that match no field (to show elsewhere); [] when every detail found its field.
 */
export function applyServerErrors(form: FormInstance, error: unknown): string[] {
  if (!(error instanceof ApiClientError) || Object.keys(error.details).length === 0) {
    return [errorMessage(error)]
  }
  const registered = form.getFieldsValue(true)
  const unmatched: string[] = []
  const fields: { name: string[]; errors: string[] }[] = []
  for (const [key, reason] of Object.entries(error.details)) {
    const path = key.replace(/^(query|body)\./, '').split('.')
    if (hasPath(registered, path)) fields.push({ name: path, errors: [translateReason(reason)] })
    else unmatched.push(`${key}: ${translateReason(reason)}`)
  }
  form.setFields(fields)
  return unmatched
}

/**
 * The error handler of a form whose mutation is `silent`: field details go under their fields, anything else
 * goes to the top notification like every other failed call (a lost connection shows 'Reconnecting...' instead).
 */
export function reportFormError(form: FormInstance, error: unknown): void {
  if (error instanceof ApiClientError && (error.code === 'NETWORK' || error.status === 401)) return
  const rest = applyServerErrors(form, error)
  if (rest.length > 0) notificationsStore.push('error', rest.join('; '), 5000)
}

/**
 * The form's values, or null when a field is invalid (antd shows the field's message): for a modal's onOk,
 * whose returned promise nobody awaits — a rejected validateFields() there is an unhandled rejection.
 */
export async function validFormValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields()
  } catch {
    return null
  }
}
