import { normalizeLocationCode } from '@expedo/domain'
import type { DbOrTx } from '../../platform/db/database.ts'
import { invalid } from '../../platform/http/app-error.ts'
import { createLocationsRepository, type LocationRow } from './locations.repository.ts'

/**
 * A scanned location code of the warehouse, or a clear 400 on `field` naming what is wrong with it: unknown,
 * of another warehouse, or inactive. Shared by every scan of a location (putaway, move, a picker's put-back).
 */
export async function scannedLocation(
  on: DbOrTx,
  warehouseId: string,
  code: string,
  field: string,
): Promise<LocationRow> {
  const r = createLocationsRepository(on)
  const wanted = normalizeLocationCode(code)
  const found = await r.byCode(warehouseId, wanted)
  if (found) {
    if (!found.active) throw invalid(field, `${wanted} is inactive`)
    return found
  }
  if (await r.codeElsewhere(warehouseId, wanted))
    throw invalid(field, `${wanted} is a location of another warehouse`)
  throw invalid(field, `${wanted} is not a known location`)
}
