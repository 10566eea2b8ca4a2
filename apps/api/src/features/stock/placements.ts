import { invalid } from '../../platform/http/app-error.ts'
import type { CardRow, LedgerRepository } from './ledger.repository.ts'

export interface Placement {
  locationId: string
  /** + in, − out at this location. */
  quantity: number
}

/**
 * Where a movement of `quantity` on a locked card happens. A named location takes it whole (it must be of the
 * card's warehouse). Otherwise incoming goods land in the receiving location, and outgoing goods are taken
 * from where they lie in pick-path order (storage first, receiving last), split over several rows if needed.
 */
export async function placementsOf(
  ledger: LedgerRepository,
  card: CardRow,
  quantity: number,
  locationId?: string | null,
): Promise<Placement[]> {
  if (locationId) {
    const location = await ledger.location(locationId)
    if (!location || location.warehouseId !== card.warehouseId)
      throw invalid('location', 'is not a location of the warehouse')
    return [{ locationId, quantity }]
  }
  if (quantity >= 0) return [{ locationId: await ledger.receivingLocation(card.warehouseId), quantity }]
  const out: Placement[] = []
  let left = -quantity
  for (const place of await ledger.placesOf(card.id)) {
    if (!left) break
    const taken = Math.min(left, place.quantity)
    out.push({ locationId: place.locationId, quantity: -taken })
    left -= taken
  }
  // The locations hold the card's total (the ledger invariant); anything else is a broken invariant.
  if (left > 0) throw new Error(`card ${card.id}: its locations hold less than its total`)
  return out
}
