import type {
  AdjustBodySchema,
  InventoryCard,
  ProductMovementsBodySchema,
  StockAtDateBodySchema,
  StockExportBodySchema,
  StockListBodySchema,
} from '@expedo/domain'
import type { z } from 'zod'
import type { Db, DbOrTx } from '../../platform/db/database.ts'
import { invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { createLedgerRepository } from './ledger.repository.ts'
import { applyAtPlaces } from './record-movement.ts'
import { toDatedStockRow, toInventoryCard, toMovement, toStockRow } from './stock.mapper.ts'
import { createStockQueriesRepository } from './stock-queries.repository.ts'

type Body<S extends z.ZodType> = z.infer<S>

/**
 * Stock of these SKUs became available for a business client (a positive adjustment, after it committed):
 * the orders feature retries allocation of its No goods orders (wired in app.ts).
 */
export type StockAvailable = (arrival: {
  businessclientId: string
  skus: string[]
  by: { userId: string; username: string }
}) => Promise<unknown>

export function createStockService(deps: { db: Db; onStockAvailable?: StockAvailable }) {
  const { db } = deps
  const queries = createStockQueriesRepository(db)

  async function cardOrNotFound(auth: AuthContext, id: string, on: DbOrTx = db): Promise<InventoryCard> {
    const row = await createStockQueriesRepository(on).card(auth.scope, id)
    if (!row) throw notFound('Inventory card')
    return toInventoryCard(row)
  }

  return {
    async warehouses(searchTerm?: string, id?: string) {
      const rows = await queries.warehouses(searchTerm, id)
      return rows.map((w) => ({ _id: w.id, name: w.name, country: w.country }))
    },

    async companies() {
      const rows = await queries.companies()
      return rows.map((c) => ({ _id: c.id, name: c.name, country: c.country }))
    },

    async list(auth: AuthContext, body: Body<typeof StockListBodySchema>) {
      const { list, totals } = await queries.list(auth.scope, body.filters, body, body)
      return {
        list: list.map(toStockRow),
        total: totals.n,
        totals: {
          available: totals.available ?? 0,
          blocked: totals.blocked ?? 0,
          total: (totals.available ?? 0) + (totals.blocked ?? 0),
        },
      }
    },

    async atDate(auth: AuthContext, body: Body<typeof StockAtDateBodySchema>) {
      const filters = {
        warehouse: body.warehouse,
        product: body.products,
        sku: body.sku,
        businessclient: body.businessclient,
      }
      const { list, total } = await queries.atDate(auth.scope, filters, body.atDate, body)
      return { atDate: body.atDate.toISOString(), total, list: list.map(toDatedStockRow) }
    },

    /** Batches of stock rows for the export: today's balances, or those at `atDate` (the list's beta date). */
    exportRows(auth: AuthContext, body: Body<typeof StockExportBodySchema>) {
      const { atDate } = body
      const batches = queries.cursor(auth.scope, body.filters, atDate ? { atDate } : {})
      return (async function* () {
        for await (const batch of batches) yield batch.map(atDate ? toDatedStockRow : toStockRow)
      })()
    },

    async cards(auth: AuthContext, warehouseId: string, sku: string) {
      const rows = await queries.cardsOf(auth.scope, warehouseId, sku)
      if (!rows.length) throw notFound('Inventory card')
      return rows.map(toInventoryCard)
    },

    async movements(auth: AuthContext, warehouseId: string, sku: string, skip: number, limit: number) {
      if (!(await queries.cardsOf(auth.scope, warehouseId, sku)).length) throw notFound('Inventory card')
      const { list, ...total } = await queries.cardMovements(auth.scope, warehouseId, sku, skip, limit)
      return { list: list.map(toMovement), ...total }
    },

    async productMovements(
      auth: AuthContext,
      productId: string,
      body: Body<typeof ProductMovementsBodySchema>,
    ) {
      if (!(await createLedgerRepository(db).findProductId(auth.scope, productId))) throw notFound('Product')
      const limit = body.itemsPerPage === 0 ? 100_000 : body.itemsPerPage
      const skip = body.itemsPerPage === 0 ? 0 : (body.currentPage - 1) * body.itemsPerPage
      const { list, ...total } = await queries.productMovements(auth.scope, productId, body, skip, limit)
      return { list: list.map(toMovement), ...total }
    },

    /**
     * An operator's correction: a new 'Adjustment' movement with the reason as its description. Answers the
     * movement and card as its transaction wrote them, read on its connection (after the commit, a busy pool
     * turned a done adjustment into a 503); added stock's card is read again after the allocation retry
     * when a connection is free, as it may have reserved some.
     */
    async adjust(auth: AuthContext, cardId: string, body: Body<typeof AdjustBodySchema>) {
      const { businessclientId, sku, answer } = await db.transaction(async (tx) => {
        const ledger = createLedgerRepository(tx)
        const card = await ledger.lockCard(auth.scope, cardId)
        if (!card) throw notFound('Inventory card')
        if (card.available + body.quantity < 0) {
          throw invalid('quantity', `would take available stock below zero (available ${card.available})`)
        }
        const written = await applyAtPlaces(
          ledger,
          card,
          {
            quantity: body.quantity,
            quantityDamaged: 0,
            triggredBy: 'Adjustment',
            actionSourceId: null,
            actionSourceRef: '',
            description: body.reason,
            createdBy: auth.userId,
          },
          body.location,
        )
        const after = await cardOrNotFound(auth, cardId, tx)
        const { list } = await createStockQueriesRepository(tx).cardMovements(
          auth.scope,
          after.warehouse._id,
          after.sku,
          0,
          1,
        )
        const movement = list.find((m) => m.id === written.movementId) ?? list[0]!
        return {
          businessclientId: card.businessclientId,
          sku: card.sku,
          answer: { card: after, movement: toMovement(movement) },
        }
      })
      if (body.quantity <= 0) return answer
      await deps.onStockAvailable?.({ businessclientId, skus: [sku], by: auth })
      const card = await cardOrNotFound(auth, cardId).catch(() => answer.card)
      return { ...answer, card }
    },

    async unpaired(
      auth: AuthContext,
      query: {
        businessclient?: string | undefined
        warehouse?: string | undefined
        sku?: string | undefined
      },
    ) {
      const rows = await queries.unpaired(auth.scope, query)
      return { list: rows.map(toInventoryCard), total: rows.length }
    },

    /** Pairs unpaired goods with a product of the same business client. */
    pair(auth: AuthContext, cardId: string, productId: string) {
      return db.transaction(async (tx) => {
        const ledger = createLedgerRepository(tx)
        const card = await ledger.lockCard(auth.scope, cardId)
        if (!card) throw notFound('Inventory card')
        if (card.productId) throw invalid('product', 'the goods are already paired')
        const product = await ledger.findProductId(auth.scope, productId, card.businessclientId)
        if (!product) throw invalid('product', "must be a product of the goods' business client")
        await ledger.setProduct(card.id, product)
        return cardOrNotFound(auth, cardId, tx)
      })
    },
  }
}
export type StockService = ReturnType<typeof createStockService>
