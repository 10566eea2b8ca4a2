import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm'
import {
  type BillClient,
  billItems,
  bills,
  businessClientCompanyIds,
  businessClients,
  services,
} from '../../db/schema/index.ts'
import { type DbOrTx, readTogether } from '../../platform/db/database.ts'
import { takenNumber, takenNumberText } from '../../platform/db/number-series.ts'
import { tenantCondition } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type { BillIssuer } from '../../db/schema/index.ts'
export type BillRow = typeof bills.$inferSelect
export type BillInsert = typeof bills.$inferInsert
export type BillItemRow = typeof billItems.$inferSelect
export type BillItemInsert = typeof billItems.$inferInsert
export type ServiceRow = typeof services.$inferSelect

type DocRef = { id: string; sequenceNumber: string | null }
export interface BillAggregate {
  row: BillRow
  items: BillItemRow[]
  creditNote: DocRef | null
  original: DocRef | null
}

export interface BillListFilter {
  from?: string
  to?: string
  status?: 'notpaid-indue' | 'notpaid-overdue' | 'paid'
  today: string
  businessclientId?: string
  limit: number
  offset: number
}

/** The services a run bills: a client's unbilled ones of a currency and issuer country in the period. */
export interface RunGroup {
  businessclientId: string
  currency: string
  country: string
  services: number
}

function statusCondition(f: BillListFilter): SQL | undefined {
  if (f.status === 'paid') return eq(bills.isPaid, true)
  if (f.status === 'notpaid-overdue')
    return and(eq(bills.isPaid, false), eq(bills.locked, true), lt(bills.dueDate, f.today))
  if (f.status === 'notpaid-indue')
    return and(eq(bills.isPaid, false), or(eq(bills.locked, false), gte(bills.dueDate, f.today)))
  return undefined
}

const creditNoteOf = (billId: string) =>
  sql<DocRef | null>`(select json_build_object('id', c.id, 'sequenceNumber', c.sequence_number)
    from bills c where c.bill_id = ${billId} and c.kind = 'billcreditnote' limit 1)`

