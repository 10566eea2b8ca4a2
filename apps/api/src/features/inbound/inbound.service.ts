import type {
  CreateInboundBody,
  GoodsReceivedBody,
  InboundListBodySchema,
  InboundShipmentDetails,
} from '@expedo/domain'
import type { z } from 'zod'
import type { Db, DbOrTx } from '../../platform/db/database.ts'
import { AppError, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { recordGoodsReceived } from '../services/index.ts'
import { recordMovement } from '../stock/index.ts'
import { shortId, toInboundDetails, toInboundShipment } from './inbound.mapper.ts'
import { createInboundRepository, type InboundFilters } from './inbound.repository.ts'

const decimal = (v: number | null | undefined) => (v === undefined || v === null ? null : String(v))

/**
 * Stock of these SKUs has arrived for a business client (after the receipt committed): the orders feature
 * retries allocation of its No goods orders (wired in app.ts; inbound does not know orders).
 */
export type StockArrived = (arrival: {
  businessclientId: string
  skus: string[]
  by: { userId: string; username: string }
}) => Promise<unknown>

export function createInboundService(deps: { db: Db; onStockArrived?: StockArrived }) {
  const { db } = deps
  const repo = createInboundRepository(db)

  async function details(auth: AuthContext, id: string, on: DbOrTx = db): Promise<InboundShipmentDetails> {
    const r = createInboundRepository(on)
    const row = await r.find(auth.scope, id)
    if (!row) throw notFound('Inbound shipment')
    return toInboundDetails(row, await r.photos(id), await r.goods(id))
  }

  async function checkPhotos(auth: AuthContext, ids: string[], on: DbOrTx) {
    const usable = new Set(await createInboundRepository(on).usableFiles(auth.scope, ids))
    if (ids.some((id) => !usable.has(id)))
      throw invalid('photos', 'must be registered files (POST /api/files/create)')
  }

  /** Locks an open shipment for a change; a processed one refuses it. */
  async function lockOpen(auth: AuthContext, id: string, on: DbOrTx) {
    const shipment = await createInboundRepository(on).lock(auth.scope, id)
    if (!shipment) throw notFound('Inbound shipment')
    if (shipment.status === 'Processed') {
      throw new AppError('INVALID_TRANSITION', 'The inbound shipment is already processed')
    }
    return shipment
  }

  return {
    async list(auth: AuthContext, body: z.infer<typeof InboundListBodySchema>) {
      const { list, ...total } = await repo.list(
        auth.scope,
        body.filters,
        body.itemsPerPage,
        body.currentPage,
      )
      return { list: list.map(toInboundShipment), ...total }
    },

    exportRows(auth: AuthContext, filters: InboundFilters) {
      const batches = repo.cursor(auth.scope, filters)
      return (async function* () {
        for await (const batch of batches) yield batch.map(toInboundShipment)
      })()
    },

    get: (auth: AuthContext, id: string) => details(auth, id),

    // Each change answers the shipment as its transaction leaves it, read on its connection (read after the
    // commit on another one, a busy pool turned done work into a 503).
    create(auth: AuthContext, body: CreateInboundBody) {
      return db.transaction(async (tx) => {
        const r = createInboundRepository(tx)
        const exists = await r.referencesExist({
          warehouseId: body.warehouse,
          businessclientId: body.businessclient,
          sellerId: body.seller,
        })
        for (const field of ['warehouse', 'businessclient', 'seller'] as const) {
          if (!exists[field]) throw invalid(field, 'does not exist')
        }
        await checkPhotos(auth, body.photos, tx)
        const row = await r.insert({
          warehouseId: body.warehouse,
          businessclientId: body.businessclient,
          sellerId: body.seller ?? null,
          transporter: body.transporter,
          nrOfPacks: body.nrOfPacks ?? null,
          weightKg: decimal(body.weightKg),
          heightCm: decimal(body.height),
          volumeM3: decimal(body.volume),
          comment: body.comment,
          status: 'New',
          createdBy: auth.userId,
        })
        await r.addPhotos(row.id, body.photos)
        return details(auth, row.id, tx)
      })
    },

    /**
     * One received line, in one transaction with the shipment locked: the card is found or created and
     * locked, the movement written, and the line recorded against both.
     */
    async receive(auth: AuthContext, id: string, line: GoodsReceivedBody) {
      const { businessclientId, answer } = await db.transaction(async (tx) => {
        const shipment = await lockOpen(auth, id, tx)
        const { card, movementId } = await recordMovement(tx, {
          warehouseId: shipment.warehouseId,
          businessclientId: shipment.businessclientId,
          sku: line.sku,
          quantity: line.quantity,
          quantityDamaged: line.quantity_damaged,
          triggredBy: 'Inboundshipment',
          actionSource: { id: shipment.id, ref: shortId(shipment.id) },
          // The trigger and its shipment say where the goods came from (the screens name them in the reader's
          // language): the description is only what the receiver wrote.
          description: line.description ?? '',
          createdBy: auth.userId,
          card: { description: line.description, inhousePosition: line.inhouse_position },
        })
        const r = createInboundRepository(tx)
        const goodsId = await r.insertGoods({
          inboundShipmentId: shipment.id,
          inventoryCardId: card.id,
          productId: card.productId,
          stockMovementId: movementId,
          sku: line.sku,
          quantity: line.quantity,
          quantityDamaged: line.quantity_damaged,
          createdBy: auth.userId,
        })
        // Receiving is billed per unit handled, good and damaged, in the receipt's transaction.
        await recordGoodsReceived(tx, {
          goodsId,
          shipmentId: shipment.id,
          shipmentRef: shortId(shipment.id),
          businessclientId: shipment.businessclientId,
          warehouseId: shipment.warehouseId,
          sku: line.sku,
          units: line.quantity + line.quantity_damaged,
        })
        await r.update(shipment.id, { updatedAt: new Date() })
        return { businessclientId: shipment.businessclientId, answer: await details(auth, id, tx) }
      })
      if (line.quantity > 0) {
        await deps.onStockArrived?.({ businessclientId, skus: [line.sku], by: auth })
      }
      return answer
    },

    addPhotos(auth: AuthContext, id: string, photos: string[]) {
      return db.transaction(async (tx) => {
        const shipment = await createInboundRepository(tx).lock(auth.scope, id)
        if (!shipment) throw notFound('Inbound shipment')
        await checkPhotos(auth, photos, tx)
        await createInboundRepository(tx).addPhotos(id, photos)
        return details(auth, id, tx)
      })
    },

    process(auth: AuthContext, id: string) {
      return db.transaction(async (tx) => {
        await lockOpen(auth, id, tx)
        await createInboundRepository(tx).update(id, { status: 'Processed', processedAt: new Date() })
        return details(auth, id, tx)
      })
    },
  }
}
export type InboundService = ReturnType<typeof createInboundService>
