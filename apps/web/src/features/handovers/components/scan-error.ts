import i18n from 'i18next'
import { ApiClientError } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import type handovers from '@/locales/en/handovers.json'

type ScanKey = `scan.${keyof (typeof handovers)['scan']}`
const t = (key: ScanKey, vars: Record<string, string>) => i18n.t(key, { ns: 'handovers', ...vars })

/**
 * The API's refusal of a scan (English, in `message` or the code's detail) → the scanner's language: a parcel
 * of another handover (named), one not on this manifest, an unknown code, a closed handover. A refusal not
 * known here shows the server's reason.
 */
export function scanErrorText(error: unknown, code: string): string {
  if (!(error instanceof ApiClientError)) return errorMessage(error)
  const texts = [...Object.values(error.details ?? {}), error.message]
  for (const text of texts) {
    // "order 1009 is on H-000011 (Econt)": the handover it is on.
    const other = /\bis on (H-\d{6,})/.exec(text)
    if (other?.[1]) return t('scan.otherHandover', { code, handover: other[1] })
    if (/not on this handover/i.test(text)) return t('scan.notOnHandover', { code })
    if (/is no parcel's AWB|unknown/i.test(text)) return t('scan.unknown', { code })
    if (/no longer open/i.test(text)) return t('scan.closed', {})
  }
  const detail = Object.values(error.details ?? {})[0]
  return error.status === 400 && detail ? detail : errorMessage(error)
}
