import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, or, sql } from 'drizzle-orm'
import {
  businessClients,
  eshops,
  files,
  inventoryCards,
  productEshopIds,
  productPhotos,
  products,
} from '../../db/schema/index.ts'
import { type DbOrTx, readTogether } from '../../platform/db/database.ts'
import { containsPattern } from '../../platform/db/like.ts'
import { cappedCount, cappedTotal } from '../../platform/db/paging.ts'
import { anyOf, runPrepared } from '../../platform/db/prepared.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type ProductRow = typeof products.$inferSelect
export type ProductInsert = typeof products.$inferInsert
export interface PhotoRow {
  productId: string
  fileId: string
  storageKey: string
}
export interface EshopIdRow {
  id: string
  productId: string
  externalId: string
  eshopId: string
  eshopUrl: string
}
/** A product with what its answer needs besides its own columns. */
export interface ProductAggregate {
  product: ProductRow
  businessclientName: string
  photos: PhotoRow[]
  eshopIds: EshopIdRow[]
}

export interface ProductFilter {
  searchTerm?: string | undefined
  businessclientIds?: string[] | undefined
  warehouseId?: string | undefined
}

/** Rows per INSERT in a bulk import: well under PostgreSQL's 65,535 bind parameters. */
const IMPORT_CHUNK = 1000

