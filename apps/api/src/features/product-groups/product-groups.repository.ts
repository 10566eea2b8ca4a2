import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm'
import { businessClients, productGroupItems, productGroups, products } from '../../db/schema/index.ts'
import { type DbOrTx, readTogether } from '../../platform/db/database.ts'
import { containsPattern } from '../../platform/db/like.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type GroupRow = typeof productGroups.$inferSelect
export interface MemberRow {
  id: string
  name: string
  sku: string
  barcode: string
}
export interface GroupAggregate {
  group: GroupRow
  businessclientName: string
  members: MemberRow[]
}

export function createProductGroupsRepository(db: DbOrTx) {
  return {
    async list(scope: TenantScope, searchTerm: string | undefined, page: { offset: number; limit: number }) {
      const condition = and(
        tenantCondition(scope, productGroups.businessclientId),
        searchTerm ? ilike(productGroups.name, containsPattern(searchTerm)) : undefined,
      )
      const [rows, [total]] = await readTogether(db, [
        () =>
          db
            .select({
              group: productGroups,
              businessclientName: businessClients.name,
              productsCount: db.$count(productGroupItems, eq(productGroupItems.groupId, productGroups.id)),
            })
            .from(productGroups)
            .innerJoin(businessClients, eq(businessClients.id, productGroups.businessclientId))
            .where(condition)
            .orderBy(asc(productGroups.name), asc(productGroups.id))
            .limit(page.limit)
            .offset(page.offset),
        () => db.select({ n: count() }).from(productGroups).where(condition),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    async find(scope: TenantScope, id: string, forUpdate = false): Promise<GroupAggregate | undefined> {
      const query = db
        .select({ group: productGroups, businessclientName: businessClients.name })
        .from(productGroups)
        .innerJoin(businessClients, eq(businessClients.id, productGroups.businessclientId))
        .where(and(eq(productGroups.id, id), tenantCondition(scope, productGroups.businessclientId)))
      const [row] = forUpdate ? await query.for('update', { of: productGroups }) : await query
      if (!row) return undefined
      const members = await db
        .select({ id: products.id, name: products.name, sku: products.sku, barcode: products.barcode })
        .from(productGroupItems)
        .innerJoin(products, eq(products.id, productGroupItems.productId))
        .where(eq(productGroupItems.groupId, id))
        .orderBy(asc(products.name), asc(products.id))
      return { ...row, members }
    },

    async insert(values: typeof productGroups.$inferInsert): Promise<GroupRow> {
      const [row] = await db.insert(productGroups).values(values).returning()
      return row!
    },
    async rename(id: string, name: string): Promise<void> {
      await db.update(productGroups).set({ name, updatedAt: new Date() }).where(eq(productGroups.id, id))
    },
    async touch(id: string): Promise<void> {
      await db.update(productGroups).set({ updatedAt: new Date() }).where(eq(productGroups.id, id))
    },
    async delete(id: string): Promise<void> {
      await db.delete(productGroups).where(eq(productGroups.id, id))
    },

    /** Which of `productIds` are products of the business client. */
    async productsOf(businessclientId: string, productIds: string[]): Promise<Set<string>> {
      if (productIds.length === 0) return new Set()
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(inArray(products.id, productIds), eq(products.businessclientId, businessclientId)))
      return new Set(rows.map((r) => r.id))
    },
    /** The business client of a product the scope may see. */
    async ownerOfProduct(scope: TenantScope, productId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ owner: products.businessclientId })
        .from(products)
        .where(and(eq(products.id, productId), tenantCondition(scope, products.businessclientId)))
      return row?.owner
    },
    async businessClientExists(id: string): Promise<boolean> {
      return (await db.$count(businessClients, eq(businessClients.id, id))) > 0
    },

    async addMembers(groupId: string, productIds: string[]): Promise<void> {
      if (productIds.length === 0) return
      await db
        .insert(productGroupItems)
        .values(productIds.map((productId) => ({ groupId, productId })))
        .onConflictDoNothing()
    },
    async removeMember(groupId: string, productId: string): Promise<boolean> {
      const rows = await db
        .delete(productGroupItems)
        .where(and(eq(productGroupItems.groupId, groupId), eq(productGroupItems.productId, productId)))
        .returning({ id: productGroupItems.productId })
      return rows.length > 0
    },
  }
}
export type ProductGroupsRepository = ReturnType<typeof createProductGroupsRepository>
