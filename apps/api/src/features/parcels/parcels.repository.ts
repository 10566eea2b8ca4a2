import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  businessClients,
  files,
  inboundParcelItems,
  inboundParcelPhotos,
  inboundParcels,
  orderItems,
  orders,
  products,
  users,
  warehouses,
} from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { containsPattern } from '../../platform/db/like.ts'
import { cappedCountOf, cappedTotal } from '../../platform/db/paging.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type ParcelRow = typeof inboundParcels.$inferSelect

export interface ParcelFilters {
  searchTerm?: string | undefined
  status?: 'New' | 'Processed' | undefined
  businessclient?: string | undefined
  dateFrom?: string | undefined
  dateTo?: string | undefined
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000)

const creators = alias(users, 'parcel_creators')
const processors = alias(users, 'parcel_processors')

const parcelColumns = {
  parcel: inboundParcels,
  warehouseName: warehouses.name,
  businessclientName: businessClients.name,
  orderNr: orders.clientOrderNr,
  orderStatus: orders.status,
  units:
    sql<number>`(select coalesce(sum(i.quantity), 0) from ${inboundParcelItems} i where i.parcel_id = ${inboundParcels.id})`.mapWith(
      Number,
    ),
}

export function createParcelsRepository(db: DbOrTx) {
  const select = (where: SQL | undefined) =>
    db
      .select(parcelColumns)
      .from(inboundParcels)
      .innerJoin(warehouses, eq(warehouses.id, inboundParcels.warehouseId))
      .innerJoin(businessClients, eq(businessClients.id, inboundParcels.businessclientId))
      .innerJoin(orders, eq(orders.id, inboundParcels.orderId))
      .where(where)

  const conditions = (scope: TenantScope, f: ParcelFilters) => {
    const like = f.searchTerm ? containsPattern(f.searchTerm) : undefined
    return and(
      tenantCondition(scope, inboundParcels.businessclientId),
      f.status ? eq(inboundParcels.status, f.status) : undefined,
      f.businessclient ? eq(inboundParcels.businessclientId, f.businessclient) : undefined,
      f.dateFrom ? gte(inboundParcels.createdAt, new Date(`${f.dateFrom}T00:00:00Z`)) : undefined,
      f.dateTo ? lt(inboundParcels.createdAt, nextDay(f.dateTo)) : undefined,
      like
        ? or(
            ilike(inboundParcels.trackingId, like),
            ilike(inboundParcels.parcelNr, like),
            ilike(orders.clientOrderNr, like),
          )
        : undefined,
    )
  }

  return {
    async list(scope: TenantScope, f: ParcelFilters, page: { offset: number; limit: number }) {
      const where = conditions(scope, f)
      const list = await select(where)
        .orderBy(desc(inboundParcels.createdAt), desc(inboundParcels.id))
        .limit(page.limit)
        .offset(page.offset)
      // Counted up to the cap: a broad term (a digit, a tracking prefix) matches most parcels.
      const [{ n }] = (await cappedCountOf(
        db,
        db
          .select({ one: sql`1` })
          .from(inboundParcels)
          .innerJoin(orders, eq(orders.id, inboundParcels.orderId))
          .where(where)
          .$dynamic(),
      )) as [{ n: number }]
      return { list, ...cappedTotal(n) }
    },

    async find(scope: TenantScope, id: string) {
      const [row] = await select(
        and(eq(inboundParcels.id, id), tenantCondition(scope, inboundParcels.businessclientId)),
      )
      return row
    },

    /** The latest parcel of an order (any status), or undefined. The caller has checked the order's scope. */
    /** The order's latest parcel (or, given `parcelId`, that one if it is the order's). */
    async latestOfOrder(orderId: string, parcelId?: string) {
      const [row] = await select(
        and(eq(inboundParcels.orderId, orderId), parcelId ? eq(inboundParcels.id, parcelId) : undefined),
      )
        .orderBy(desc(inboundParcels.createdAt), desc(inboundParcels.id))
        .limit(1)
      return row
    },

    /** Who registered and who processed it (usernames). */
    async people(id: string) {
      const [row] = await db
        .select({ createdBy: creators.username, processedBy: processors.username })
        .from(inboundParcels)
        .leftJoin(creators, eq(creators.id, inboundParcels.createdBy))
        .leftJoin(processors, eq(processors.id, inboundParcels.processedBy))
        .where(eq(inboundParcels.id, id))
      return row ?? { createdBy: null, processedBy: null }
    },

    /** The parcel row locked FOR UPDATE: changes and processing of one parcel are serialised. */
    async lock(scope: TenantScope, id: string): Promise<ParcelRow | undefined> {
      const [row] = await db
        .select()
        .from(inboundParcels)
        .where(and(eq(inboundParcels.id, id), tenantCondition(scope, inboundParcels.businessclientId)))
        .for('update')
      return row
    },

    async items(parcelId: string) {
      return db
        .select({
          id: inboundParcelItems.id,
          productId: inboundParcelItems.productId,
          quantity: inboundParcelItems.quantity,
          condition: inboundParcelItems.condition,
          stockMovementId: inboundParcelItems.stockMovementId,
          productName: products.name,
          sku: products.sku,
        })
        .from(inboundParcelItems)
        .innerJoin(products, eq(products.id, inboundParcelItems.productId))
        .where(eq(inboundParcelItems.parcelId, parcelId))
        .orderBy(asc(inboundParcelItems.position), asc(inboundParcelItems.id))
    },

    async photos(parcelId: string) {
      return db
        .select({ id: files.id, key: files.storageKey, filename: files.filename })
        .from(inboundParcelPhotos)
        .innerJoin(files, eq(files.id, inboundParcelPhotos.fileId))
        .where(eq(inboundParcelPhotos.parcelId, parcelId))
        .orderBy(asc(inboundParcelPhotos.position))
    },

    /** An order by id or, without one, the latest order with this tracking id. */
    async findOrder(by: { id?: string | undefined; trackingId?: string | undefined }) {
      const columns = {
        id: orders.id,
        businessclientId: orders.businessclientId,
        trackingId: orders.trackingId,
      }
      if (by.id) {
        const [row] = await db.select(columns).from(orders).where(eq(orders.id, by.id))
        return row
      }
      if (!by.trackingId) return undefined
      const [row] = await db
        .select(columns)
        .from(orders)
        .where(eq(orders.trackingId, by.trackingId))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(1)
      return row
    },

    /** Orders whose tracking id or order number is exactly `term`, newest first, with their lines. */
    async lookupOrders(term: string) {
      const found = await db
        .select({
          id: orders.id,
          clientOrderNr: orders.clientOrderNr,
          trackingId: orders.trackingId,
          status: orders.status,
          businessclientId: orders.businessclientId,
          businessclientName: businessClients.name,
        })
        .from(orders)
        .innerJoin(businessClients, eq(businessClients.id, orders.businessclientId))
        .where(or(eq(orders.trackingId, term), eq(orders.clientOrderNr, term)))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(10)
      if (!found.length) return []
      const lines = await db
        .select({
          orderId: orderItems.orderId,
          productId: orderItems.productId,
          sku: orderItems.sku,
          name: orderItems.name,
          quantity: orderItems.quantity,
          productName: products.name,
          productSku: products.sku,
        })
        .from(orderItems)
        .leftJoin(products, eq(products.id, orderItems.productId))
        .where(
          inArray(
            orderItems.orderId,
            found.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.createdAt), asc(orderItems.id))
      return found.map((o) => ({ ...o, lines: lines.filter((l) => l.orderId === o.id) }))
    },

    /** Whether the order exists within the scope. */
    async orderInScope(scope: TenantScope, orderId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), tenantCondition(scope, orders.businessclientId)))
      return !!row
    },

    async warehouseExists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.id, id))
      return !!row
    },

    /** The ids among `ids` that are products of the business client. */
    async productsOf(businessclientId: string, ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set()
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.businessclientId, businessclientId)))
      return new Set(rows.map((r) => r.id))
    },

    /** The ids among `ids` that are registered files the scope may use. */
    async usableFiles(scope: TenantScope, ids: string[]): Promise<Set<string>> {
      if (!ids.length) return new Set()
      const rows = await db
        .select({ id: files.id })
        .from(files)
        .where(
          and(
            inArray(files.id, ids),
            eq(files.registered, true),
            tenantCondition(scope, files.businessclientId),
          ),
        )
      return new Set(rows.map((r) => r.id))
    },

    async insert(values: typeof inboundParcels.$inferInsert): Promise<ParcelRow> {
      const [row] = await db.insert(inboundParcels).values(values).returning()
      return row!
    },

    async update(id: string, values: Partial<typeof inboundParcels.$inferInsert>): Promise<void> {
      await db
        .update(inboundParcels)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(inboundParcels.id, id))
    },

    /** Replaces the parcel's items and photos (a New parcel's, before processing). */
    async replaceContents(
      parcelId: string,
      items: { product: string; quantity: number; condition: string }[],
      photos: string[],
    ): Promise<void> {
      await db.delete(inboundParcelItems).where(eq(inboundParcelItems.parcelId, parcelId))
      await db.delete(inboundParcelPhotos).where(eq(inboundParcelPhotos.parcelId, parcelId))
      await db.insert(inboundParcelItems).values(
        items.map((item, position) => ({
          parcelId,
          productId: item.product,
          quantity: item.quantity,
          condition: item.condition,
          position,
        })),
      )
      if (photos.length) {
        await db
          .insert(inboundParcelPhotos)
          .values([...new Set(photos)].map((fileId, position) => ({ parcelId, fileId, position })))
      }
    },

    async setItemMovement(itemId: string, stockMovementId: string): Promise<void> {
      await db.update(inboundParcelItems).set({ stockMovementId }).where(eq(inboundParcelItems.id, itemId))
    },
  }
}
export type ParcelsRepository = ReturnType<typeof createParcelsRepository>
export type ParcelRecord = NonNullable<Awaited<ReturnType<ParcelsRepository['find']>>>
export type ParcelItemRecord = Awaited<ReturnType<ParcelsRepository['items']>>[number]
export type ParcelPhotoRecord = Awaited<ReturnType<ParcelsRepository['photos']>>[number]
