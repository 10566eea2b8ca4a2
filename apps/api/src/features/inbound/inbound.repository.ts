import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import {
  businessClients,
  companies,
  files,
  goodsReceived,
  inboundShipmentPhotos,
  inboundShipments,
  inventoryCards,
  productPhotos,
  products,
  stockMovements,
  warehouses,
} from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { cappedCount, cappedTotal } from '../../platform/db/paging.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type ShipmentRow = typeof inboundShipments.$inferSelect

export interface InboundFilters {
  status?: 'New' | 'Processed' | undefined
  warehouse?: string | undefined
  businessclient?: string | undefined
  dateFrom?: Date | undefined
  dateTo?: Date | undefined
}

const shipmentColumns = {
  shipment: inboundShipments,
  warehouseName: warehouses.name,
  businessclientName: businessClients.name,
  sellerName: companies.name,
  goodsCount:
    sql<number>`(select count(*) from ${goodsReceived} g where g.inbound_shipment_id = ${inboundShipments.id})`.mapWith(
      Number,
    ),
}

export function createInboundRepository(db: DbOrTx) {
  const select = (where: SQL | undefined) =>
    db
      .select(shipmentColumns)
      .from(inboundShipments)
      .innerJoin(warehouses, eq(warehouses.id, inboundShipments.warehouseId))
      .innerJoin(businessClients, eq(businessClients.id, inboundShipments.businessclientId))
      .leftJoin(companies, eq(companies.id, inboundShipments.sellerId))
      .where(where)

  const conditions = (scope: TenantScope, f: InboundFilters) =>
    and(
      tenantCondition(scope, inboundShipments.businessclientId),
      f.status ? eq(inboundShipments.status, f.status) : undefined,
      f.warehouse ? eq(inboundShipments.warehouseId, f.warehouse) : undefined,
      f.businessclient ? eq(inboundShipments.businessclientId, f.businessclient) : undefined,
      f.dateFrom ? gte(inboundShipments.createdAt, f.dateFrom) : undefined,
      f.dateTo ? lte(inboundShipments.createdAt, f.dateTo) : undefined,
    )

  return {
    async list(scope: TenantScope, f: InboundFilters, itemsPerPage: number, currentPage: number) {
      const where = conditions(scope, f)
      const query = select(where)
        .orderBy(desc(inboundShipments.createdAt), desc(inboundShipments.id))
        .$dynamic()
      const list =
        itemsPerPage === 0
          ? await query
          : await query.limit(itemsPerPage).offset((currentPage - 1) * itemsPerPage)
      // Counted up to the cap (a client's shipments over the years).
      const [{ n }] = (await cappedCount(db, inboundShipments, where)) as [{ n: number }]
      return { list, ...cappedTotal(n) }
    },

    async *cursor(scope: TenantScope, f: InboundFilters, batch = 2000) {
      let after: string | undefined
      for (;;) {
        const chunk = await select(
          and(conditions(scope, f), after ? sql`${inboundShipments.id} < ${after}` : undefined),
        )
          .orderBy(desc(inboundShipments.id))
          .limit(batch)
        if (chunk.length) yield chunk
        if (chunk.length < batch) return
        after = chunk.at(-1)!.shipment.id
      }
    },

    async find(scope: TenantScope, id: string) {
      const [row] = await select(
        and(eq(inboundShipments.id, id), tenantCondition(scope, inboundShipments.businessclientId)),
      )
      return row
    },

    /** The shipment row locked FOR UPDATE (receiving and processing are serialised per shipment). */
    async lock(scope: TenantScope, id: string): Promise<ShipmentRow | undefined> {
      const [row] = await db
        .select()
        .from(inboundShipments)
        .where(and(eq(inboundShipments.id, id), tenantCondition(scope, inboundShipments.businessclientId)))
        .for('update')
      return row
    },

    async photos(shipmentId: string) {
      return db
        .select({ id: files.id, key: files.storageKey, filename: files.filename })
        .from(inboundShipmentPhotos)
        .innerJoin(files, eq(files.id, inboundShipmentPhotos.fileId))
        .where(eq(inboundShipmentPhotos.inboundShipmentId, shipmentId))
        .orderBy(asc(inboundShipmentPhotos.position), asc(inboundShipmentPhotos.createdAt))
    },

    async goods(shipmentId: string) {
      return db
        .select({
          id: goodsReceived.id,
          sku: goodsReceived.sku,
          createdAt: goodsReceived.createdAt,
          cardId: inventoryCards.id,
          cardDescription: inventoryCards.description,
          inhousePosition: inventoryCards.inhousePosition,
          movementId: stockMovements.id,
          quantity: stockMovements.quantity,
          quantityDamaged: stockMovements.quantityDamaged,
          productId: products.id,
          productName: products.name,
          productSku: products.sku,
          productBarcode: products.barcode,
          photoKeys: sql<
            string[]
          >`coalesce((select array_agg(f.storage_key order by pp.position) from ${productPhotos} pp join ${files} f on f.id = pp.file_id where pp.product_id = ${products.id}), '{}')`,
        })
        .from(goodsReceived)
        .innerJoin(inventoryCards, eq(inventoryCards.id, goodsReceived.inventoryCardId))
        .innerJoin(stockMovements, eq(stockMovements.id, goodsReceived.stockMovementId))
        .leftJoin(products, eq(products.id, inventoryCards.productId))
        .where(eq(goodsReceived.inboundShipmentId, shipmentId))
        .orderBy(asc(goodsReceived.createdAt), asc(goodsReceived.id))
    },

    async referencesExist(r: {
      warehouseId: string
      businessclientId: string
      sellerId?: string | null | undefined
    }) {
      const [w] = await db
        .select({ id: warehouses.id })
        .from(warehouses)
        .where(eq(warehouses.id, r.warehouseId))
      const [b] = await db
        .select({ id: businessClients.id })
        .from(businessClients)
        .where(eq(businessClients.id, r.businessclientId))
      const [s] = r.sellerId
        ? await db.select({ id: companies.id }).from(companies).where(eq(companies.id, r.sellerId))
        : [{ id: null }]
      return { warehouse: !!w, businessclient: !!b, seller: !!s }
    },

    /** The ids among `ids` that are registered files the scope may use. */
    async usableFiles(scope: TenantScope, ids: string[]): Promise<string[]> {
      if (!ids.length) return []
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
      return rows.map((r) => r.id)
    },

    async insert(values: typeof inboundShipments.$inferInsert): Promise<ShipmentRow> {
      const [row] = await db.insert(inboundShipments).values(values).returning()
      return row!
    },

    async addPhotos(shipmentId: string, fileIds: string[]): Promise<void> {
      if (!fileIds.length) return
      const [{ n }] = (await db
        .select({ n: count() })
        .from(inboundShipmentPhotos)
        .where(eq(inboundShipmentPhotos.inboundShipmentId, shipmentId))) as [{ n: number }]
      await db
        .insert(inboundShipmentPhotos)
        .values(fileIds.map((fileId, i) => ({ inboundShipmentId: shipmentId, fileId, position: n + i })))
        .onConflictDoNothing()
    },

    async insertGoods(values: typeof goodsReceived.$inferInsert): Promise<string> {
      const [row] = await db.insert(goodsReceived).values(values).returning({ id: goodsReceived.id })
      return row!.id
    },

    async update(id: string, values: Partial<typeof inboundShipments.$inferInsert>): Promise<void> {
      await db.update(inboundShipments).set(values).where(eq(inboundShipments.id, id))
    },
  }
}
export type InboundRepository = ReturnType<typeof createInboundRepository>
export type ShipmentRecord = NonNullable<Awaited<ReturnType<InboundRepository['find']>>>
export type GoodsRecord = Awaited<ReturnType<InboundRepository['goods']>>[number]
export type PhotoRecord = Awaited<ReturnType<InboundRepository['photos']>>[number]
