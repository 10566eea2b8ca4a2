import { ApiClientError } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import { type Refusal, refusalText } from '@/lib/refusal-text'
import type locations from '@/locales/en/locations.json'

/** The API's reasons for refusing a scan (English, in `details`) → this screen's translations. */
type ScanErrorKey = `scan.errors.${keyof (typeof locations)['scan']['errors']}`
const reasons: Refusal<ScanErrorKey>[] = [
  [/^(.+) is not a known location$/, 'scan.errors.unknownLocation', (m) => ({ code: m[1]! })],
  [/^(.+) is a location of another warehouse$/, 'scan.errors.otherWarehouse', (m) => ({ code: m[1]! })],
  [/^(.+) is inactive$/, 'scan.errors.inactive', (m) => ({ code: m[1]! })],
  [/^is more than lies at (.+) \((\d+)\)$/, 'scan.errors.tooMany', (m) => ({ code: m[1]!, count: m[2]! })],
  [/^(.+) is not a product of this warehouse$/, 'scan.errors.unknownBarcode', (m) => ({ barcode: m[1]! })],
  [/^(.+) does not lie at (.+)$/, 'scan.errors.notThere', (m) => ({ barcode: m[1]!, code: m[2]! })],
  [/^the barcode is goods of several clients/, 'scan.errors.ambiguous'],
  [/^is the location the goods are taken from$/, 'scan.errors.sameLocation'],
  [/^must be a storage location$/, 'scan.errors.notStorage'],
]

/** What to tell the person scanning, in their language. */
export function scanErrorText(error: unknown): string {
  const known =
    error instanceof ApiClientError && error.details
      ? refusalText(Object.values(error.details), 'locations', reasons)
      : undefined
  return known ?? errorMessage(error)
}
