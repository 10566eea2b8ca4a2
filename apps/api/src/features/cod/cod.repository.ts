import {
  type CodMismatchKind,
  type CodMismatchListQuery,
  type CodTransferStatus,
  countryNames,
  currencyOfCountry,
  type TransferListQuery,
} from '@expedo/domain'
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import {
  bills,
  businessClientBankAccounts,
  businessClients,
  codCollections,
  codMismatchActions,
  codMismatches,
  codTransfers,
  issuers,
  orders,
} from '../../db/schema/index.ts'
import { type DbOrTx, readTogether } from '../../platform/db/database.ts'
import { pageOf } from '../../platform/db/paging.ts'
import { runShaped, StatementParams } from '../../platform/db/prepared.ts'
import { tenantCondition, tenantShape } from '../../platform/db/tenant.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'
import { UUIDV7_SQL } from '../services/index.ts'

export type TransferRow = typeof codTransfers.$inferSelect & { businessclientName: string }
export type MismatchRow = typeof codMismatches.$inferSelect

/** One payout line as read from a report, before it is stored. */
export interface PayoutLine {
  trackingId: string
  /** decimal text, 2 places */
  amount: string
  currency: string
  paidDate: string | null
}

/**
 * The order's COD currency in SQL: its ship-to country's (the invoice rule, currencyOfCountry), EUR
 * elsewhere. Built from the domain's rule over the country list, so there is one rule.
 */
const nonEur = countryNames.map((c) => [c, currencyOfCountry(c)] as const).filter(([, cur]) => cur !== 'EUR')
export const orderCurrencySql = (country: SQL) =>
  sql`(case ${country} ${sql.join(
    nonEur.map(([c, cur]) => sql`when ${c} then ${cur}`),
    sql` `,
  )} else 'EUR' end)`
const oCurrency = orderCurrencySql(sql.raw('o.ship_to_country'))

const INSERT_CHUNK = 10_000

/** The rows of a `db.execute` answer (node-postgres and PGlite shape alike). */
const rowsOf = <T>(result: { rows: unknown[] }): T[] => result.rows as T[]

