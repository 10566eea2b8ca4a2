import { ApiClientError } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import { type Refusal, refusalText } from '@/lib/refusal-text'
import type handovers from '@/locales/en/handovers.json'

type ScanKey = `scan.${keyof (typeof handovers)['scan']}`

/**
 * The API's refusal of a scan (English, in `message` or the code's detail) → the scanner's language: a parcel
 * of another handover (named), one not on this manifest, an unknown code, a closed handover. A refusal not
 * known here shows the server's reason.
 */
export function scanErrorText(error: unknown, code: string): string {
  if (!(error instanceof ApiClientError)) return errorMessage(error)
  const reasons: Refusal<ScanKey>[] = [
    // "order 1009 is on H-000011 (Econt)": the handover it is on.
    [/\bis on (H-\d{6,})/, 'scan.otherHandover', (m) => ({ code, handover: m[1]! })],
    [/not on this handover/i, 'scan.notOnHandover', () => ({ code })],
    [/is no parcel's AWB|unknown/i, 'scan.unknown', () => ({ code })],
    [/no longer open/i, 'scan.closed'],
  ]
  const known = refusalText([...Object.values(error.details ?? {}), error.message], 'handovers', reasons)
  if (known) return known
  const detail = Object.values(error.details ?? {})[0]
  return error.status === 400 && detail ? detail : errorMessage(error)
}
