import type { Tx } from '../../platform/db/database.ts'
import { createLedgerRepository } from './ledger.repository.ts'
import { placementsOf } from './placements.ts'
import type { RecordedMovement } from './record-movement.ts'

export interface ShipBlockedInput {
  cardId: string
  /** How much of the card's blocked stock leaves the warehouse (> 0). */
  quantity: number
  /** The order that ships it, and its human reference. */
  actionSource: { id: string; ref: string }
  description: string
  createdBy: string | null
  /** Where the goods are taken from (the pick location); by default from where they lie, in pick-path order. */
  locationId?: string | null
}

/**
 * Shipping (docs/domain.md "Stock"): blocked stock leaves the warehouse. Inside the caller's transaction the card
 * is locked, its blocked balance (not its available one) goes down by `quantity`, and an outbound ledger row
 * (triggredBy 'Order', negative quantity) keeps total = Σ movement quantities.
 */
export async function shipBlocked(tx: Tx, input: ShipBlockedInput): Promise<RecordedMovement> {
  const ledger = createLedgerRepository(tx)
  const card = await ledger.lockCardById(input.cardId)
  if (!card || card.blocked < input.quantity) {
    // The order's blocks are what the card's blocked balance holds: anything else is a broken invariant.
    throw new Error(`card ${input.cardId} does not block ${input.quantity}`)
  }
  let written = { card, movementId: '' }
  for (const place of await placementsOf(ledger, card, -input.quantity, input.locationId)) {
    const row = await ledger.applyBlockedOutbound(written.card, {
      quantity: place.quantity,
      quantityDamaged: 0,
      triggredBy: 'Order',
      locationId: place.locationId,
      actionSourceId: input.actionSource.id,
      actionSourceRef: input.actionSource.ref,
      description: input.description,
      createdBy: input.createdBy,
    })
    written = { card: row.card, movementId: row.movement.id }
  }
  return written
}