export function createCodRepository(db: DbOrTx) {
  return {
    /**
     * Stores a report's payout lines under `importId`; a line already stored (same dedupe key) is skipped.
     * Answers how many were new.
     */
    async insertPayouts(
      lines: PayoutLine[],
      meta: { source: 'econt' | 'upload'; reportId: string; importId: string; userId: string | null },
    ): Promise<number> {
      let inserted = 0
      // One statement per chunk over unnest()ed arrays: four parameters, whatever the number of lines.
      for (let i = 0; i < lines.length; i += INSERT_CHUNK) {
        const chunk = lines.slice(i, i + INSERT_CHUNK)
        const result = await db.execute(sql`
          insert into cod_payouts (id, source, tracking_id, amount, currency, paid_date, report_id, import_id,
                                   dedupe_key, created_by, created_at)
          select ${sql.raw(UUIDV7_SQL)}, ${meta.source}, l.tracking_id, l.amount, l.currency, l.paid_date,
                 ${meta.reportId}, ${meta.importId}::uuid,
                 l.tracking_id || '|' || l.amount::text || '|' || l.currency || '|' || coalesce(l.paid_date::text, ''),
                 ${meta.userId}::uuid, now()
          from unnest(${sql.param(chunk.map((l) => l.trackingId))}::text[],
                      ${sql.param(chunk.map((l) => l.amount))}::numeric(14,2)[],
                      ${sql.param(chunk.map((l) => l.currency))}::text[],
                      ${sql.param(chunk.map((l) => l.paidDate))}::date[])
               as l(tracking_id, amount, currency, paid_date)
          on conflict (dedupe_key) do nothing`)
        inserted += result.rowCount ?? 0
      }
      return inserted
    },

    /**
     * Reconciles the payouts of one import, set-based: each is matched to the order of its tracking id;
     * an equal amount (in the order's currency) marks the order collected, a different one queues
     * 'amount_differs', no order 'unknown_tracking'. An open 'not_paid' of an order now collected closes.
     */
    async reconcile(importId: string) {
      // A tracking id a courier reused (or two orders share) matches the order still waiting for its COD and
      // not collected yet, with the same amount, the newest: one order per payout.
      await db.execute(sql`
        update cod_payouts p set order_id = m.order_id
        from (
          select distinct on (q.id) q.id as payout_id, o.id as order_id
          from cod_payouts q join orders o on o.tracking_id = q.tracking_id and o.tracking_id <> ''
          where q.import_id = ${importId}
          order by q.id, (o.status = 'COD WAITING') desc,
                   (not exists (select 1 from cod_collections c where c.order_id = o.id)) desc,
                   (o.cod_amount = q.amount) desc, o.created_at desc, o.id
        ) m
        where p.id = m.payout_id`)
      const collected = await db.execute(sql`
        insert into cod_collections (order_id, businessclient_id, currency, amount, payout_id, collected_at)
        select distinct on (o.id) o.id, o.businessclient_id, ${oCurrency}, p.amount, p.id, now()
        from cod_payouts p join orders o on o.id = p.order_id
        where p.import_id = ${importId} and p.amount = o.cod_amount
          and (p.currency = '' or p.currency = ${oCurrency})
        order by o.id, p.paid_date, p.id
        on conflict (order_id) do nothing`)
      const differs = await db.execute(sql`
        insert into cod_mismatches (id, kind, order_id, payout_id, businessclient_id, tracking_id, currency,
                                    expected, received)
        select ${sql.raw(UUIDV7_SQL)}, 'amount_differs', o.id, p.id, o.businessclient_id, p.tracking_id,
               case when p.currency = '' then ${oCurrency} else p.currency end, o.cod_amount, p.amount
        from cod_payouts p join orders o on o.id = p.order_id
        where p.import_id = ${importId}
          and not exists (select 1 from cod_collections c where c.payout_id = p.id)`)
      const unknown = await db.execute(sql`
        insert into cod_mismatches (id, kind, payout_id, tracking_id, currency, received)
        select ${sql.raw(UUIDV7_SQL)}, 'unknown_tracking', p.id, p.tracking_id, p.currency, p.amount
        from cod_payouts p
        where p.import_id = ${importId} and p.order_id is null`)
      await db.execute(sql`
        update cod_mismatches m set status = 'accepted', reason = 'Paid in a later payout report',
          resolved_at = now(), updated_at = now()
        from cod_collections c join cod_payouts p on p.id = c.payout_id
        where p.import_id = ${importId} and m.kind = 'not_paid' and m.status = 'open'
          and m.order_id = c.order_id`)
      return {
        collected: collected.rowCount ?? 0,
        amountDiffers: differs.rowCount ?? 0,
        unknownTracking: unknown.rowCount ?? 0,
      }
    },

    /** Queues 'not_paid' for COD WAITING orders that entered it before `before` and have no payout. */
    async queueNotPaid(before: Date): Promise<number> {
      const result = await db.execute(sql`
        insert into cod_mismatches (id, kind, order_id, businessclient_id, tracking_id, currency, expected)
        select ${sql.raw(UUIDV7_SQL)}, 'not_paid', o.id, o.businessclient_id, o.tracking_id, ${oCurrency}, o.cod_amount
        from orders o
        where o.status = 'COD WAITING' and o.cod_apply
          and not exists (select 1 from cod_collections c where c.order_id = o.id)
          and not exists (select 1 from cod_payouts p where p.order_id = o.id)
          and coalesce((select max(l.at) from order_change_logs l
                        where l.order_id = o.id and l.what like '%→ COD WAITING%'), o.updated_at)
              < ${before.toISOString()}::timestamptz
        on conflict (order_id) where kind = 'not_paid' do nothing`)
      return result.rowCount ?? 0
    },

    async mismatches(q: CodMismatchListQuery) {
      const where = and(
        q.status ? eq(codMismatches.status, q.status) : undefined,
        q.kind ? eq(codMismatches.kind, q.kind) : undefined,
        q.businessclient ? eq(codMismatches.businessclientId, q.businessclient) : undefined,
      )
      const { offset, limit } = pageOf(q)
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: codMismatches.id })
          .from(codMismatches)
          .where(where)
          .orderBy(desc(codMismatches.createdAt), desc(codMismatches.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(codMismatches).where(where),
      ])
      return { ids: rows.map((r) => r.id), total: total?.n ?? 0 }
    },

    /** Mismatches with their order, client, payout, resolver and actions, in the order of `ids`. */
    async mismatchViews(ids: string[]) {
      if (!ids.length) return []
      const rows = rowsOf<Record<string, unknown>>(
        await db.execute(sql`
          select m.*, o.client_order_nr, o.internal_numeric_id, b.name as businessclient_name,
                 p.paid_date, p.report_id, u.username as resolved_by_name,
                 coalesce((select json_agg(json_build_object('action', a.action, 'amount', a.amount,
                   'reason', a.reason, 'username', a.username, 'at', a.at) order by a.at)
                   from cod_mismatch_actions a where a.mismatch_id = m.id), '[]') as actions
          from cod_mismatches m
          left join orders o on o.id = m.order_id
          left join business_clients b on b.id = m.businessclient_id
          left join cod_payouts p on p.id = m.payout_id
          left join users u on u.id = m.resolved_by
          where m.id in ${sql`(${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`}`),
      )
      const byId = new Map(rows.map((r) => [r.id as string, r]))
      return ids.map((id) => byId.get(id)).filter((r) => r !== undefined)
    },

    async lockMismatch(id: string): Promise<MismatchRow | undefined> {
      const [row] = await db.select().from(codMismatches).where(eq(codMismatches.id, id)).for('update')
      return row
    },

    async resolveMismatch(
      id: string,
      set: { status: string; reason: string; userId: string },
      action: { action: string; amount: string | null; reason: string; username: string },
    ) {
      await db
        .update(codMismatches)
        .set({ status: set.status, reason: set.reason, resolvedBy: set.userId, resolvedAt: new Date() })
        .where(eq(codMismatches.id, id))
      await db.insert(codMismatchActions).values({
        mismatchId: id,
        action: action.action,
        amount: action.amount,
        reason: action.reason,
        userId: set.userId,
        username: action.username,
        at: sql`clock_timestamp()`,
      })
    },

    /** Marks an order collected (from a resolved mismatch); nothing when it is collected already. */
    async collect(orderId: string, values: { amount: string; currency?: string; mismatchId: string }) {
      await db.execute(sql`
        insert into cod_collections (order_id, businessclient_id, currency, amount, mismatch_id, payout_id)
        select o.id, o.businessclient_id, coalesce(${values.currency ?? null}::text, ${oCurrency}),
               ${values.amount}, ${values.mismatchId}, m.payout_id
        from orders o join cod_mismatches m on m.id = ${values.mismatchId}
        where o.id = ${orderId}
        on conflict (order_id) do nothing`)
    },

    /** The collected, not yet transferred COD of a client in a currency (orders in COD WAITING). */
    async preview(businessclientId: string, currency: string) {
      const [row] = rowsOf<{ n: number; amount: string | null }>(
        await db.execute(sql`
          select count(*)::int as n, sum(c.amount)::text as amount
          from cod_collections c join orders o on o.id = c.order_id
          where c.businessclient_id = ${businessclientId} and c.currency = ${currency}
            and c.transfer_id is null and o.cod_transfer_id is null and o.status = 'COD WAITING'`),
      )
      return { ordersCount: row?.n ?? 0, amount: row?.amount ?? '0' }
    },

    /** Serialises transfer creation per client and currency until the transaction ends. */
    async lockClientCurrency(businessclientId: string, currency: string) {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`cod-transfer\n${businessclientId}\n${currency}`}, 0))`,
      )
    },

    async businessClient(id: string) {
      const [row] = await db
        .select({ id: businessClients.id, name: businessClients.name })
        .from(businessClients)
        .where(eq(businessClients.id, id))
      return row
    },

    async bankAccount(businessclientId: string, currency: string) {
      const [row] = await db
        .select()
        .from(businessClientBankAccounts)
        .where(
          and(
            eq(businessClientBankAccounts.businessclientId, businessclientId),
            eq(businessClientBankAccounts.currency, currency),
          ),
        )
        .orderBy(businessClientBankAccounts.createdAt, businessClientBankAccounts.id)
        .limit(1)
      return row
    },

    /** The orders a new transfer takes, locked FOR UPDATE (READ COMMITTED re-checks them after a wait). */
    async lockTransferable(businessclientId: string, currency: string) {
      return db
        .select({ order: orders, amount: codCollections.amount })
        .from(codCollections)
        .innerJoin(orders, eq(orders.id, codCollections.orderId))
        .where(
          and(
            eq(codCollections.businessclientId, businessclientId),
            eq(codCollections.currency, currency),
            isNull(codCollections.transferId),
            isNull(orders.codTransferId),
            eq(orders.status, 'COD WAITING'),
          ),
        )
        .orderBy(orders.id)
        .for('update')
    },

    /** The client's locked, unpaid bills in a currency, oldest first, locked. */
    async unpaidBills(businessclientId: string, currency: string) {
      return rowsOf<{ id: string; sequence_number: string; amount: string }>(
        await db.execute(sql`
          select id, coalesce(sequence_number, '') as sequence_number, brutto_total::text as amount
          from bills
          where businessclient_id = ${businessclientId} and currency = ${currency} and kind = 'bill'
            and locked and not is_paid and brutto_total > 0
          order by issued_date nulls last, id
          for update`),
      )
    },

    async markBillsPaid(ids: string[]) {
      if (!ids.length) return
      await db.update(bills).set({ isPaid: true, paidAt: new Date() }).where(inArray(bills.id, ids))
    },

    async insertTransfer(values: typeof codTransfers.$inferInsert) {
      const [row] = await db.insert(codTransfers).values(values).returning()
      return row!
    },

    /** Gives the collections to the transfer (the orders get it with their status change). */
    async attachCollections(transferId: string, orderIds: string[]) {
      for (let i = 0; i < orderIds.length; i += 10_000) {
        const chunk = orderIds.slice(i, i + 10_000)
        await db
          .update(codCollections)
          .set({ transferId })
          .where(and(inArray(codCollections.orderId, chunk), isNull(codCollections.transferId)))
      }
    },

    async transfers(scope: TenantScope, q: TransferListQuery) {
      const params = new StatementParams()
      const where = and(
        tenantCondition(scope, codTransfers.businessclientId, params),
        q.status ? eq(codTransfers.status, params.p('status', q.status)) : undefined,
        q.businessclient
          ? eq(codTransfers.businessclientId, params.p('client', q.businessclient))
          : undefined,
      )
      const shape = `${tenantShape(scope)}.${q.status ? 's' : ''}.${q.businessclient ? 'b' : ''}`
      const { offset, limit } = pageOf(q)
      const [list, [total]] = await readTogether(db, [
        () =>
          runShaped(
            db,
            'transfers_page',
            shape,
            params,
            db
              .select({ t: codTransfers, businessclientName: businessClients.name })
              .from(codTransfers)
              .innerJoin(businessClients, eq(businessClients.id, codTransfers.businessclientId))
              .where(where)
              .orderBy(desc(codTransfers.createdAt), desc(codTransfers.id))
              .offset(params.p('offset', offset))
              .limit(params.p('limit', limit)),
          ),
        () =>
          runShaped(
            db,
            'transfers_count',
            shape,
            params,
            db.select({ n: count() }).from(codTransfers).where(where),
          ),
      ])
      return {
        list: list.map((r) => ({ ...r.t, businessclientName: r.businessclientName })),
        total: total?.n ?? 0,
      }
    },

    async transfer(scope: TenantScope, id: string, lock = false): Promise<TransferRow | undefined> {
      const query = db
        .select({ t: codTransfers, businessclientName: businessClients.name })
        .from(codTransfers)
        .innerJoin(businessClients, eq(businessClients.id, codTransfers.businessclientId))
        .where(and(eq(codTransfers.id, id), tenantCondition(scope, codTransfers.businessclientId)))
      const [row] = lock ? await query.for('update', { of: codTransfers }) : await query
      return row ? { ...row.t, businessclientName: row.businessclientName } : undefined
    },

    /** Transfers by id, locked in id order (two payment-file calls wait for each other, never deadlock). */
    async lockTransfers(ids: string[]): Promise<TransferRow[]> {
      const rows = await db
        .select({ t: codTransfers, businessclientName: businessClients.name })
        .from(codTransfers)
        .innerJoin(businessClients, eq(businessClients.id, codTransfers.businessclientId))
        .where(inArray(codTransfers.id, ids))
        .orderBy(codTransfers.id)
        .for('update', { of: codTransfers })
      return rows.map((r) => ({ ...r.t, businessclientName: r.businessclientName }))
    },

    async setTransferStatus(ids: string[], status: CodTransferStatus) {
      await db
        .update(codTransfers)
        .set({ status, updatedAt: new Date() })
        .where(inArray(codTransfers.id, ids))
    },

    /** A transfer's orders, paged (or all, for the export, in batches). */
    async transferOrders(transferId: string, page: { offset: number; limit: number }) {
      const [rows, [total]] = await Promise.all([
        rowsOf<Record<string, unknown>>(
          await db.execute(sql`
            select o.id, o.client_order_nr, o.internal_numeric_id, o.status, o.tracking_id,
                   o.ship_to_country, o.cod_amount::text as cod_amount,
                   ((o.ship_to_client ->> 'firstName') || ' ' || (o.ship_to_client ->> 'lastName')) as customer,
                   coalesce(c.amount, o.cod_amount)::text as collected,
                   (select sum(i.brutto_total) from invoices i
                    where i.order_id = o.id and i.sequence_number is not null)::text as invoiced
            from orders o left join cod_collections c on c.order_id = o.id
            where o.cod_transfer_id = ${transferId}
            order by o.internal_numeric_id, o.id
            offset ${page.offset} limit ${page.limit}`),
        ),
        db.select({ n: count() }).from(orders).where(eq(orders.codTransferId, transferId)),
      ])
      return { rows, total: total?.n ?? 0 }
    },

    async issuers() {
      return db.select().from(issuers).orderBy(issuers.country)
    },

    /** A mismatch kind's row count by status, for tests and the screen's badge. */
    async openCount(kind?: CodMismatchKind): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(codMismatches)
        .where(and(eq(codMismatches.status, 'open'), kind ? eq(codMismatches.kind, kind) : undefined))
      return row?.n ?? 0
    },
  }
}
export type CodRepository = ReturnType<typeof createCodRepository>
