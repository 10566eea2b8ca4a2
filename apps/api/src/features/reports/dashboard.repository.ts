import { waitingStatuses } from '@expedo/domain'
import { type SQL, sql } from 'drizzle-orm'
import { type DbOrTx, readTogether } from '../../platform/db/database.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'

/** The scope (and staff's chosen client) on a businessclient_id column. */
function tenantOn(column: SQL, scope: TenantScope, businessclientId: string | undefined): SQL {
  const parts: SQL[] = [sql`true`]
  if (scope.kind === 'client') {
    parts.push(scope.businessclientId ? sql`${column} = ${scope.businessclientId}` : sql`false`)
  }
  if (businessclientId) parts.push(sql`${column} = ${businessclientId}`)
  return sql.join(parts, sql` and `)
}

const waitingList = sql.join(
  waitingStatuses.map((s) => sql`${s}`),
  sql`, `,
)

type Row<T> = T & Record<string, unknown>

/**
 * Every tile reads a kept rollup, tens of rows, never an aggregate over orders, their lines or services:
 * order_day_status_counts (per day), order_status_totals (per status), cod_waiting_totals,
 * nogoods_demand and unbilled_service_totals (db/schema/dashboard.table.ts; readers sum the merged rows
 * and the deltas not folded yet).
 */
export function createDashboardRepository(db: DbOrTx) {
  return {
    async read(
      scope: TenantScope,
      f: {
        businessclientId?: string | undefined
        days: number
        top: number
        services: boolean
        bills: boolean
      },
    ) {
      const on = (column: string) => tenantOn(sql.raw(column), scope, f.businessclientId)
      const [perDay, waiting, cod, alerts, unbilled, unlocked] = await readTogether(db, [
        // Orders created per day (UTC) of the window, by their status now.
        () =>
          db.execute<Row<{ day: string; status: string; count: number }>>(sql`
            select d.day::text as day, d.status, sum(d.count)::int as count from order_day_status_counts d
            where d.day > (now() at time zone 'UTC')::date - ${f.days}::int and ${on('d.businessclient_id')}
            group by d.day, d.status having sum(d.count) > 0 order by d.day, d.status`),
        // Per status totals (ADR 0011).
        () =>
          db.execute<Row<{ status: string; count: number }>>(sql`
            select t.status, sum(t.count)::int as count from order_status_totals t
            where t.status in (${waitingList}, 'COD WAITING') and ${on('t.businessclient_id')}
            group by t.status having sum(t.count) > 0 order by t.status`),
        // COD waiting per ship-to country.
        () =>
          db.execute<Row<{ country: string; count: number; amount: string }>>(sql`
            select c.country, sum(c.count)::int as count, sum(c.amount)::text as amount
            from cod_waiting_totals c where ${on('c.businessclient_id')}
            group by c.country having sum(c.count) > 0 order by c.country`),
        // Products No goods orders wait for that have no free stock anywhere, the most waited for first
        // ("orders": the waiting order lines of the product).
        () =>
          db.execute<
            Row<{
              total: number
              product: string
              sku: string
              name: string
              orders: number
              quantity: number
            }>
          >(sql`
            with waiting as (
              select d.product_id, sum(d.lines)::int as orders, sum(d.quantity)::int as quantity
              from nogoods_demand d where ${on('d.businessclient_id')}
              group by d.product_id having sum(d.lines) > 0),
            alerts as (
              select w.* from waiting w
              where not exists (select 1 from inventory_cards c where c.product_id = w.product_id and c.available > 0)),
            top as (
              select a.*, count(*) over () as total from alerts a
              order by a.orders desc, a.quantity desc, a.product_id limit ${f.top})
            -- the products' names for the few shown only (thousands may wait)
            select t.total::int, t.product_id as product, p.sku, p.name, t.orders, t.quantity
            from top t join products p on p.id = t.product_id
            order by t.orders desc, t.quantity desc, t.product_id`),
        // Services of this month (UTC) not on a bill yet, per client and currency.
        () =>
          db.execute<
            Row<{ businessclient: string; name: string; currency: string; amount: string; count: number }>
          >(
            sql`
            select u.businessclient_id as businessclient, b.name, u.currency, sum(u.amount)::text as amount,
                   sum(u.count)::int as count
            from unbilled_service_totals u join business_clients b on b.id = u.businessclient_id
            where ${f.services ? sql`true` : sql`false`}
              and u.month = date_trunc('month', now() at time zone 'UTC')::date
              and ${on('u.businessclient_id')}
            group by u.businessclient_id, b.name, u.currency having sum(u.count) > 0
            order by sum(u.amount) desc, b.name`,
          ),
        // Unlocked bills per issuer country and period end (their issuing deadline follows from both): the
        // partial index of unlocked bills holds only the month's drafts until finance locks them.
        () =>
          db.execute<Row<{ country: string; period_end: string; count: number }>>(sql`
            select b.country, b.period_end::text as period_end, count(*)::int as count from bills b
            where ${f.bills ? sql`true` : sql`false`} and b.kind = 'bill' and not b.locked
              and ${on('b.businessclient_id')}
            group by b.country, b.period_end order by b.period_end, b.country`),
      ])
      return {
        perDay: perDay.rows,
        statuses: waiting.rows,
        cod: cod.rows,
        alerts: alerts.rows,
        unbilled: unbilled.rows,
        unlocked: unlocked.rows,
      }
    },
  }
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>
export type DashboardRecords = Awaited<ReturnType<DashboardRepository['read']>>
