import { and, asc, desc, eq, gte, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm'
import {
  bills,
  businessClients,
  orderItems,
  orders,
  rateCards,
  serviceDayCounts,
  services,
  warehouses,
} from '../../db/schema/index.ts'
import { countingPlan, dayOf, planReads, type Range } from '../../platform/db/counting-plan.ts'
import { type DbOrTx, readTogether } from '../../platform/db/database.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type ServiceInsert = typeof services.$inferInsert
export type RateCardRow = typeof rateCards.$inferSelect
export type RateCardInsert = typeof rateCards.$inferInsert

/** A service with what the lists show beside it: its client's name and its bill's number. */
const serviceColumns = {
  service: services,
  clientName: businessClients.name,
  billNumber: bills.sequenceNumber,
}
export type ServiceRecord = {
  service: typeof services.$inferSelect
  clientName: string
  billNumber: string | null
}

export interface ServiceFilters {
  /** Created at or after (inclusive). */
  from?: Date | undefined
  /** Created before (exclusive). */
  before?: Date | undefined
  status: 'billed' | 'notbilled' | 'all'
  businessclientId?: string | undefined
}

const NO_CLIENT = sql`'00000000-0000-0000-0000-000000000000'::uuid`

/** A UUIDv7 made in SQL (the ids of rows a statement inserts in bulk, time-ordered like the app's). */
export const UUIDV7_SQL = `(lpad(to_hex((extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0') || '7'
  || substr(md5(random()::text), 1, 3) || to_hex(8 + floor(random() * 4)::int)
  || substr(md5(random()::text), 1, 15))::uuid`

export function createServicesRepository(db: DbOrTx) {
  function listCondition(scope: TenantScope, f: ServiceFilters) {
    return and(
      tenantCondition(scope, services.businessclientId),
      f.businessclientId ? eq(services.businessclientId, f.businessclientId) : undefined,
      f.from ? gte(services.createdAt, f.from) : undefined,
      f.before ? lt(services.createdAt, f.before) : undefined,
      f.status === 'billed'
        ? isNotNull(services.billId)
        : f.status === 'notbilled'
          ? isNull(services.billId)
          : undefined,
    )
  }

  /**
   * How many services the list's filters match, from service_day_counts: whole months and the days at a
   * range's ends (countingPlan), and the services of a day cut by a time counted themselves — tens of rows
   * instead of every service of the range.
   */
  async function total(scope: TenantScope, f: ServiceFilters): Promise<number> {
    const d = serviceDayCounts
    const plan = countingPlan(f.from, f.before)
    const summed =
      (rows: 'month' | 'day', [from, until]: Range) =>
      async () => {
        const [row] = await db
          .select({ n: sql<string>`coalesce(sum(${d.count}), 0)` })
          .from(d)
          .where(
            and(
              eq(d.kind, rows === 'month' ? 'm' : 'd'),
              from ? gte(d.day, dayOf(from)) : undefined,
              until ? lt(d.day, dayOf(until)) : undefined,
              tenantCondition(scope, d.businessclientId),
              f.businessclientId ? eq(d.businessclientId, f.businessclientId) : undefined,
              f.status === 'all' ? undefined : eq(d.billed, f.status === 'billed'),
            ),
          )
        return Number(row?.n ?? 0)
      }
    const counted =
      ([from, before]: Range) =>
      async () => {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(services)
          .where(listCondition(scope, { ...f, from, before }))
        return row?.n ?? 0
      }
    const pieces = planReads(plan, summed, counted)
    const parts = await readTogether(
      db,
      pieces.map((p) => p.read),
    )
    return parts.reduce((sum: number, n, i) => sum + pieces[i]!.sign * n, 0)
  }

  return {
    /** Records services; one whose dedupe key exists already is skipped. Answers how many were new. */
    async insert(rows: ServiceInsert[]): Promise<number> {
      if (!rows.length) return 0
      const inserted = await db
        .insert(services)
        .values(rows)
        .onConflictDoNothing({ target: services.dedupeKey })
        .returning({ id: services.id })
      return inserted.length
    },

    /** The rate card in force on `day` for a client in a country: its own, else the country's default. */
    async cardInForce(
      businessclientId: string,
      country: string,
      day: string,
    ): Promise<RateCardRow | undefined> {
      const [row] = await db
        .select()
        .from(rateCards)
        .where(
          and(
            eq(rateCards.country, country),
            or(eq(rateCards.businessclientId, businessclientId), isNull(rateCards.businessclientId)),
            sql`${rateCards.validFrom} <= ${day}::date`,
            or(isNull(rateCards.validTo), sql`${rateCards.validTo} >= ${day}::date`),
          ),
        )
        .orderBy(sql`${rateCards.businessclientId} is null`)
        .limit(1)
      return row
    },

    /** What pricing a shipped order needs: its client, warehouse country, destination, courier, COD, units. */
    async shippedOrder(orderId: string) {
      const [row] = await db
        .select({
          id: orders.id,
          businessclientId: orders.businessclientId,
          clientOrderNr: orders.clientOrderNr,
          internalNumericId: orders.internalNumericId,
          warehouseCountry: warehouses.country,
          shipToCountry: orders.shipToCountry,
          courierId: orders.courierId,
          officeCode: orders.officeCode,
          codApply: orders.codApply,
          codAmount: sql<string>`${orders.codAmount}::text`,
          paymentType: orders.paymentType,
          units: sql<number>`coalesce((select sum(${orderItems.quantity}) from ${orderItems} where ${orderItems.orderId} = ${orders.id}), 0)::int`,
        })
        .from(orders)
        .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
        .where(eq(orders.id, orderId))
      return row
    },

    async warehouseCountry(warehouseId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ country: warehouses.country })
        .from(warehouses)
        .where(eq(warehouses.id, warehouseId))
      return row?.country
    },

    /**
     * Storage of `day`: one service per inventory card (product × warehouse of a client) with stock, priced
     * by the storage_position_day of the card in force (client's, else the country's default); one
     * statement, idempotent per card and day. Answers how many were new.
     */
    async recordStorageDay(day: string): Promise<number> {
      const result = await db.execute(sql`
        insert into services (id, businessclient_id, service_type, category, trigger, trigger_id, trigger_ref,
          quantity, unit_price, amount, currency, country, description, service_date, rate_card_id, dedupe_key)
        select ${sql.raw(UUIDV7_SQL)}, c.businessclient_id, 'storage', 'storage', 'Storage', c.id, c.sku, 1, r.storage_position_day,
          r.storage_position_day, r.currency, w.country, 'Storage ' || c.sku || ' ' || w.name || ' ' || ${day},
          ${day}::date, r.id, 'Storage:' || c.id || ':' || ${day} || ':storage'
        from inventory_cards c
        join warehouses w on w.id = c.warehouse_id
        cross join lateral (
          select * from rate_cards r
          where r.country = w.country and (r.businessclient_id = c.businessclient_id or r.businessclient_id is null)
            and r.valid_from <= ${day}::date and (r.valid_to is null or r.valid_to >= ${day}::date)
          order by r.businessclient_id is null limit 1
        ) r
        where c.available + c.blocked > 0 and r.storage_position_day > 0
        on conflict (dedupe_key) do nothing`)
      return result.rowCount ?? 0
    },

    async list(scope: TenantScope, f: ServiceFilters, limit: number, offset: number) {
      const where = listCondition(scope, f)
      const [list, count] = await Promise.all([
        db
          .select(serviceColumns)
          .from(services)
          .innerJoin(businessClients, eq(businessClients.id, services.businessclientId))
          .leftJoin(bills, eq(bills.id, services.billId))
          .where(where)
          .orderBy(desc(services.createdAt), desc(services.id))
          .limit(limit)
          .offset(offset),
        total(scope, f),
      ])
      return { list: list as ServiceRecord[], total: count }
    },

    /** An order's services, oldest first; undefined when the order is not visible to `scope`. */
    async ofOrder(scope: TenantScope, orderId: string): Promise<ServiceRecord[] | undefined> {
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, orderId), tenantCondition(scope, orders.businessclientId)))
      if (!order) return undefined
      const rows = await db
        .select(serviceColumns)
        .from(services)
        .innerJoin(businessClients, eq(businessClients.id, services.businessclientId))
        .leftJoin(bills, eq(bills.id, services.billId))
        .where(and(eq(services.trigger, 'Order'), eq(services.triggerId, orderId)))
        .orderBy(asc(services.createdAt), asc(services.id))
      return rows as ServiceRecord[]
    },

    /** Not-billed services since `from`, by currency and service name. */
    running(scope: TenantScope, from: Date, businessclientId?: string) {
      return db
        .select({
          currency: services.currency,
          name: services.serviceType,
          category: services.category,
          quantity: sql<string>`sum(${services.quantity})::text`,
          count: sql<number>`count(*)::int`,
          amount: sql<string>`sum(${services.amount})::text`,
        })
        .from(services)
        .where(
          and(
            tenantCondition(scope, services.businessclientId),
            businessclientId ? eq(services.businessclientId, businessclientId) : undefined,
            isNull(services.billId),
            gte(services.createdAt, from),
          ),
        )
        .groupBy(services.currency, services.serviceType, services.category)
        .orderBy(asc(services.currency), asc(services.serviceType))
    },

    // ---- rate cards ----

    listCards(filters: { country?: string | undefined; businessclientId?: string | undefined }) {
      return db
        .select({ card: rateCards, clientName: businessClients.name })
        .from(rateCards)
        .leftJoin(businessClients, eq(businessClients.id, rateCards.businessclientId))
        .where(
          and(
            filters.country ? eq(rateCards.country, filters.country) : undefined,
            filters.businessclientId
              ? or(
                  isNull(rateCards.businessclientId),
                  eq(rateCards.businessclientId, filters.businessclientId),
                )
              : undefined,
          ),
        )
        .orderBy(
          asc(rateCards.country),
          sql`${rateCards.businessclientId} is not null`,
          asc(businessClients.name),
          desc(rateCards.validFrom),
        )
        .limit(1000)
    },

    async card(id: string) {
      const [row] = await db
        .select({ card: rateCards, clientName: businessClients.name })
        .from(rateCards)
        .leftJoin(businessClients, eq(businessClients.id, rateCards.businessclientId))
        .where(eq(rateCards.id, id))
      return row
    },

    async clientExists(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: businessClients.id })
        .from(businessClients)
        .where(eq(businessClients.id, id))
      return Boolean(row)
    },

    /** Serialises changes to the cards of one owner and country until the transaction ends. */
    async lockOwner(businessclientId: string | null, country: string): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtext('rate_cards:' || coalesce(${businessclientId}::uuid, ${NO_CLIENT})::text || ':' || ${country}))`,
      )
    },

    /** A card of the same owner and country whose validity shares a day with [from, to]. */
    async overlapping(
      c: { businessclientId: string | null; country: string; validFrom: string; validTo: string | null },
      exceptId?: string,
    ) {
      const [row] = await db
        .select()
        .from(rateCards)
        .where(
          and(
            sql`coalesce(${rateCards.businessclientId}, ${NO_CLIENT}) = coalesce(${c.businessclientId}::uuid, ${NO_CLIENT})`,
            eq(rateCards.country, c.country),
            exceptId ? ne(rateCards.id, exceptId) : undefined,
            sql`${rateCards.validFrom} <= coalesce(${c.validTo}::date, '9999-12-31'::date)`,
            sql`coalesce(${rateCards.validTo}, '9999-12-31'::date) >= ${c.validFrom}::date`,
          ),
        )
        .orderBy(asc(rateCards.validFrom))
        .limit(1)
      return row
    },

    async insertCard(values: RateCardInsert): Promise<string> {
      const [row] = await db.insert(rateCards).values(values).returning({ id: rateCards.id })
      return row!.id
    },

    async updateCard(id: string, values: Partial<RateCardInsert>): Promise<void> {
      await db
        .update(rateCards)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(rateCards.id, id))
    },

    async cardUsed(id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: services.id })
        .from(services)
        .where(eq(services.rateCardId, id))
        .limit(1)
      return Boolean(row)
    },

    async deleteCard(id: string): Promise<void> {
      await db.delete(rateCards).where(eq(rateCards.id, id))
    },
  }
}
export type ServicesRepository = ReturnType<typeof createServicesRepository>
