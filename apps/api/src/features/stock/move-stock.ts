import type { Tx } from '../../platform/db/database.ts'
import { invalid } from '../../platform/http/app-error.ts'
import { createLedgerRepository } from './ledger.repository.ts'

export interface MoveStockInput {
  cardId: string
  from: { id: string; code: string }
  to: { id: string; code: string }
  /** > 0 */
  quantity: number
  createdBy: string | null
  description?: string
}

/**
 * Goods moving between two locations of the card's warehouse (a move or a putaway), in the caller's
 * transaction: the card is locked first, so two moves of the same goods run one after the other and the second
 * sees what the first left; more than lies at `from` is refused and nothing changes. Answers both balances after.
 */
export async function moveStock(tx: Tx, input: MoveStockInput): Promise<{ from: number; to: number }> {
  const ledger = createLedgerRepository(tx)
  const card = await ledger.lockCardById(input.cardId)
  if (!card) throw invalid('barcode', 'is not goods of this warehouse')
  for (const end of [input.from, input.to]) {
    const location = await ledger.location(end.id)
    if (location?.warehouseId !== card.warehouseId) throw invalid('to', 'is a location of another warehouse')
  }
  const there = await ledger.quantityAt(input.from.id, card.id)
  if (there < input.quantity) {
    throw invalid('quantity', `is more than lies at ${input.from.code} (${there})`)
  }
  await ledger.applyMove(card, {
    from: input.from.id,
    to: input.to.id,
    quantity: input.quantity,
    description: input.description ?? `${input.from.code} → ${input.to.code}`,
    createdBy: input.createdBy,
  })
  return { from: there - input.quantity, to: await ledger.quantityAt(input.to.id, card.id) }
}
