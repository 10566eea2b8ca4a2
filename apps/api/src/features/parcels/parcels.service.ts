import type { InboundParcelDetails, ParcelInput, ParcelListQuery } from '@expedo/domain'
import type { Db, DbOrTx } from '../../platform/db/database.ts'
import { pageOf } from '../../platform/db/paging.ts'
import { AppError, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { recordMovement } from '../stock/index.ts'
import { toInboundParcel, toParcelDetails } from './parcels.mapper.ts'
import { createParcelsRepository, type ParcelRow } from './parcels.repository.ts'

/** Stock of these SKUs came back for a business client (after the commit): wired in app.ts to allocation. */
export type ParcelStockArrived = (arrival: {
  businessclientId: string
  skus: string[]
  by: { userId: string; username: string }
}) => Promise<unknown>

export function createParcelsService(deps: { db: Db; onStockArrived?: ParcelStockArrived }) {
  const { db } = deps
  const repo = createParcelsRepository(db)

  async function details(auth: AuthContext, id: string, on: DbOrTx = db): Promise<InboundParcelDetails> {
    const r = createParcelsRepository(on)
    const row = await r.find(auth.scope, id)
    if (!row) throw notFound('Parcel')
    return toParcelDetails(row, await r.items(id), await r.photos(id), await r.people(id))
  }

  /** Checks the input against the database: the order (by id or tracking id), warehouse, products, photos. */
  async function resolve(auth: AuthContext, input: ParcelInput, on: DbOrTx) {
    const r = createParcelsRepository(on)
    const order = await r.findOrder({ id: input.order, trackingId: input.trackingId })
    if (!order) {
      if (input.order) throw invalid('order', 'does not exist')
      throw invalid('trackingId', 'matches no order')
    }
    if (!(await r.warehouseExists(input.warehouse))) throw invalid('warehouse', 'does not exist')
    const owned = await r.productsOf(
      order.businessclientId,
      input.items.map((i) => i.product),
    )
    const foreign = input.items.findIndex((i) => !owned.has(i.product))
    if (foreign >= 0) {
      throw invalid(`items.${foreign}.product`, "must be a product of the order's business client")
    }
    const usable = await r.usableFiles(auth.scope, input.photos)
    if (input.photos.some((id) => !usable.has(id))) {
      throw invalid('photos', 'must be registered files (POST /api/files/create)')
    }
    return {
      orderId: order.id,
      businessclientId: order.businessclientId,
      trackingId: input.trackingId || order.trackingId,
    }
  }

  /** Locks a parcel for a change; a processed one refuses it (409). */
  async function lockNew(auth: AuthContext, id: string, on: DbOrTx): Promise<ParcelRow> {
    const parcel = await createParcelsRepository(on).lock(auth.scope, id)
    if (!parcel) throw notFound('Parcel')
    if (parcel.status === 'Processed') {
      throw new AppError('INVALID_TRANSITION', `Parcel ${parcel.parcelNr} is already processed`)
    }
    return parcel
  }

  return {
    async list(auth: AuthContext, query: ParcelListQuery) {
      const { list, ...total } = await repo.list(auth.scope, query, pageOf(query))
      return { list: list.map(toInboundParcel), ...total }
    },

    get: (auth: AuthContext, id: string) => details(auth, id),

    async lookupOrder(term: string) {
      const found = await repo.lookupOrders(term)
      return found.map((o) => ({
        _id: o.id,
        clientOrderNr: o.clientOrderNr,
        trackingId: o.trackingId,
        status: o.status,
        businessclient: { _id: o.businessclientId, name: o.businessclientName },
        items: o.lines.map((l) => ({
          product: l.productId
            ? { _id: l.productId, name: l.productName ?? l.name, sku: l.productSku ?? l.sku }
            : null,
          sku: l.sku,
          name: l.name,
          quantity: l.quantity,
        })),
      }))
    },

    // Each change answers the parcel as its transaction leaves it, read on its connection (read after the
    // commit on another one, a busy pool turned done work into a 503).
    create(auth: AuthContext, input: ParcelInput) {
      return db.transaction(async (tx) => {
        const found = await resolve(auth, input, tx)
        const r = createParcelsRepository(tx)
        const row = await r.insert({
          ...found,
          warehouseId: input.warehouse,
          condition: input.condition,
          note: input.note,
          status: 'New',
          createdBy: auth.userId,
        })
        await r.replaceContents(row.id, input.items, input.photos)
        return details(auth, row.id, tx)
      })
    },

    update(auth: AuthContext, id: string, input: ParcelInput) {
      return db.transaction(async (tx) => {
        await lockNew(auth, id, tx)
        const found = await resolve(auth, input, tx)
        const r = createParcelsRepository(tx)
        await r.update(id, {
          ...found,
          warehouseId: input.warehouse,
          condition: input.condition,
          note: input.note,
        })
        await r.replaceContents(id, input.items, input.photos)
        return details(auth, id, tx)
      })
    },

    /**
     * Puts every item back on stock in the parcel's warehouse, in one transaction with the parcel locked:
     * an available item adds to the card's available balance, a damaged one is recorded on the ledger as
     * quantity_damaged (the ledger's notion of damaged: recorded, not stocked). Both with triggredBy 'Return'.
     * A second call waits for the lock, then finds the parcel Processed: 409, no second movement.
     */
    async process(auth: AuthContext, id: string) {
      const arrived = await db.transaction(async (tx) => {
        const parcel = await lockNew(auth, id, tx)
        const r = createParcelsRepository(tx)
        const items = await r.items(id)
        // Cards are locked in SKU order, so two parcels of the same products never wait on each other crosswise.
        const ordered = [...items].sort((x, y) => (x.sku < y.sku ? -1 : x.sku > y.sku ? 1 : 0))
        for (const item of ordered) {
          const damaged = item.condition === 'damaged'
          const { movementId } = await recordMovement(tx, {
            warehouseId: parcel.warehouseId,
            businessclientId: parcel.businessclientId,
            sku: item.sku,
            quantity: damaged ? 0 : item.quantity,
            quantityDamaged: damaged ? item.quantity : 0,
            triggredBy: 'Return',
            actionSource: { id: parcel.id, ref: parcel.parcelNr },
            // Trigger 'Return', the parcel as its source and the damaged quantity say it, in the reader's
            // language on screen: no English sentence is stored.
            description: '',
            createdBy: auth.userId,
          })
          await r.setItemMovement(item.id, movementId)
        }
        await r.update(id, { status: 'Processed', processedAt: new Date(), processedBy: auth.userId })
        return {
          businessclientId: parcel.businessclientId,
          skus: [...new Set(items.filter((i) => i.condition === 'available').map((i) => i.sku))],
          answer: await details(auth, id, tx),
        }
      })
      if (arrived.skus.length) {
        await deps.onStockArrived?.({
          businessclientId: arrived.businessclientId,
          skus: arrived.skus,
          by: auth,
        })
      }
      return arrived.answer
    },

    /** The order's latest parcel; 404 for an order outside the scope, or one without a parcel. */
    async forOrder(auth: AuthContext, orderId: string) {
      if (!(await repo.orderInScope(auth.scope, orderId))) throw notFound('Order')
      // An order without a returned parcel is the usual case, not an error (the order detail asks on every load).
      const row = await repo.latestOfOrder(orderId)
      return row ? toInboundParcel(row) : null
    },
  }
}
export type ParcelsService = ReturnType<typeof createParcelsService>
