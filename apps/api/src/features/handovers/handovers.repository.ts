import { HANDOVER_PARCEL_CAP } from '@expedo/domain'
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import {
  businessClients,
  courierLabels,
  couriers,
  handoverParcels,
  handovers,
  orders,
  warehouses,
} from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'

export type HandoverRow = typeof handovers.$inferSelect

/** A parcel's boxes and weight as its label declared them (label-request.ts: 1 box, 1 kg when unknown). */
const boxes = sql<number>`coalesce(${orders.parcels}, 1)`
const grams = sql<number>`coalesce(${orders.shippingWeight}, 1000)`
/** The COD the label collects (label-request.ts): only a COD order's positive amount. */
const codAmount = sql<string>`case when ${orders.codApply} and ${orders.codAmount} > 0 then ${orders.codAmount} else 0 end`

/**
 * Ready: a Packed order with a created label, on no active handover row. The orders' own columns say the
 * warehouse and courier; an order without either is on no manifest.
 */
const readyCondition = and(
  eq(orders.status, 'Packed'),
  eq(courierLabels.status, 'created'),
  sql`${orders.warehouseId} is not null and ${orders.courierId} is not null`,
  sql`not exists (select 1 from ${handoverParcels} hp where hp.order_id = ${orders.id} and hp.active)`,
)

/** Totals of a set of orders by the country their COD is collected in (its currency is the domain's). */
export interface CountryTotals {
  country: string
  orders: number
  scanned: number
  parcels: number
  weightGrams: number
  cod: string
}

export interface ParcelRow {
  orderId: string
  internalNumericId: number
  clientOrderNr: string
  status: string
  businessclientId: string
  businessclientName: string
  shipToClient: { firstName?: string; lastName?: string; companyName?: string }
  shipToCity: string
  shipToCountry: string
  trackingId: string
  parcels: number
  weightGrams: number
  cod: string
  scannedAt: Date | null
  scannedByName: string | null
}

const parcelColumns = {
  orderId: orders.id,
  internalNumericId: orders.internalNumericId,
  clientOrderNr: orders.clientOrderNr,
  status: orders.status,
  businessclientId: orders.businessclientId,
  businessclientName: businessClients.name,
  shipToClient: orders.shipToClient,
  shipToCity: orders.shipToCity,
  shipToCountry: orders.shipToCountry,
  trackingId: sql<string>`coalesce(nullif(${courierLabels.trackingId}, ''), ${orders.trackingId})`,
  parcels: sql<number>`${boxes}::int`,
  weightGrams: sql<number>`${grams}::int`,
  cod: sql<string>`(${codAmount})::text`,
  scannedAt: handoverParcels.scannedAt,
  scannedByName: handoverParcels.scannedByName,
}

