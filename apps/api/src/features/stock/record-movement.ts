import type { MovementTrigger } from '@expedo/domain'
import type { Tx } from '../../platform/db/database.ts'
import { invalid } from '../../platform/http/app-error.ts'
import { type CardKey, type CardRow, createLedgerRepository } from './ledger.repository.ts'

export interface RecordMovementInput extends CardKey {
  /** + in, − out; applied to the card's available balance. */
  quantity: number
  quantityDamaged?: number
  triggredBy: MovementTrigger
  /** The shipment or order that caused it, and its human reference (clientOrderNr). */
  actionSource?: { id: string; ref: string } | null
  description?: string
  createdBy?: string | null
  /** Card fields to set when given (inbound receiving sets them). */
  card?: { description?: string; inhousePosition?: string }
}

export interface RecordedMovement {
  card: CardRow
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
  const written = await ledger.applyMovement(
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
    input.card,
  )
  return { card: written.card, movementId: written.movement.id }
}
