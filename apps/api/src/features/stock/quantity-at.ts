import type { DbOrTx } from '../../platform/db/database.ts'
import { createLedgerRepository } from './ledger.repository.ts'

/** Units of a card lying at a location, as the ledger keeps them (in the caller's transaction when given one). */
export const quantityAt = (on: DbOrTx, locationId: string, cardId: string): Promise<number> =>
  createLedgerRepository(on).quantityAt(locationId, cardId)
