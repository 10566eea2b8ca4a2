import { cents, divRound, type MyCosts, moneyNumber } from '@expedo/domain'
import type { Db } from '../../platform/db/database.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { createCostCalculatorRepository } from './costcalculator.repository.ts'

const DAY_MS = 24 * 60 * 60 * 1000
export const MY_COSTS_DAYS = 30

/**
 * The calculator's prefill for a signed-in client (docs/domain.md "Cost calculator"): its orders of the last
 * 30 days, and what it actually paid per shipped order (Σ services.amount ÷ orders shipped, per currency).
 */
export function createCostCalculatorService(deps: { db: Db; now?: () => Date }) {
  const repo = createCostCalculatorRepository(deps.db)
  const now = deps.now ?? (() => new Date())
  return {
    async me(auth: AuthContext): Promise<MyCosts> {
      const clientId = auth.businessclientId
      // Staff, or a client before it has created its business client: nothing of its own to show.
      if (!clientId || auth.scope.kind !== 'client') return { orders: 0, costs: [] }
      const since = new Date(now().getTime() - MY_COSTS_DAYS * DAY_MS)
      const orders = await repo.ordersSince(clientId, since)
      const rows = await repo.costsSince(clientId, since)
      return {
        orders,
        costs: rows.map((r) => {
          const total = cents(r.total ?? '0')
          return {
            currency: r.currency,
            total: moneyNumber(total),
            shippedOrders: r.shippedOrders,
            perOrder: r.shippedOrders ? moneyNumber(divRound(total, BigInt(r.shippedOrders))) : null,
          }
        }),
      }
    },
  }
}
export type CostCalculatorService = ReturnType<typeof createCostCalculatorService>
