import type { MovementTrigger } from '@expedo/domain'
import type { Tx } from '../../platform/db/database.ts'
import { invalid } from '../../platform/http/app-error.ts'
import {
  type CardKey,
  type CardRow,
  createLedgerRepository,
  type LedgerRepository,
  type NewMovement,
} from './ledger.repository.ts'
import { placementsOf } from './placements.ts'

export interface RecordMovementInput extends CardKey {
  /** + in, − out; applied to the card's available balance. */
  quantity: number
  quantityDamaged?: number
  triggredBy: MovementTrigger
  /** The shipment or order that caused it, and its human reference (clientOrderNr). */
  actionSource?: { id: string; ref: string } | null
  description?: string
  createdBy?: string | null
  /** The location it happens at; by default incoming goods land in receiving, outgoing come from where they lie. */
  locationId?: string | null
  /** Card fields to set when given (inbound receiving sets them). */
  card?: { description?: string; inhousePosition?: string }
}

export interface RecordedMovement {
  card: CardRow
  /** The (last) ledger row; an outgoing movement taken from several locations writes one row per location. */
  movementId: string
}

/**
 * Writes one movement inside the caller's transaction: finds or creates the card (warehouse, business
 * client, SKU), locks it, moves its available balance and appends the ledger row. Never below zero.
 */
export async function recordMovement(tx: Tx, input: RecordMovementInput): Promise<RecordedMovement> {
  const ledger = createLedgerRepository(tx)
  const card = await ledger.lockOrCreateCard({
    warehouseId: input.warehouseId,
    businessclientId: input.businessclientId,
    sku: input.sku,
  })
  if (card.available + input.quantity < 0) {
    throw invalid('quantity', `would take available stock below zero (available ${card.available})`)
  }
  return applyAtPlaces(
    ledger,
    card,
    {
      quantity: input.quantity,
      quantityDamaged: input.quantityDamaged ?? 0,
      triggredBy: input.triggredBy,
      actionSourceId: input.actionSource?.id ?? null,
      actionSourceRef: input.actionSource?.ref ?? '',
      description: input.description ?? '',
      createdBy: input.createdBy ?? null,
    },
    input.locationId,
    input.card,
  )
}

/**
 * A movement of the available balance on a locked card, one ledger row per location it happens at (see
 * placementsOf). Damaged units are recorded once, on the first row. Answers the card and the last row.
 */
export async function applyAtPlaces(
  ledger: LedgerRepository,
  card: CardRow,
  movement: Omit<NewMovement, 'locationId'>,
  locationId?: string | null,
  cardFields?: { description?: string; inhousePosition?: string },
): Promise<RecordedMovement> {
  let written = { card, movementId: '' }
  let quantityDamaged = movement.quantityDamaged
  for (const place of await placementsOf(ledger, card, movement.quantity, locationId)) {
    const row = await ledger.applyMovement(
      written.card,
      { ...movement, quantity: place.quantity, quantityDamaged, locationId: place.locationId },
      cardFields,
    )
    quantityDamaged = 0
    written = { card: row.card, movementId: row.movement.id }
  }
  return written
}