export function createHandoversRepository(db: DbOrTx) {
  return {
    /** Ready orders' totals per warehouse × courier × ship-to country. */
    async readyTotals(warehouseId?: string) {
      return db
        .select({
          warehouseId: sql<string>`${orders.warehouseId}`,
          warehouseName: warehouses.name,
          courierId: sql<string>`${orders.courierId}`,
          courierName: couriers.name,
          country: orders.shipToCountry,
          orders: sql<number>`count(*)::int`,
          parcels: sql<number>`sum(${boxes})::int`,
          weightGrams: sql<number>`sum(${grams})::int`,
          cod: sql<string>`sum(${codAmount})::text`,
        })
        .from(orders)
        .innerJoin(courierLabels, eq(courierLabels.orderId, orders.id))
        .innerJoin(warehouses, eq(warehouses.id, orders.warehouseId))
        .innerJoin(couriers, eq(couriers.id, orders.courierId))
        .where(and(readyCondition, warehouseId ? eq(orders.warehouseId, warehouseId) : undefined))
        .groupBy(orders.warehouseId, warehouses.name, orders.courierId, couriers.name, orders.shipToCountry)
    },

    /**
     * The ready orders of a warehouse's courier (or of those among `orderIds`), locked in id order: two
     * creates over the same orders take them one after the other. At most a manifest's worth (the oldest).
     */
    async lockReady(warehouseId: string, courierId: string, orderIds?: string[]) {
      return db
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(courierLabels, eq(courierLabels.orderId, orders.id))
        .where(
          and(
            readyCondition,
            eq(orders.warehouseId, warehouseId),
            eq(orders.courierId, courierId),
            orderIds ? inArray(orders.id, orderIds) : undefined,
          ),
        )
        .orderBy(asc(orders.id))
        .limit(HANDOVER_PARCEL_CAP)
        .for('update', { of: orders })
    },

    /** The listed orders' numbers and where they stand (to name one that is not ready). */
    async describeOrders(orderIds: string[]) {
      return db
        .select({
          id: orders.id,
          internalNumericId: orders.internalNumericId,
          status: orders.status,
          warehouseId: orders.warehouseId,
          courierId: orders.courierId,
          label: courierLabels.status,
        })
        .from(orders)
        .leftJoin(courierLabels, eq(courierLabels.orderId, orders.id))
        .where(inArray(orders.id, orderIds))
    },

    async insertHandover(values: typeof handovers.$inferInsert): Promise<HandoverRow> {
      const [row] = await db.insert(handovers).values(values).returning()
      return row!
    },

    /**
     * The orders put on the handover; an order another handover holds already (the partial unique index
     * `handover_parcels_active_idx`) is skipped. Answers the orders that went on.
     */
    async insertParcels(handoverId: string, orderIds: string[]): Promise<string[]> {
      const added: string[] = []
      for (let i = 0; i < orderIds.length; i += 1000) {
        const rows = await db
          .insert(handoverParcels)
          .values(orderIds.slice(i, i + 1000).map((orderId) => ({ handoverId, orderId })))
          .onConflictDoNothing({ target: handoverParcels.orderId, where: sql`active` })
          .returning({ orderId: handoverParcels.orderId })
        added.push(...rows.map((r) => r.orderId))
      }
      return added
    },

    async find(id: string) {
      const [row] = await db
        .select({ handover: handovers, warehouse: warehouses, courier: couriers.name })
        .from(handovers)
        .innerJoin(warehouses, eq(warehouses.id, handovers.warehouseId))
        .innerJoin(couriers, eq(couriers.id, handovers.courierId))
        .where(eq(handovers.id, id))
      return row
    },

    /** The handover row locked (a confirm, a cancel, a scan's change wait for each other). */
    async lock(id: string): Promise<HandoverRow | undefined> {
      const [row] = await db.select().from(handovers).where(eq(handovers.id, id)).for('update')
      return row
    },

    async update(id: string, values: Partial<typeof handovers.$inferInsert>): Promise<void> {
      await db.update(handovers).set(values).where(eq(handovers.id, id))
    },

    /** A page of handovers, newest first, with their warehouse's and courier's names. */
    async list(
      filters: { warehouse?: string; courier?: string; status?: string },
      limit: number,
      offset: number,
    ) {
      const where: SQL | undefined = and(
        filters.warehouse ? eq(handovers.warehouseId, filters.warehouse) : undefined,
        filters.courier ? eq(handovers.courierId, filters.courier) : undefined,
        filters.status ? eq(handovers.status, filters.status) : undefined,
      )
      const [rows, [count]] = await Promise.all([
        db
          .select({ handover: handovers, warehouse: warehouses, courier: couriers.name })
          .from(handovers)
          .innerJoin(warehouses, eq(warehouses.id, handovers.warehouseId))
          .innerJoin(couriers, eq(couriers.id, handovers.courierId))
          .where(where)
          .orderBy(desc(handovers.createdAt), desc(handovers.number))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(handovers).where(where),
      ])
      return { rows, total: count?.n ?? 0 }
    },

    /** Totals of the handovers' parcels still on their manifests, per handover and ship-to country. */
    async totals(handoverIds: string[]) {
      if (!handoverIds.length) return []
      return db
        .select({
          handoverId: handoverParcels.handoverId,
          country: orders.shipToCountry,
          orders: sql<number>`count(*)::int`,
          scanned: sql<number>`count(${handoverParcels.scannedAt})::int`,
          parcels: sql<number>`sum(${boxes})::int`,
          weightGrams: sql<number>`sum(${grams})::int`,
          cod: sql<string>`sum(${codAmount})::text`,
        })
        .from(handoverParcels)
        .innerJoin(orders, eq(orders.id, handoverParcels.orderId))
        .where(and(inArray(handoverParcels.handoverId, handoverIds), isNull(handoverParcels.removedAt)))
        .groupBy(handoverParcels.handoverId, orders.shipToCountry)
    },

    /** The parcels on the manifest (not removed), by order number. */
    async parcels(handoverId: string): Promise<ParcelRow[]> {
      const rows = await db
        .select(parcelColumns)
        .from(handoverParcels)
        .innerJoin(orders, eq(orders.id, handoverParcels.orderId))
        .innerJoin(businessClients, eq(businessClients.id, orders.businessclientId))
        .leftJoin(courierLabels, eq(courierLabels.orderId, orders.id))
        .where(and(eq(handoverParcels.handoverId, handoverId), isNull(handoverParcels.removedAt)))
        .orderBy(asc(orders.internalNumericId))
      return rows as ParcelRow[]
    },

    /** The active rows' orders (on the manifest of an open handover), with AWB, boxes and weight. */
    async activeParcels(handoverId: string) {
      return db
        .select({
          orderId: handoverParcels.orderId,
          trackingId: parcelColumns.trackingId,
          parcels: parcelColumns.parcels,
          weightGrams: parcelColumns.weightGrams,
        })
        .from(handoverParcels)
        .innerJoin(orders, eq(orders.id, handoverParcels.orderId))
        .leftJoin(courierLabels, eq(courierLabels.orderId, orders.id))
        .where(and(eq(handoverParcels.handoverId, handoverId), eq(handoverParcels.active, true)))
        .orderBy(asc(orders.id))
    },

    /**
     * Where a scanned code leads: the orders whose AWB it is, or whose internal number it is, each with the
     * open handover holding it (if any) and that handover's courier.
     */
    async ordersByCode(code: { trackingId: string; internalNumericId: number | null }) {
      // The label job writes the AWB onto the order too: its partial index (tracking_id <> '') finds it.
      const match = or(
        and(eq(orders.trackingId, code.trackingId), sql`${orders.trackingId} <> ''`),
        code.internalNumericId !== null ? eq(orders.internalNumericId, code.internalNumericId) : undefined,
      )
      return db
        .select({
          orderId: orders.id,
          internalNumericId: orders.internalNumericId,
          trackingId: parcelColumns.trackingId,
          byAwb: sql<boolean>`${orders.trackingId} = ${code.trackingId}`,
          handoverId: handoverParcels.handoverId,
          handoverNumber: handovers.number,
          handoverCourier: couriers.name,
        })
        .from(orders)
        .leftJoin(courierLabels, eq(courierLabels.orderId, orders.id))
        .leftJoin(
          handoverParcels,
          and(eq(handoverParcels.orderId, orders.id), eq(handoverParcels.active, true)),
        )
        .leftJoin(handovers, eq(handovers.id, handoverParcels.handoverId))
        .leftJoin(couriers, eq(couriers.id, handovers.courierId))
        .where(match)
        .limit(20)
    },

    /** Marks the parcel scanned unless it was: answers whether this call marked it. */
    async markScanned(handoverId: string, orderId: string, by: string): Promise<boolean> {
      const rows = await db
        .update(handoverParcels)
        .set({ scannedAt: sql`now()`, scannedByName: by })
        .where(
          and(
            eq(handoverParcels.handoverId, handoverId),
            eq(handoverParcels.orderId, orderId),
            eq(handoverParcels.active, true),
            isNull(handoverParcels.scannedAt),
          ),
        )
        .returning({ orderId: handoverParcels.orderId })
      return rows.length > 0
    },

    /** Takes an order off the manifest: answers false when it was not on it. */
    async removeParcel(handoverId: string, orderId: string): Promise<boolean> {
      const rows = await db
        .update(handoverParcels)
        .set({ active: false, removedAt: sql`now()` })
        .where(
          and(
            eq(handoverParcels.handoverId, handoverId),
            eq(handoverParcels.orderId, orderId),
            eq(handoverParcels.active, true),
          ),
        )
        .returning({ orderId: handoverParcels.orderId })
      return rows.length > 0
    },

    /** Every active row of the handover inactive (cancelled or handed over; the rows stay listed). */
    async deactivate(handoverId: string): Promise<void> {
      await db
        .update(handoverParcels)
        .set({ active: false })
        .where(and(eq(handoverParcels.handoverId, handoverId), eq(handoverParcels.active, true)))
    },

    /** The orders on the handover's active rows, locked in id order (as the order flow locks them). */
    async lockActiveOrders(handoverId: string) {
      return db
        .select()
        .from(orders)
        .where(
          sql`${orders.id} in (select order_id from ${handoverParcels} where handover_id = ${handoverId} and active)`,
        )
        .orderBy(asc(orders.id))
        .for('update')
    },

    /** Open handovers whose courier pickup is booked and not yet over, oldest check first. */
    async pickupsToTrack(limit: number) {
      return db
        .select({ id: handovers.id, requestId: handovers.pickupRequestId, courier: couriers.name })
        .from(handovers)
        .innerJoin(couriers, eq(couriers.id, handovers.courierId))
        .where(and(eq(handovers.status, 'open'), inArray(handovers.pickupStatus, ['requested', 'accepted'])))
        .orderBy(sql`${handovers.pickupCheckedAt} asc nulls first`, asc(handovers.id))
        .limit(limit)
    },

    async courierName(courierId: string): Promise<string | undefined> {
      const [row] = await db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, courierId))
      return row?.name
    },
  }
}
