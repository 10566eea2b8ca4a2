import {
  cents,
  moneyNumber,
  moneyText,
  type OrderServices,
  type RateCard,
  type RateCardInput,
  type RunningBill,
  rateCardPriceFields,
  type ServiceList,
  type ServicesBillableBody,
  type ServiceTypeName,
  sumCents,
} from '@expedo/domain'
import type { Db } from '../../platform/db/database.ts'
import { AppError, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import { dayOf } from './record-services.ts'
import { toRateCard, toService } from './services.mapper.ts'
import { createServicesRepository } from './services.repository.ts'

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000)

/** The services list, an order's Services panel, the running bill, and the rate cards. */
export function createServicesService(deps: { db: Db }) {
  const { db } = deps
  const repo = createServicesRepository(db)

  /** A staff filter by client; a client's own scope already narrows it. */
  const clientFilter = (auth: AuthContext, id: string | undefined) =>
    auth.scope.kind === 'all' ? id : undefined

  /**
   * Checks the owner and the validity against the owner's other cards of the country, then writes; answers
   * the card as written, read in the transaction (after the commit, a busy pool made a saved card a 503).
   */
  async function saveCard(input: RateCardInput, id?: string): Promise<RateCard> {
    return db.transaction(async (tx) => {
      const r = createServicesRepository(tx)
      if (id && !(await r.card(id))) throw notFound('Rate card')
      if (input.businessclient && !(await r.clientExists(input.businessclient)))
        throw invalid('businessclient', 'does not exist')
      await r.lockOwner(input.businessclient, input.country)
      const values = {
        businessclientId: input.businessclient,
        country: input.country,
        currency: input.currency,
        validFrom: input.validFrom,
        validTo: input.validTo,
        ...Object.fromEntries(rateCardPriceFields.map((f) => [f, moneyText(cents(input[f]))])),
      }
      const clash = await r.overlapping(values, id)
      if (clash) {
        const owner = input.businessclient ? 'this client' : 'the default card'
        throw new AppError(
          'CONFLICT',
          `A rate card of ${owner} for ${input.country} is already valid from ${clash.validFrom} to ${clash.validTo ?? 'open'}: the validity must not overlap`,
          { validFrom: 'overlaps another rate card of the same owner and country' },
          { existing: { _id: clash.id, name: `${clash.country} ${clash.validFrom}` } },
        )
      }
      if (id) await r.updateCard(id, values)
      return toRateCard((await r.card(id ?? (await r.insertCard(values))))!)
    })
  }

  return {
    async billable(auth: AuthContext, body: ServicesBillableBody): Promise<ServiceList> {
      if (body.dateFrom && body.dateTo && body.dateTo < body.dateFrom)
        throw invalid('dateTo', 'must not be before dateFrom')
      const { list, total } = await repo.list(
        auth.scope,
        {
          from: body.dateFrom ? new Date(`${body.dateFrom}T00:00:00Z`) : undefined,
          before: body.dateTo ? nextDay(body.dateTo) : undefined,
          status: body.status,
          businessclientId: clientFilter(auth, body.businessclient),
        },
        body.itemsPerPage,
        (body.currentPage - 1) * body.itemsPerPage,
      )
      return { list: list.map(toService), total }
    },

    async ofOrder(auth: AuthContext, orderId: string): Promise<OrderServices> {
      const rows = await repo.ofOrder(auth.scope, orderId)
      if (!rows) throw notFound('Order')
      const byCurrency = new Map<string, bigint[]>()
      for (const { service } of rows) {
        byCurrency.set(service.currency, [...(byCurrency.get(service.currency) ?? []), cents(service.amount)])
      }
      return {
        total: [...byCurrency].map(([currency, amounts]) => ({
          currency,
          amount: moneyNumber(sumCents(amounts)),
        })),
        services: rows.map(toService),
      }
    },

    async running(
      auth: AuthContext,
      query: { businessclient?: string | undefined },
      now = new Date(),
    ): Promise<RunningBill> {
      const periodStart = `${dayOf(now).slice(0, 7)}-01`
      const rows = await repo.running(
        auth.scope,
        new Date(`${periodStart}T00:00:00Z`),
        clientFilter(auth, query.businessclient),
      )
      const currencies = new Map<string, RunningBill['currencies'][number]>()
      const totals = new Map<string, bigint>()
      for (const row of rows) {
        const entry = currencies.get(row.currency) ?? { currency: row.currency, total: 0, lines: [] }
        entry.lines.push({
          name: row.name as ServiceTypeName,
          category: row.category,
          quantity: Number(row.quantity),
          count: row.count,
          amount: moneyNumber(cents(row.amount)),
        })
        totals.set(row.currency, (totals.get(row.currency) ?? 0n) + cents(row.amount))
        currencies.set(row.currency, entry)
      }
      return {
        periodStart,
        periodEnd: dayOf(now),
        currencies: [...currencies.values()].map((c) => ({
          ...c,
          total: moneyNumber(totals.get(c.currency)!),
        })),
      }
    },

    async rateCards(query: { country?: string | undefined; businessclient?: string | undefined }) {
      const rows = await repo.listCards({ country: query.country, businessclientId: query.businessclient })
      return rows.map(toRateCard)
    },

    createRateCard: (input: RateCardInput) => saveCard(input),
    updateRateCard: (id: string, input: RateCardInput) => saveCard(input, id),

    /** Answers the cards as its transaction leaves them (read after the commit, a busy pool answered 503). */
    deleteRateCard(id: string): Promise<RateCard[]> {
      return db.transaction(async (tx) => {
        const r = createServicesRepository(tx)
        const row = await r.card(id)
        if (!row) throw notFound('Rate card')
        await r.lockOwner(row.card.businessclientId, row.card.country)
        if (await r.cardUsed(id))
          throw new AppError(
            'CONFLICT',
            'Services were priced by this rate card: end its validity instead of deleting it',
          )
        await r.deleteCard(id)
        return (await r.listCards({})).map(toRateCard)
      })
    },
  }
}
export type ServicesService = ReturnType<typeof createServicesService>
