import { and, eq, inArray, sql } from 'drizzle-orm'
import { productEshopIds, products, shoptetProductImports } from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'
import type { ImportedProduct } from './product-mapping.ts'

export type ProductImportRow = typeof shoptetProductImports.$inferSelect
export type ProductImportChanges = Partial<Omit<typeof shoptetProductImports.$inferInsert, 'id'>>

/** Product imports (their progress) and the products they write. */
export function createProductImportRepository(db: DbOrTx) {
  const running = (eshopId: string, kind: string) =>
    db
      .select()
      .from(shoptetProductImports)
      .where(
        and(
          eq(shoptetProductImports.eshopId, eshopId),
          eq(shoptetProductImports.kind, kind),
          inArray(shoptetProductImports.status, ['queued', 'running']),
        ),
      )
  return {
    /** A new import, or the one of that shop and kind still running (one at a time per shop). */
    async start(
      values: typeof shoptetProductImports.$inferInsert,
    ): Promise<{ row: ProductImportRow; created: boolean }> {
      // One that made no progress for 10 minutes died with its process: it no longer blocks a new start.
      await db
        .update(shoptetProductImports)
        .set({ status: 'failed', error: 'The import was interrupted', finishedAt: new Date() })
        .where(
          and(
            eq(shoptetProductImports.eshopId, values.eshopId),
            eq(shoptetProductImports.kind, values.kind),
            inArray(shoptetProductImports.status, ['queued', 'running']),
            sql`${shoptetProductImports.updatedAt} < now() - interval '10 minutes'`,
          ),
        )
      const [row] = await db.insert(shoptetProductImports).values(values).onConflictDoNothing().returning()
      if (row) return { row, created: true }
      const [existing] = await running(values.eshopId, values.kind)
      if (!existing) throw new Error('product import neither started nor running')
      return { row: existing, created: false }
    },
    async find(scope: TenantScope, id: string): Promise<ProductImportRow | undefined> {
      const [row] = await db
        .select()
        .from(shoptetProductImports)
        .where(
          and(
            eq(shoptetProductImports.id, id),
            tenantCondition(scope, shoptetProductImports.businessclientId),
          ),
        )
      return row
    },
    async byId(id: string): Promise<ProductImportRow | undefined> {
      const [row] = await db.select().from(shoptetProductImports).where(eq(shoptetProductImports.id, id))
      return row
    },
    async update(id: string, changes: ProductImportChanges): Promise<ProductImportRow> {
      const [row] = await db
        .update(shoptetProductImports)
        .set(changes)
        .where(eq(shoptetProductImports.id, id))
        .returning()
      return row!
    },

    /** The product already tied to this shop id, else the business client's product of that SKU. */
    async match(businessclientId: string, eshopId: string, p: ImportedProduct): Promise<string | undefined> {
      const [linked] = await db
        .select({ id: products.id })
        .from(productEshopIds)
        .innerJoin(products, eq(products.id, productEshopIds.productId))
        .where(
          and(
            eq(productEshopIds.eshopId, eshopId),
            eq(productEshopIds.externalId, p.externalId),
            eq(products.businessclientId, businessclientId),
          ),
        )
      if (linked) return linked.id
      const [bySku] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.businessclientId, businessclientId), eq(products.sku, p.sku)))
      return bySku?.id
    },
    /** Creates the product (a concurrent creation of the same SKU wins: its id is answered, created false). */
    async create(businessclientId: string, p: ImportedProduct): Promise<{ id: string; created: boolean }> {
      const [row] = await db
        .insert(products)
        .values({ businessclientId, ...fields(p), sku: p.sku })
        .onConflictDoNothing()
        .returning({ id: products.id })
      if (row) return { id: row.id, created: true }
      const [existing] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.businessclientId, businessclientId), eq(products.sku, p.sku)))
      return { id: existing!.id, created: false }
    },
    /** Takes Shoptet's name, barcode, weight and dimensions (an empty value at Shoptet keeps ours). */
    async refresh(productId: string, p: ImportedProduct): Promise<void> {
      await db
        .update(products)
        .set({
          name: p.name,
          ...(p.barcode ? { barcode: p.barcode } : {}),
          ...(p.weightGrams !== null ? { weightGrams: p.weightGrams } : {}),
          ...(p.widthCm !== null ? { widthCm: p.widthCm } : {}),
          ...(p.heightCm !== null ? { heightCm: p.heightCm } : {}),
          ...(p.lengthCm !== null ? { lengthCm: p.lengthCm } : {}),
        })
        .where(eq(products.id, productId))
    },
    /** Keeps the shop's id on the product (client_ids); an id already kept changes nothing. */
    async link(productId: string, eshopId: string, externalId: string): Promise<void> {
      await db.insert(productEshopIds).values({ productId, eshopId, externalId }).onConflictDoNothing()
    },
    /** Progress counters added atomically (pages are done one after another, but a retry may overlap). */
    async progress(
      id: string,
      page: number,
      pageCount: number,
      add: { imported: number; updated: number; failed: number },
    ) {
      await db
        .update(shoptetProductImports)
        .set({
          page,
          pageCount,
          imported: sql`${shoptetProductImports.imported} + ${add.imported}`,
          updated: sql`${shoptetProductImports.updated} + ${add.updated}`,
          failed: sql`${shoptetProductImports.failed} + ${add.failed}`,
        })
        .where(eq(shoptetProductImports.id, id))
    },
  }
}

function fields(p: ImportedProduct) {
  return {
    name: p.name,
    barcode: p.barcode,
    weightGrams: p.weightGrams,
    widthCm: p.widthCm,
    heightCm: p.heightCm,
    lengthCm: p.lengthCm,
  }
}
