import type { LocationKind } from '@expedo/domain'
import { and, asc, eq, exists, inArray, ne, notExists, or, type SQL, sql } from 'drizzle-orm'
import {
  businessClients,
  inventoryCards,
  locationStock,
  products,
  warehouseLocations,
  warehouses,
} from '../../db/schema/index.ts'
import type { DbOrTx } from '../../platform/db/database.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type LocationRow = typeof warehouseLocations.$inferSelect
export type NewLocation = typeof warehouseLocations.$inferInsert
export interface LocationFilters {
  search?: string | undefined
  zone?: string | undefined
  kind?: LocationKind | undefined
  active?: boolean | undefined
  occupied?: boolean | undefined
}

/** Locations and what lies in them. A client sees a location only where its own goods lie. */
export function createLocationsRepository(db: DbOrTx) {
  async function oneOfKind(warehouseId: string, kind: LocationKind): Promise<LocationRow | undefined> {
    const [row] = await db
      .select()
      .from(warehouseLocations)
      .where(and(eq(warehouseLocations.warehouseId, warehouseId), eq(warehouseLocations.kind, kind)))
    return row
  }

  /** Units per location within the scope. */
  const heldIn = (scope: TenantScope) =>
    db
      .select({
        locationId: locationStock.locationId,
        quantity: sql<number>`sum(${locationStock.quantity})::int`.as('quantity'),
      })
      .from(locationStock)
      .innerJoin(inventoryCards, eq(inventoryCards.id, locationStock.inventoryCardId))
      .where(tenantCondition(scope, inventoryCards.businessclientId))
      .groupBy(locationStock.locationId)
      .as('held')

  async function located(
    scope: TenantScope,
    where: SQL | undefined,
    page?: { limit: number; offset: number },
  ) {
    const held = heldIn(scope)
    const client = scope.kind !== 'all'
    const base = db
      .select({ location: warehouseLocations, quantity: sql<number>`coalesce(${held.quantity}, 0)` })
      .from(warehouseLocations)
      [client ? 'innerJoin' : 'leftJoin'](held, eq(held.locationId, warehouseLocations.id))
      .where(where)
      .orderBy(asc(warehouseLocations.pickOrder), asc(warehouseLocations.code))
      .$dynamic()
    return page ? base.limit(page.limit).offset(page.offset) : base
  }

  function filterOf(warehouseId: string, f: LocationFilters): SQL | undefined {
    const held = exists(
      db
        .select({ one: sql`1` })
        .from(locationStock)
        .where(eq(locationStock.locationId, warehouseLocations.id)),
    )
    return and(
      eq(warehouseLocations.warehouseId, warehouseId),
      f.search
        ? sql`${warehouseLocations.code} like ${`${f.search.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`}`
        : undefined,
      f.zone ? eq(warehouseLocations.zone, f.zone.toUpperCase()) : undefined,
      f.kind ? eq(warehouseLocations.kind, f.kind) : undefined,
      f.active === undefined ? undefined : eq(warehouseLocations.active, f.active),
      f.occupied === undefined ? undefined : f.occupied ? held : sql`not ${held}`,
    )
  }

  return {
    async warehouseName(id: string): Promise<string | undefined> {
      const [row] = await db.select({ name: warehouses.name }).from(warehouses).where(eq(warehouses.id, id))
      return row?.name
    },

    async list(
      scope: TenantScope,
      warehouseId: string,
      f: LocationFilters,
      page: { limit: number; offset: number },
    ) {
      const where = filterOf(warehouseId, f)
      const list = await located(scope, where, page)
      const held = heldIn(scope)
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(warehouseLocations)
        [scope.kind !== 'all' ? 'innerJoin' : 'leftJoin'](held, eq(held.locationId, warehouseLocations.id))
        .where(where)
      return { list, total: counted?.n ?? 0 }
    },

    /** Every location of the list's filters, or the given ids, of one warehouse (labels). */
    async forLabels(warehouseId: string, f: LocationFilters, ids: string[]): Promise<LocationRow[]> {
      return db
        .select()
        .from(warehouseLocations)
        .where(and(filterOf(warehouseId, f), ids.length ? inArray(warehouseLocations.id, ids) : undefined))
        .orderBy(asc(warehouseLocations.pickOrder), asc(warehouseLocations.code))
    },

    async one(scope: TenantScope, id: string) {
      const [row] = await located(scope, eq(warehouseLocations.id, id))
      return row
    },

    async byCode(warehouseId: string, code: string): Promise<LocationRow | undefined> {
      const [row] = await db
        .select()
        .from(warehouseLocations)
        .where(and(eq(warehouseLocations.warehouseId, warehouseId), eq(warehouseLocations.code, code)))
      return row
    },

    /** Whether another warehouse has a location of this code (to say so instead of "unknown"). */
    async codeElsewhere(warehouseId: string, code: string): Promise<boolean> {
      const [row] = await db
        .select({ id: warehouseLocations.id })
        .from(warehouseLocations)
        .where(and(ne(warehouseLocations.warehouseId, warehouseId), eq(warehouseLocations.code, code)))
        .limit(1)
      return Boolean(row)
    },

    async receiving(warehouseId: string): Promise<LocationRow | undefined> {
      return oneOfKind(warehouseId, 'receiving')
    },

    /** The warehouse's packing location, where picked goods wait until the order ships. */
    async packing(warehouseId: string): Promise<LocationRow | undefined> {
      return oneOfKind(warehouseId, 'packing')
    },

    async lastPickOrder(warehouseId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number | null>`max(${warehouseLocations.pickOrder})` })
        .from(warehouseLocations)
        .where(eq(warehouseLocations.warehouseId, warehouseId))
      return row?.n ?? 0
    },

    /** Inserts the rows; a code that exists already is skipped. Answers the codes written. */
    async insertMany(rows: NewLocation[]): Promise<string[]> {
      const written: string[] = []
      for (let i = 0; i < rows.length; i += 500) {
        const out = await db
          .insert(warehouseLocations)
          .values(rows.slice(i, i + 500))
          .onConflictDoNothing({ target: [warehouseLocations.warehouseId, warehouseLocations.code] })
          .returning({ code: warehouseLocations.code })
        written.push(...out.map((r) => r.code))
      }
      return written
    },

    async update(id: string, values: Partial<NewLocation>): Promise<void> {
      await db.update(warehouseLocations).set(values).where(eq(warehouseLocations.id, id))
    },

    /** The goods lying at a location, within the scope, in SKU order. */
    async contents(scope: TenantScope, locationId: string) {
      return db
        .select({
          cardId: inventoryCards.id,
          sku: inventoryCards.sku,
          productId: products.id,
          productName: products.name,
          productBarcode: products.barcode,
          businessclientId: businessClients.id,
          businessclientName: businessClients.name,
          quantity: locationStock.quantity,
        })
        .from(locationStock)
        .innerJoin(inventoryCards, eq(inventoryCards.id, locationStock.inventoryCardId))
        .innerJoin(businessClients, eq(businessClients.id, inventoryCards.businessclientId))
        .leftJoin(products, eq(products.id, inventoryCards.productId))
        .where(
          and(
            eq(locationStock.locationId, locationId),
            tenantCondition(scope, inventoryCards.businessclientId),
          ),
        )
        .orderBy(asc(inventoryCards.sku), asc(inventoryCards.id))
    },

    /**
     * The warehouse's goods a scanned code names: the SKU itself or the product's barcode. With `at`, only the
     * goods lying at that location (and how many).
     */
    async goodsOf(warehouseId: string, scanned: string, at?: string) {
      return db
        .select({
          cardId: inventoryCards.id,
          sku: inventoryCards.sku,
          productId: products.id,
          productName: products.name,
          quantity: at ? sql<number>`coalesce(${locationStock.quantity}, 0)` : sql<number>`0`,
        })
        .from(inventoryCards)
        .leftJoin(products, eq(products.id, inventoryCards.productId))
        .leftJoin(
          locationStock,
          and(
            eq(locationStock.inventoryCardId, inventoryCards.id),
            eq(locationStock.locationId, at ?? sql`null`),
          ),
        )
        .where(
          and(
            eq(inventoryCards.warehouseId, warehouseId),
            or(eq(inventoryCards.sku, scanned), eq(products.barcode, scanned)),
          ),
        )
        .orderBy(asc(inventoryCards.id))
    },

    /** The first active storage location on the pick path already holding the card's goods. */
    async whereCardLies(cardId: string) {
      const [row] = await db
        .select({ code: warehouseLocations.code, quantity: locationStock.quantity })
        .from(locationStock)
        .innerJoin(warehouseLocations, eq(warehouseLocations.id, locationStock.locationId))
        .where(
          and(
            eq(locationStock.inventoryCardId, cardId),
            eq(warehouseLocations.kind, 'storage'),
            eq(warehouseLocations.active, true),
          ),
        )
        .orderBy(asc(warehouseLocations.pickOrder), asc(warehouseLocations.code))
        .limit(1)
      return row
    },

    /** The first active, empty storage location on the pick path. */
    async firstEmpty(warehouseId: string) {
      const [row] = await db
        .select({ code: warehouseLocations.code })
        .from(warehouseLocations)
        .where(
          and(
            eq(warehouseLocations.warehouseId, warehouseId),
            eq(warehouseLocations.kind, 'storage'),
            eq(warehouseLocations.active, true),
            notExists(
              db
                .select({ one: sql`1` })
                .from(locationStock)
                .where(eq(locationStock.locationId, warehouseLocations.id)),
            ),
          ),
        )
        .orderBy(asc(warehouseLocations.pickOrder), asc(warehouseLocations.code))
        .limit(1)
      return row
    },
  }
}
export type LocationsRepository = ReturnType<typeof createLocationsRepository>
