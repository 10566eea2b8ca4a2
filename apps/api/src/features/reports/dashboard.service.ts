import {
  can,
  cents,
  DASHBOARD_DAYS,
  DASHBOARD_TOP,
  type Dashboard,
  issueDeadlineOf,
  issueDeadlineState,
  moneyText,
  type OrderStatus,
  sumCents,
} from '@expedo/domain'
import { createTtlCache } from '../../platform/cache/ttl-cache.ts'
import type { Db } from '../../platform/db/database.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { createDashboardRepository, type DashboardRecords } from './dashboard.repository.ts'

/** Unbilled totals per currency (exact: decimal cents, never floats) and the largest rows. */
function unbilledOf(rows: DashboardRecords['unbilled'], now: Date): NonNullable<Dashboard['unbilled']> {
  const byCurrency = new Map<string, { amounts: bigint[]; count: number }>()
  for (const r of rows) {
    const c = byCurrency.get(r.currency) ?? { amounts: [], count: 0 }
    c.amounts.push(cents(r.amount))
    c.count += r.count
    byCurrency.set(r.currency, c)
  }
  return {
    month: now.toISOString().slice(0, 7),
    totals: [...byCurrency.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, c]) => ({ currency, amount: moneyText(sumCents(c.amounts)), count: c.count })),
    clients: rows.slice(0, DASHBOARD_TOP).map((r) => ({
      businessclient: { _id: r.businessclient, name: r.name },
      currency: r.currency,
      amount: moneyText(cents(r.amount)),
      count: r.count,
    })),
  }
}

/** Unlocked bills by their issuing deadline (FINANCE.md "Deadline"): overdue, due soon, and the earliest. */
function billsToIssueOf(
  rows: DashboardRecords['unlocked'],
  today: string,
): NonNullable<Dashboard['billsToIssue']> {
  const result: NonNullable<Dashboard['billsToIssue']> = { overdue: 0, soon: 0, count: 0, issueBy: null }
  for (const r of rows) {
    const issueBy = issueDeadlineOf(r.country, r.period_end)
    const state = issueDeadlineState(issueBy, today)
    if (state === 'overdue') result.overdue += r.count
    if (state === 'soon') result.soon += r.count
    result.count += r.count
    if (result.issueBy === null || issueBy < result.issueBy) result.issueBy = issueBy
  }
  return result
}

/**
 * The dashboard's figures are kept `dashboardCacheSeconds` (30 by default) per tenant scope, chosen client
 * and whether the caller reads services: a burst of home pages runs its queries once, and the answer says
 * when it was computed (`computedAt`, shown on the page). A client's key is its own business client, so
 * nothing is ever shared across tenants.
 */
export function createDashboardService(deps: { db: Db; dashboardCacheSeconds?: number | undefined }) {
  const repo = createDashboardRepository(deps.db)
  const cache = createTtlCache<Dashboard>((deps.dashboardCacheSeconds ?? 30) * 1000, 1000)
  return {
    /** The home dashboard of the caller's role and tenant (a client's businessclient filter narrows to nothing else). */
    dashboard(auth: AuthContext, q: { businessclient?: string | undefined }): Promise<Dashboard> {
      const services = can(auth.roles, 'services.read')
      const bills = can(auth.roles, 'bills.write')
      const scope = auth.scope.kind === 'client' ? `client:${auth.scope.businessclientId ?? ''}` : 'staff'
      const key = `${scope}|${q.businessclient ?? ''}|${services}|${bills}`
      return cache.get(key, () => compute(auth, q, services, bills))
    },
  }

  async function compute(
    auth: AuthContext,
    q: { businessclient?: string | undefined },
    services: boolean,
    bills: boolean,
  ): Promise<Dashboard> {
    const computedAt = new Date()
    const r = await repo.read(auth.scope, {
      businessclientId: q.businessclient,
      days: DASHBOARD_DAYS,
      top: DASHBOARD_TOP,
      services,
      bills,
    })
    const codTotal = r.statuses.find((s) => s.status === 'COD WAITING')?.count ?? 0
    return {
      ordersPerDay: r.perDay.map((d) => ({ day: d.day, status: d.status as OrderStatus, count: d.count })),
      waiting: r.statuses
        .filter((s) => s.status !== 'COD WAITING')
        .map((s) => ({ status: s.status as OrderStatus, count: s.count })),
      stockAlerts: {
        total: r.alerts[0]?.total ?? 0,
        products: r.alerts.map(({ product, sku, name, orders, quantity }) => ({
          product,
          sku,
          name,
          orders,
          quantity,
        })),
      },
      computedAt: computedAt.toISOString(),
      unbilled: services ? unbilledOf(r.unbilled, computedAt) : null,
      billsToIssue: bills ? billsToIssueOf(r.unlocked, computedAt.toISOString().slice(0, 10)) : null,
      codWaiting: {
        count: codTotal,
        countries: r.cod.map((c) => ({
          country: c.country,
          count: c.count,
          amount: moneyText(cents(c.amount)),
        })),
      },
    }
  }
}
export type DashboardService = ReturnType<typeof createDashboardService>
