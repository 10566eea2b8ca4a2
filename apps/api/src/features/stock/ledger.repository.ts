import { and, asc, eq, gte, sql } from 'drizzle-orm'
import {
  goodsReceived,
  inventoryCards,
  locationStock,
  products,
  stockMovements,
  warehouseLocations,
} from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import { invalid } from '../../platform/http/app-error.ts'
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
  triggredBy: 'Inboundshipment' | 'Order' | 'Adjustment' | 'Return' | 'Move'
  /** Where the goods come in or go out; its balance of the card moves with the row. */
  locationId: string
  actionSourceId: string | null
  actionSourceRef: string
  description: string
  createdBy: string | null
}

/** The write side of the ledger: cards locked row by row, balances and movements written together. */
export function createLedgerRepository(db: DbOrTx) {
  /**
   * The card's balance at a location moves by `delta`, under the card's row lock (so two writers of the same
   * card never interleave here). Taking more than lies there is refused; a row that reaches zero is removed.
   */
  async function shiftLocation(locationId: string, cardId: string, delta: number): Promise<void> {
    if (delta > 0) {
      await db
        .insert(locationStock)
        .values({ locationId, inventoryCardId: cardId, quantity: delta })
        .onConflictDoUpdate({
          target: [locationStock.locationId, locationStock.inventoryCardId],
          set: { quantity: sql`${locationStock.quantity} + ${delta}` },
        })
      return
    }
    if (delta === 0) return
    const at = and(eq(locationStock.locationId, locationId), eq(locationStock.inventoryCardId, cardId))
    const [left] = await db
      .update(locationStock)
      .set({ quantity: sql`${locationStock.quantity} - ${-delta}` })
      .where(and(at, gte(locationStock.quantity, -delta)))
      .returning({ quantity: locationStock.quantity })
    if (!left) throw invalid('quantity', 'is more than lies at the location')
    if (left.quantity === 0) await db.delete(locationStock).where(at)
  }

  /**
   * The ledger row of a movement on a locked card, carrying the card's balances after it, and the location's
   * balance moved with it. clock_timestamp(), read after the lock, keeps createdAt in lock order per card.
   */
  async function insertMovement(
    cardId: string,
    movement: NewMovement,
    available: number,
    blocked: number,
  ): Promise<MovementRow> {
    await shiftLocation(movement.locationId, cardId, movement.quantity)
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

    /**
     * A move between two locations of the card's warehouse: a pair of 'Move' rows (out of `from`, into `to`)
     * that nets zero, so both carry the card's balances unchanged (available and blocked are reservations, not
     * places). Answers the incoming row.
     */
    async applyMove(
      card: CardRow,
      move: { from: string; to: string; quantity: number; description: string; createdBy: string | null },
    ): Promise<MovementRow> {
      const row = {
        quantityDamaged: 0,
        triggredBy: 'Move' as const,
        actionSourceId: null,
        actionSourceRef: '',
        description: move.description,
        createdBy: move.createdBy,
      }
      await insertMovement(
        card.id,
        { ...row, quantity: -move.quantity, locationId: move.from },
        card.available,
        card.blocked,
      )
      return insertMovement(
        card.id,
        { ...row, quantity: move.quantity, locationId: move.to },
        card.available,
        card.blocked,
      )
    },

    /** The warehouse's receiving location, created on first use (the migration made one per warehouse). */
    async receivingLocation(warehouseId: string): Promise<string> {
      const receiving = and(
        eq(warehouseLocations.warehouseId, warehouseId),
        eq(warehouseLocations.kind, 'receiving'),
      )
      const [found] = await db.select({ id: warehouseLocations.id }).from(warehouseLocations).where(receiving)
      if (found) return found.id
      await db
        .insert(warehouseLocations)
        .values({ warehouseId, code: 'RECEIVING', zone: 'RECEIVING', kind: 'receiving' })
        .onConflictDoNothing()
      const [created] = await db
        .select({ id: warehouseLocations.id })
        .from(warehouseLocations)
        .where(receiving)
      return created!.id
    },

    /** Units of a card lying at a location. */
    async quantityAt(locationId: string, cardId: string): Promise<number> {
      const [row] = await db
        .select({ quantity: locationStock.quantity })
        .from(locationStock)
        .where(and(eq(locationStock.locationId, locationId), eq(locationStock.inventoryCardId, cardId)))
      return row?.quantity ?? 0
    },

    /** A location's warehouse, kind and state; undefined when there is no such location. */
    async location(id: string) {
      const [row] = await db
        .select({
          id: warehouseLocations.id,
          warehouseId: warehouseLocations.warehouseId,
          kind: warehouseLocations.kind,
          active: warehouseLocations.active,
        })
        .from(warehouseLocations)
        .where(eq(warehouseLocations.id, id))
      return row
    },

    /** Where a card's goods lie, in the order outbound stock is taken: storage on the pick path, receiving last. */
    async placesOf(cardId: string): Promise<{ locationId: string; quantity: number }[]> {
      return db
        .select({ locationId: locationStock.locationId, quantity: locationStock.quantity })
        .from(locationStock)
        .innerJoin(warehouseLocations, eq(warehouseLocations.id, locationStock.locationId))
        .where(eq(locationStock.inventoryCardId, cardId))
        .orderBy(
          // Storage first, then receiving, then packing (picked goods wait there for their own order).
          sql`case ${warehouseLocations.kind} when 'storage' then 0 when 'receiving' then 1 else 2 end`,
          asc(warehouseLocations.pickOrder),
          asc(warehouseLocations.code),
        )
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
