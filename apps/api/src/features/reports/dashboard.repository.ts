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
 * Every read of the dashboard answers from a kept count or a narrow index, never a scan of orders:
 * order_day_counts (per day), order_status_totals (per status), the partial indexes of COD WAITING orders
 * and of not-billed services.
 */
export function createDashboardRepository(db: DbOrTx) {
  return {
    async read(
      scope: TenantScope,
      f: { businessclientId?: string | undefined; days: number; top: number; services: boolean },
    ) {
      const on = (column: string) => tenantOn(sql.raw(column), scope, f.businessclientId)
      const [perDay, waiting, cod, alerts, unbilled] = await readTogether(db, [
        // Orders created per day (UTC) of the window, by their status now (ADR 0012: deltas and merged rows).
        () =>
          db.execute<Row<{ day: string; status: string; count: number }>>(sql`
            select d.day::text as day, d.status, sum(d.count)::int as count from order_day_counts d
            where d.kind = 'c' and d.day > (now() at time zone 'UTC')::date - ${f.days}::int
              and ${on('d.businessclient_id')}
            group by d.day, d.status having sum(d.count) > 0 order by d.day, d.status`),
        // Per status totals (ADR 0011).
        () =>
          db.execute<Row<{ status: string; count: number }>>(sql`
            select t.status, sum(t.count)::int as count from order_status_totals t
            where t.status in (${waitingList}, 'COD WAITING') and ${on('t.businessclient_id')}
            group by t.status having sum(t.count) > 0 order by t.status`),
        // COD waiting per ship-to country: index-only over orders_cod_waiting_idx.
        () =>
          db.execute<Row<{ country: string; count: number; amount: string }>>(sql`
            select o.ship_to_country as country, count(*)::int as count, sum(o.cod_amount)::text as amount
            from orders o where o.status = 'COD WAITING' and ${on('o.businessclient_id')}
            group by o.ship_to_country order by o.ship_to_country`),
        // Products No goods orders wait for that have no free stock anywhere, the most waited for first.
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
              select oi.product_id, count(distinct o.id)::int as orders, sum(oi.quantity)::int as quantity
              from orders o join order_items oi on oi.order_id = o.id
              where o.status = 'No goods' and oi.product_id is not null and ${on('o.businessclient_id')}
              group by oi.product_id),
            alerts as (
              select w.* from waiting w
              where not exists (select 1 from inventory_cards c where c.product_id = w.product_id and c.available > 0))
            select count(*) over ()::int as total, a.product_id as product, p.sku, p.name, a.orders, a.quantity
            from alerts a join products p on p.id = a.product_id
            order by a.orders desc, a.quantity desc, p.sku limit ${f.top}`),
        // Services of this month (UTC) not on a bill yet, per client and currency.
        () =>
          db.execute<
            Row<{ businessclient: string; name: string; currency: string; amount: string; count: number }>
          >(
            sql`
            select s.businessclient_id as businessclient, b.name, s.currency, sum(s.amount)::text as amount,
                   count(*)::int as count
            from services s join business_clients b on b.id = s.businessclient_id
            where ${f.services ? sql`s.bill_id is null` : sql`false`}
              and s.created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
              and ${on('s.businessclient_id')}
            group by s.businessclient_id, b.name, s.currency order by sum(s.amount) desc, b.name`,
          ),
      ])
      return {
        perDay: perDay.rows,
        statuses: waiting.rows,
        cod: cod.rows,
        alerts: alerts.rows,
        unbilled: unbilled.rows,
      }
    },
  }
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>
export type DashboardRecords = Awaited<ReturnType<DashboardRepository['read']>>
