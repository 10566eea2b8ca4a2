import { and, eq, sql } from 'drizzle-orm'
import { goodsReceived, inventoryCards, products, stockMovements } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type CardRow = typeof inventoryCards.$inferSelect
export type MovementRow = typeof stockMovements.$inferSelect

export interface CardKey {
  warehouseId: string
  businessclientId: string
  sku: string
}

export interface NewMovement {
  quantity: number
  quantityDamaged: number
  triggredBy: 'Inboundshipment' | 'Order' | 'Adjustment' | 'Return'
  actionSourceId: string | null
  actionSourceRef: string
  description: string
  createdBy: string | null
}

/** The write side of the ledger: cards locked row by row, balances and movements written together. */
export function createLedgerRepository(db: DbOrTx) {
  /**
   * The ledger row of a movement on a locked card, carrying the card's balances after it. clock_timestamp(),
   * read after the lock, keeps createdAt in lock order per card.
   */
  async function insertMovement(
    cardId: string,
    movement: NewMovement,
    available: number,
    blocked: number,
  ): Promise<MovementRow> {
    const [row] = await db
      .insert(stockMovements)
      .values({
        ...movement,
        inventoryCardId: cardId,
        quantityAvailable: available,
        totalAfter: available + blocked,
        createdAt: sql`clock_timestamp()`,
      })
      .returning()
    return row!
  }

  return {
    /**
     * Creates the card when it does not exist yet (paired with the client's product of that SKU, if any) and
     * answers it locked FOR UPDATE: concurrent writers of the same card wait for each other.
     */
    async lockOrCreateCard(key: CardKey): Promise<CardRow> {
      await db
        .insert(inventoryCards)
        .values({
          ...key,
          productId: sql`(select ${products.id} from ${products} where ${products.businessclientId} = ${key.businessclientId} and ${products.sku} = ${key.sku})`,
        })
        .onConflictDoNothing({
          target: [inventoryCards.warehouseId, inventoryCards.businessclientId, inventoryCards.sku],
        })
      const [card] = await db
        .select()
        .from(inventoryCards)
        .where(
          and(
            eq(inventoryCards.warehouseId, key.warehouseId),
            eq(inventoryCards.businessclientId, key.businessclientId),
            eq(inventoryCards.sku, key.sku),
          ),
        )
        .for('update')
      return card!
    },

    /** A card by id (any business client: the caller has already checked the scope), locked FOR UPDATE. */
    async lockCardById(id: string): Promise<CardRow | undefined> {
      const [card] = await db.select().from(inventoryCards).where(eq(inventoryCards.id, id)).for('update')
      return card
    },

    /** A card by id within the scope, locked FOR UPDATE. */
    async lockCard(scope: TenantScope, id: string): Promise<CardRow | undefined> {
      const [card] = await db
        .select()
        .from(inventoryCards)
        .where(and(eq(inventoryCards.id, id), tenantCondition(scope, inventoryCards.businessclientId)))
        .for('update')
      return card
    },

    /** Applies a movement to a locked card: the new available balance, then its ledger row. */
    async applyMovement(
      card: CardRow,
      movement: NewMovement,
      cardFields: { description?: string; inhousePosition?: string } = {},
    ): Promise<{ card: CardRow; movement: MovementRow }> {
      const available = card.available + movement.quantity
      const [updated] = await db
        .update(inventoryCards)
        .set({
          available,
          ...(cardFields.description ? { description: cardFields.description } : {}),
          ...(cardFields.inhousePosition ? { inhousePosition: cardFields.inhousePosition } : {}),
        })
        .where(eq(inventoryCards.id, card.id))
        .returning()
      return { card: updated!, movement: await insertMovement(card.id, movement, available, card.blocked) }
    },

    /**
     * An outbound movement of blocked stock (shipping) on a locked card: `movement.quantity` (negative) comes
     * off the blocked balance; the available balance, and so quantity_available, stays as it was.
     */
    async applyBlockedOutbound(
      card: CardRow,
      movement: NewMovement,
    ): Promise<{ card: CardRow; movement: MovementRow }> {
      const blocked = card.blocked + movement.quantity
      const [updated] = await db
        .update(inventoryCards)
        .set({ blocked })
        .where(eq(inventoryCards.id, card.id))
        .returning()
      return { card: updated!, movement: await insertMovement(card.id, movement, card.available, blocked) }
    },

    /** Pairs a card with a product (its movements follow: they belong to the card). */
    async setProduct(cardId: string, productId: string): Promise<void> {
      await db.update(inventoryCards).set({ productId }).where(eq(inventoryCards.id, cardId))
      await db.update(goodsReceived).set({ productId }).where(eq(goodsReceived.inventoryCardId, cardId))
    },

    /** The product's id when it exists, belongs to `businessclientId` and is inside the scope. */
    async findProductId(
      scope: TenantScope,
      productId: string,
      businessclientId?: string,
    ): Promise<string | undefined> {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.id, productId),
            tenantCondition(scope, products.businessclientId),
            businessclientId ? eq(products.businessclientId, businessclientId) : undefined,
          ),
        )
      return row?.id
    },
  }
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>