export function createBillsRepository(db: DbOrTx) {
  return {
    async list(scope: TenantScope, f: BillListFilter) {
      const where = and(
        tenantCondition(scope, bills.businessclientId),
        f.businessclientId ? eq(bills.businessclientId, f.businessclientId) : undefined,
        f.from ? gte(bills.periodEnd, f.from) : undefined,
        f.to ? lte(bills.periodStart, f.to) : undefined,
        statusCondition(f),
      )
      const [rows, [total]] = await readTogether(db, [
        () =>
          db
            .select({
              row: bills,
              creditNote: sql<DocRef | null>`(select json_build_object('id', c.id, 'sequenceNumber', c.sequence_number)
                from bills c where c.bill_id = "bills"."id" and c.kind = 'billcreditnote' limit 1)`,
              original: sql<DocRef | null>`(select json_build_object('id', o.id, 'sequenceNumber', o.sequence_number)
                from bills o where o.id = "bills"."bill_id")`,
            })
            .from(bills)
            .where(where)
            .orderBy(desc(bills.createdAt), desc(bills.id))
            .limit(f.limit)
            .offset(f.offset),
        () => db.select({ n: count() }).from(bills).where(where),
      ] as const)
      return { rows, total: total?.n ?? 0 }
    },

    async find(scope: TenantScope, id: string): Promise<BillAggregate | undefined> {
      const [found] = await db
        .select({
          row: bills,
          creditNote: creditNoteOf(id),
          original: sql<DocRef | null>`(select json_build_object('id', o.id, 'sequenceNumber', o.sequence_number)
            from bills o where o.id = "bills"."bill_id")`,
        })
        .from(bills)
        .where(and(eq(bills.id, id), tenantCondition(scope, bills.businessclientId)))
      if (!found) return undefined
      return { ...found, items: await this.items(id) }
    },

    /** The bill locked for a change (undefined outside the scope). */
    async lock(scope: TenantScope, id: string): Promise<BillRow | undefined> {
      const [row] = await db
        .select()
        .from(bills)
        .where(and(eq(bills.id, id), tenantCondition(scope, bills.businessclientId)))
        .for('update')
      return row
    },

    items: (billId: string): Promise<BillItemRow[]> =>
      db.select().from(billItems).where(eq(billItems.billId, billId)).orderBy(asc(billItems.position)),

    async insert(row: BillInsert): Promise<BillRow> {
      const [inserted] = await db.insert(bills).values(row).returning()
      return inserted!
    },

    async insertItems(rows: BillItemInsert[]): Promise<void> {
      if (rows.length) await db.insert(billItems).values(rows)
    },

    async update(id: string, values: Partial<BillInsert>): Promise<void> {
      await db
        .update(bills)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(bills.id, id))
    },

    async updateItem(id: string, values: Partial<BillItemInsert>): Promise<void> {
      await db.update(billItems).set(values).where(eq(billItems.id, id))
    },

    async delete(id: string): Promise<void> {
      await db.delete(bills).where(eq(bills.id, id))
    },

    async hasCreditNote(billId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: bills.id })
        .from(bills)
        .where(and(eq(bills.billId, billId), eq(bills.kind, 'billcreditnote')))
      return row !== undefined
    },

    /** The client block a bill prints (spec §3 `businessclient`, `businessclientId`), as it is now. */
    async clientBlock(businessclientId: string, country: string): Promise<BillClient | undefined> {
      const [client] = await db.select().from(businessClients).where(eq(businessClients.id, businessclientId))
      if (!client) return undefined
      const ids = await db
        .select()
        .from(businessClientCompanyIds)
        .where(eq(businessClientCompanyIds.businessclientId, businessclientId))
        .orderBy(asc(businessClientCompanyIds.createdAt))
      // The company ids of the issuer's country first (a client may hold ids in several countries).
      const own = ids.find((i) => i.country === country) ?? ids[0]
      return {
        name: client.name,
        address: {
          street: client.addressStreet,
          streetNr: client.addressStreetNr,
          postcode: client.addressPostcode,
          city: client.addressCity,
          country: client.addressCountry,
        },
        coid: own?.coid ?? '',
        taxid: own?.taxid ?? '',
        register: own?.register ?? '',
      }
    },

    /** The names of business clients by id (the run names the clients it skipped). */
    async clientNames(ids: string[]): Promise<Map<string, string>> {
      if (!ids.length) return new Map()
      const rows = await db
        .select({ id: businessClients.id, name: businessClients.name })
        .from(businessClients)
        .where(inArray(businessClients.id, ids))
      return new Map(rows.map((r) => [r.id, r.name]))
    },

    /** Whether the client holds a company-id record of `country` with a VAT number. */
    async hasCompanyIdIn(businessclientId: string, country: string): Promise<boolean> {
      const [row] = await db
        .select({ taxid: businessClientCompanyIds.taxid })
        .from(businessClientCompanyIds)
        .where(
          and(
            eq(businessClientCompanyIds.businessclientId, businessclientId),
            eq(businessClientCompanyIds.country, country),
            sql`${businessClientCompanyIds.taxid} <> ''`,
          ),
        )
        .limit(1)
      return Boolean(row)
    },

    /** The run's input: unbilled services of the period by client, currency and country (a few rows). */
    unbilledGroups(period: { start: string; end: string }, businessclientId?: string): Promise<RunGroup[]> {
      return db
        .select({
          businessclientId: services.businessclientId,
          currency: services.currency,
          country: services.country,
          services: sql<number>`count(*)::int`,
        })
        .from(services)
        .where(
          and(
            isNull(services.billId),
            gte(services.serviceDate, period.start),
            lte(services.serviceDate, period.end),
            businessclientId ? eq(services.businessclientId, businessclientId) : undefined,
          ),
        )
        .groupBy(services.businessclientId, services.currency, services.country)
        .orderBy(services.businessclientId, services.currency, services.country)
    },

    /**
     * Gives the group's unbilled services to the bill in ONE statement: a concurrent run waits on the rows
     * this one updates and then finds them billed (READ COMMITTED re-checks `bill_id is null`), so every
     * service is billed once. Answers how many it took.
     */
    async claim(billId: string, g: RunGroup, period: { start: string; end: string }): Promise<number> {
      const result = await db.execute(sql`
        update services set bill_id = ${billId}
        where bill_id is null and businessclient_id = ${g.businessclientId} and currency = ${g.currency}
          and country = ${g.country} and service_date between ${period.start} and ${period.end}`)
      return result.rowCount ?? 0
    },

    /** A bill's services summed per service name and unit price (the bill's items). */
    itemGroups(billId: string) {
      return db
        .select({
          serviceType: services.serviceType,
          unitPrice: services.unitPrice,
          quantity: sql<string>`sum(${services.quantity})::text`,
          amount: sql<string>`sum(${services.amount})::text`,
        })
        .from(services)
        .where(eq(services.billId, billId))
        .groupBy(services.serviceType, services.unitPrice)
        .orderBy(services.serviceType, services.unitPrice)
    },

    /** The services summary per service name (spec §3 Bill services summary). */
    summary(billId: string) {
      return db
        .select({
          serviceType: services.serviceType,
          quantity: sql<string>`sum(${services.quantity})::text`,
          total: sql<string>`sum(${services.amount})::text`,
        })
        .from(services)
        .where(eq(services.billId, billId))
        .groupBy(services.serviceType)
        .orderBy(services.serviceType)
    },

    async services(billId: string, limit: number, offset: number) {
      const [rows, [total]] = await readTogether(db, [
        () =>
          db
            .select()
            .from(services)
            .where(eq(services.billId, billId))
            .orderBy(asc(services.id))
            .limit(limit)
            .offset(offset),
        () => db.select({ n: count() }).from(services).where(eq(services.billId, billId)),
      ] as const)
      return { rows, total: total?.n ?? 0 }
    },

    /** A bill's services for the export, by id after `after` (keyset paging, flat memory). */
    servicesAfter(
      billId: string,
      f: { serviceType?: string; from?: string; to?: string },
      after: string | undefined,
      limit: number,
    ): Promise<ServiceRow[]> {
      return db
        .select()
        .from(services)
        .where(
          and(
            eq(services.billId, billId),
            f.serviceType ? eq(services.serviceType, f.serviceType) : undefined,
            f.from ? gte(services.serviceDate, f.from) : undefined,
            f.to ? lte(services.serviceDate, f.to) : undefined,
            after ? gt(services.id, after) : undefined,
          ),
        )
        .orderBy(asc(services.id))
        .limit(limit)
    },

    /**
     * Locks the bill with the next number of its series in ONE statement, the last of the locking
     * transaction (FINANCE.md "Numbering"). Answers the number.
     */
    async takeNumber(billId: string, seriesId: string): Promise<string> {
      const result = await db.execute<{ number: string }>(sql`
        ${takenNumber(seriesId)}
        update bills b
        set sequence_number = ${takenNumberText}, series_id = ${seriesId}, locked = true,
            locked_at = now(), updated_at = now()
        from taken t
        where b.id = ${billId}
        returning b.sequence_number as number`)
      return result.rows[0]!.number
    },
  }
}