export function createProductsRepository(db: DbOrTx) {
  function where(scope: TenantScope, filter: ProductFilter) {
    const term = filter.searchTerm ? containsPattern(filter.searchTerm) : undefined
    return and(
      tenantCondition(scope, products.businessclientId),
      term
        ? or(ilike(products.name, term), ilike(products.sku, term), ilike(products.barcode, term))
        : undefined,
      filter.businessclientIds?.length
        ? inArray(products.businessclientId, filter.businessclientIds)
        : undefined,
      filter.warehouseId
        ? exists(
            db
              .select({ one: sql`1` })
              .from(inventoryCards)
              .where(
                and(
                  eq(inventoryCards.productId, products.id),
                  eq(inventoryCards.warehouseId, filter.warehouseId),
                ),
              ),
          )
        : undefined,
    )
  }

  /** Photos and e-shop ids of a set of products, and their business clients' names. */
  async function aggregate(rows: ProductRow[]): Promise<ProductAggregate[]> {
    if (rows.length === 0) return []
    const ids = rows.map((r) => r.id)
    const clientIds = [...new Set(rows.map((r) => r.businessclientId))]
    const [names, photos, eshopIds] = await readTogether(db, [
      () =>
        runPrepared(
          'product_client_names',
          db
            .select({ id: businessClients.id, name: businessClients.name })
            .from(businessClients)
            .where(anyOf(businessClients.id, clientIds, 'uuid')),
        ),
      () =>
        runPrepared(
          'product_photos',
          db
            .select({ productId: productPhotos.productId, fileId: files.id, storageKey: files.storageKey })
            .from(productPhotos)
            .innerJoin(files, eq(files.id, productPhotos.fileId))
            .where(anyOf(productPhotos.productId, ids, 'uuid'))
            .orderBy(asc(productPhotos.position)),
        ),
      () =>
        runPrepared(
          'product_eshop_ids',
          db
            .select({
              id: productEshopIds.id,
              productId: productEshopIds.productId,
              externalId: productEshopIds.externalId,
              eshopId: eshops.id,
              eshopUrl: eshops.eshopUrl,
            })
            .from(productEshopIds)
            .innerJoin(eshops, eq(eshops.id, productEshopIds.eshopId))
            .where(anyOf(productEshopIds.productId, ids, 'uuid'))
            .orderBy(asc(productEshopIds.createdAt), asc(productEshopIds.id)),
        ),
    ])
    const nameOf = new Map(names.map((n) => [n.id, n.name]))
    return rows.map((product) => ({
      product,
      businessclientName: nameOf.get(product.businessclientId) ?? '',
      photos: photos.filter((p) => p.productId === product.id),
      eshopIds: eshopIds.filter((e) => e.productId === product.id),
    }))
  }

  return {
    async list(scope: TenantScope, filter: ProductFilter, page: { offset: number; limit: number }) {
      const condition = where(scope, filter)
      const [rows, [total]] = await readTogether(db, [
        () =>
          runPrepared(
            'products_page',
            db
              .select()
              .from(products)
              .where(condition)
              .orderBy(desc(products.createdAt), desc(products.id))
              .limit(page.limit)
              .offset(page.offset),
          ),
        // A search counts up to the cap (a broad term would count every product it matches).
        () =>
          filter.searchTerm
            ? runPrepared('products_total_capped', cappedCount(db, products, condition))
            : runPrepared('products_total', db.select({ n: count() }).from(products).where(condition)),
      ])
      const n = total?.n ?? 0
      return { list: await aggregate(rows), ...(filter.searchTerm ? cappedTotal(n) : { total: n }) }
    },

    async find(scope: TenantScope, id: string, forUpdate = false): Promise<ProductAggregate | undefined> {
      const query = db
        .select()
        .from(products)
        .where(and(eq(products.id, id), tenantCondition(scope, products.businessclientId)))
      const [row] = forUpdate ? await query.for('update') : await query
      return row ? (await aggregate([row]))[0] : undefined
    },

    async insert(values: ProductInsert): Promise<ProductRow> {
      const [row] = await db.insert(products).values(values).returning()
      return row!
    },

    async update(id: string, values: Partial<ProductInsert>): Promise<void> {
      await db
        .update(products)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(products.id, id))
    },

    async bulkUpdate(scope: TenantScope, ids: string[], values: Partial<ProductInsert>): Promise<number> {
      const rows = await db
        .update(products)
        .set({ ...values, updatedAt: new Date() })
        .where(and(inArray(products.id, ids), tenantCondition(scope, products.businessclientId)))
        .returning({ id: products.id })
      return rows.length
    },

    /**
     * Files that may become photos of a product of `businessclientId`: registered, and either that business
     * client's or not yet anyone's but uploaded by `userId` (staff uploads carry no business client).
     */
    async usableFiles(fileIds: string[], businessclientId: string, userId: string): Promise<string[]> {
      if (fileIds.length === 0) return []
      const rows = await db
        .select({ id: files.id })
        .from(files)
        .where(
          and(
            inArray(files.id, fileIds),
            eq(files.registered, true),
            or(
              eq(files.businessclientId, businessclientId),
              and(isNull(files.businessclientId), eq(files.uploadedBy, userId)),
            ),
          ),
        )
      return rows.map((r) => r.id)
    },

    /** Replaces the product's photos by `fileIds` in that order; unowned files become the business client's. */
    async setPhotos(productId: string, businessclientId: string, fileIds: string[]): Promise<void> {
      await db.delete(productPhotos).where(eq(productPhotos.productId, productId))
      if (fileIds.length === 0) return
      await db
        .update(files)
        .set({ businessclientId })
        .where(and(inArray(files.id, fileIds), isNull(files.businessclientId)))
      await db
        .insert(productPhotos)
        .values(fileIds.map((fileId, position) => ({ productId, fileId, position })))
    },

    async eshopOf(eshopId: string, businessclientId: string) {
      const [row] = await db
        .select({ id: eshops.id })
        .from(eshops)
        .where(and(eq(eshops.id, eshopId), eq(eshops.businessclientId, businessclientId)))
      return row
    },

    async insertEshopId(values: typeof productEshopIds.$inferInsert): Promise<void> {
      await db.insert(productEshopIds).values(values)
    },

    async deleteEshopId(productId: string, itemId: string): Promise<boolean> {
      const rows = await db
        .delete(productEshopIds)
        .where(and(eq(productEshopIds.id, itemId), eq(productEshopIds.productId, productId)))
        .returning({ id: productEshopIds.id })
      return rows.length > 0
    },

    async businessClientExists(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: businessClients.id })
        .from(businessClients)
        .where(eq(businessClients.id, id))
      return row !== undefined
    },

    /**
     * Inserts many products in chunks; a row whose SKU the business client already has (even one inserted
     * concurrently) is skipped, not an error. Answers the SKUs that were inserted.
     */
    async insertMany(rows: ProductInsert[]): Promise<Set<string>> {
      const inserted = new Set<string>()
      for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
        const done = await db
          .insert(products)
          .values(rows.slice(i, i + IMPORT_CHUNK))
          .onConflictDoNothing()
          .returning({ sku: products.sku })
        for (const r of done) inserted.add(r.sku)
      }
      return inserted
    },
  }
}
export type ProductsRepository = ReturnType<typeof createProductsRepository>
