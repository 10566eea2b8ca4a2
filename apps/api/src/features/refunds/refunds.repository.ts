import type { RefundSortColumn, RefundStatus } from '@expedo/domain'
import { and, asc, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import {
  businessClients,
  issuers,
  orders,
  refundDayCounts,
  refundStatusDayCounts,
  refunds,
  warehouses,
} from '../../db/schema/index.ts'
import { type DbOrTx, readTogether } from '../../platform/db/database.ts'
import { mergeDeltaCounts } from '../../platform/db/delta-counts.ts'
import { containsPattern } from '../../platform/db/like.ts'
import { cappedCount, cappedTotal } from '../../platform/db/paging.ts'
import { runShaped, StatementParams } from '../../platform/db/prepared.ts'
import { tenantCondition, tenantShape } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

export type RefundTableRow = typeof refunds.$inferSelect
export type IssuerRow = typeof issuers.$inferSelect
export type RefundInsert = typeof refunds.$inferInsert

/** A refund with what its screens show beside it: the order's number and the client's name. */
export interface RefundRow {
  refund: RefundTableRow
  clientOrderNr: string
  clientName: string
}

export interface RefundFilter {
  searchTerm?: string | undefined
  from?: Date | undefined
  before?: Date | undefined
  status?: RefundStatus | undefined
  businessclientId?: string | undefined
}

const sortColumns: Record<RefundSortColumn, AnyPgColumn> = {
  createdAt: refunds.createdAt,
  updatedAt: refunds.updatedAt,
  refundid: refunds.refundid,
  amount: refunds.amount,
  status: refunds.status,
  name: refunds.name,
}

const selection = {
  refund: refunds,
  clientOrderNr: orders.clientOrderNr,
  clientName: businessClients.name,
}

function filterCondition(scope: TenantScope, f: RefundFilter, params: StatementParams): SQL | undefined {
  const term = f.searchTerm?.trim()
  const pattern = term ? params.p('like', containsPattern(term)) : undefined
  return and(
    tenantCondition(scope, refunds.businessclientId, params),
    f.businessclientId ? eq(refunds.businessclientId, params.p('client', f.businessclientId)) : undefined,
    f.status ? eq(refunds.status, params.p('status', f.status)) : undefined,
    f.from ? gte(refunds.createdAt, params.p('from', f.from.toISOString())) : undefined,
    f.before ? lt(refunds.createdAt, params.p('before', f.before.toISOString())) : undefined,
    pattern
      ? or(
          ilike(refunds.refundid, pattern),
          ilike(refunds.name, pattern),
          ilike(refunds.phone, pattern),
          // The order number: the matching orders (their trigram index), then their refunds (an array of ids
          // keeps this branch an index scan of the OR, as the three above are).
          sql`${refunds.orderId} = any(array(select o.id from orders o where o.client_order_nr ilike ${pattern}))`,
        )
      : undefined,
  )
}

/** Every choice filterCondition makes that changes the statement's text (runShaped). */
const filterShape = (scope: TenantScope, f: RefundFilter): string =>
  [
    tenantShape(scope),
    f.businessclientId ? 'b' : '',
    f.status ? 's' : '',
    f.from ? 'f' : '',
    f.before ? 'u' : '',
    f.searchTerm?.trim() ? 'q' : '',
  ].join('.')

const day = (at: Date) => at.toISOString().slice(0, 10)

/** The list's filters on refund_day_counts (its count without a search term; the dates are whole UTC days). */
const dayCountCondition = (scope: TenantScope, f: RefundFilter, params: StatementParams): SQL | undefined =>
  and(
    tenantCondition(scope, refundDayCounts.businessclientId, params),
    f.businessclientId
      ? eq(refundDayCounts.businessclientId, params.p('client', f.businessclientId))
      : undefined,
    f.status ? eq(refundDayCounts.status, params.p('status', f.status)) : undefined,
    f.from ? gte(refundDayCounts.day, params.p('from', day(f.from))) : undefined,
    f.before ? lt(refundDayCounts.day, params.p('before', day(f.before))) : undefined,
  )

/** Folds refund_day_counts' deltas (platform/db/delta-counts.ts); answers how many delta rows it folded. */
export const mergeRefundDayCounts = async (db: DbOrTx): Promise<number> =>
  (await mergeDeltaCounts(db, 'refund_day_counts', ['businessclient_id', 'status', 'day'])) +
  (await mergeDeltaCounts(db, 'refund_status_day_counts', ['status', 'day']))

/** Staff counting every client: the counts without the client dimension (a row per status and day). */
const statusDayCountCondition = (f: RefundFilter, params: StatementParams): SQL | undefined =>
  and(
    f.status ? eq(refundStatusDayCounts.status, params.p('status', f.status)) : undefined,
    f.from ? gte(refundStatusDayCounts.day, params.p('from', day(f.from))) : undefined,
    f.before ? lt(refundStatusDayCounts.day, params.p('before', day(f.before))) : undefined,
  )

export function createRefundsRepository(db: DbOrTx) {
  const base = () =>
    db
      .select(selection)
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .innerJoin(businessClients, eq(businessClients.id, refunds.businessclientId))

  return {
    async list(
      scope: TenantScope,
      f: RefundFilter,
      sort: { column: RefundSortColumn; type: 'asc' | 'desc' },
      limit: number,
      offset: number,
    ): Promise<{ rows: RefundRow[]; total: number; totalCapped?: true }> {
      const params = new StatementParams()
      const where = filterCondition(scope, f, params)
      const shape = filterShape(scope, f)
      const dir = sort.type === 'asc' ? asc : desc
      const page = base()
        .where(where)
        .orderBy(dir(sortColumns[sort.column]), dir(refunds.id))
        .limit(params.p('limit', limit))
        .offset(params.p('offset', offset))
      // Without a search term the count sums the day counts of the filters instead of counting refunds.
      const counted = (): Promise<{ n: number }[]> => {
        if (f.searchTerm?.trim())
          return runShaped(
            db,
            'refunds_count',
            shape,
            params,
            // Counted up to the cap: a broad term would count every refund it matches.
            cappedCount(db, refunds, where),
          )
        const countParams = new StatementParams()
        if (scope.kind === 'all' && !f.businessclientId)
          return runShaped(
            db,
            'refunds_count_status_days',
            shape,
            countParams,
            db
              .select({ n: sql<number>`coalesce(sum(${refundStatusDayCounts.count}), 0)::int` })
              .from(refundStatusDayCounts)
              .where(statusDayCountCondition(f, countParams)),
          )
        return runShaped(
          db,
          'refunds_count_days',
          shape,
          countParams,
          db
            .select({ n: sql<number>`coalesce(sum(${refundDayCounts.count}), 0)::int` })
            .from(refundDayCounts)
            .where(dayCountCondition(scope, f, countParams)),
        )
      }
      const [rows, [total]] = await readTogether(db, [
        () => runShaped(db, 'refunds_page', `${shape}.${sort.column}.${sort.type}`, params, page),
        counted,
      ] as const)
      const n = total?.n ?? 0
      return { rows, ...(f.searchTerm?.trim() ? cappedTotal(n) : { total: n }) }
    },

    /** The export's rows after `after` (keyset on created_at desc, id desc), `limit` at a time. */
    async exportPage(
      scope: TenantScope,
      f: RefundFilter,
      afterId: string | undefined,
      limit: number,
    ): Promise<RefundRow[]> {
      return base()
        .where(
          and(
            filterCondition(scope, f, new StatementParams({ inline: true })),
            // The exact stored instant (microseconds) of the last row: a JS Date would round it to milliseconds.
            afterId
              ? sql`(${refunds.createdAt}, ${refunds.id}) < (select r.created_at, r.id from refunds r where r.id = ${afterId})`
              : undefined,
          ),
        )
        .orderBy(desc(refunds.createdAt), desc(refunds.id))
        .limit(limit)
    },

    async find(scope: TenantScope, id: string): Promise<RefundRow | undefined> {
      const [row] = await base().where(
        and(eq(refunds.id, id), tenantCondition(scope, refunds.businessclientId)),
      )
      return row
    },

    /** The refund locked for a change (undefined outside the scope). */
    async lock(scope: TenantScope, id: string): Promise<RefundTableRow | undefined> {
      const [row] = await db
        .select()
        .from(refunds)
        .where(and(eq(refunds.id, id), tenantCondition(scope, refunds.businessclientId)))
        .for('update')
      return row
    },

    /** Several refunds locked in id order (no deadlock between two bulk calls), within the scope. */
    lockMany: (scope: TenantScope, ids: string[]): Promise<RefundTableRow[]> =>
      db
        .select()
        .from(refunds)
        .where(and(inArray(refunds.id, ids), tenantCondition(scope, refunds.businessclientId)))
        .orderBy(asc(refunds.id))
        .for('update'),

    /**
     * The Approved refunds to send (the chosen ones or all), locked. A refund another file took meanwhile is
     * no longer Approved when the lock is granted: PostgreSQL re-checks the condition, so it is left out.
     */
    lockApproved: (ids: string[] | undefined, currency: string | undefined): Promise<RefundTableRow[]> =>
      db
        .select()
        .from(refunds)
        .where(
          and(
            eq(refunds.status, 'Approved'),
            ids ? inArray(refunds.id, ids) : undefined,
            currency ? eq(refunds.currency, currency) : undefined,
          ),
        )
        .orderBy(asc(refunds.id))
        .for('update'),

    /** The order a refund is created from, locked (two refunds of one order are created one after the other). */
    async lockOrder(scope: TenantScope, orderId: string) {
      const [row] = await db
        .select({
          id: orders.id,
          businessclientId: orders.businessclientId,
          clientOrderNr: orders.clientOrderNr,
          internalNumericId: orders.internalNumericId,
          shipToCountry: orders.shipToCountry,
          warehouseCountry: warehouses.country,
        })
        .from(orders)
        .leftJoin(warehouses, eq(warehouses.id, orders.warehouseId))
        .where(and(eq(orders.id, orderId), tenantCondition(scope, orders.businessclientId)))
        .for('update', { of: orders })
      return row
    },

    /** Whether the order has a refund of this amount already (the duplicate rule). */
    async hasSameRefund(orderId: string, amount: string): Promise<boolean> {
      const [row] = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.orderId, orderId), eq(refunds.amount, amount)))
        .limit(1)
      return row !== undefined
    },

    async insert(values: RefundInsert): Promise<RefundTableRow> {
      const [row] = await db.insert(refunds).values(values).returning()
      return row!
    },

    async update(id: string, values: Partial<RefundInsert>): Promise<void> {
      await db
        .update(refunds)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(refunds.id, id))
    },

    async setStatus(ids: string[], values: Partial<RefundInsert>): Promise<void> {
      if (!ids.length) return
      await db
        .update(refunds)
        .set({ ...values, updatedAt: new Date() })
        .where(inArray(refunds.id, ids))
    },

    async delete(id: string): Promise<void> {
      await db.delete(refunds).where(eq(refunds.id, id))
    },

    /** The provider's issuers with their bank accounts: who pays a payment file, by currency. */
    issuers: () => db.select().from(issuers).orderBy(asc(issuers.country)),

    /** Order numbers of refunds (for a payment file's remittance text). */
    async orderNumbers(orderIds: string[]): Promise<Map<string, string>> {
      if (!orderIds.length) return new Map()
      const rows = await db
        .select({ id: orders.id, nr: orders.clientOrderNr, internal: orders.internalNumericId })
        .from(orders)
        .where(inArray(orders.id, orderIds))
      return new Map(rows.map((r) => [r.id, r.nr || String(r.internal)]))
    },
  }
}
export type RefundsRepository = ReturnType<typeof createRefundsRepository>
