import {
  type CountryCode,
  type Courier,
  type CourierListQuerySchema,
  countries,
  type GetOfficesBodySchema,
  type Office,
  type ParcelshopsBodySchema,
} from '@expedo/domain'
import type { z } from 'zod'
import type { EcontConfig } from '../../config/env.ts'
import { createTtlCache } from '../../platform/cache/ttl-cache.ts'
import type { Db } from '../../platform/db/database.ts'
import { AppError, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import {
  type CourierAdapter,
  CourierUnavailableError,
} from '../../platform/providers/couriers/courier-adapter.ts'
import { createCourierProviders } from '../../platform/providers/couriers/courier-providers.ts'
import { cityKey } from '../../platform/providers/couriers/econt/econt-adapter.ts'
import { hasOfficePickup, toCourier } from './couriers.mapper.ts'
import { createCouriersRepository } from './couriers.repository.ts'

export interface CouriersServiceDeps {
  db: Db
  econt: EcontConfig
  log: { warn(obj: object, msg: string): void }
}

const countryByName = new Map<string, CountryCode>(countries.map((c) => [c.name.toLowerCase(), c.code]))
/** An order's country (it stores the English name of the country list, e.g. 'Bulgaria') as its code. */
const countryCodeOf = (name: string) => countryByName.get(name.trim().toLowerCase())

const byName = (a: Office, b: Office) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code)

/** The couriers list, and the offices of the office pick-up couriers (ECONT, ECONT_GR) through their adapters. */
export function createCouriersService(deps: CouriersServiceDeps) {
  const repo = createCouriersRepository(deps.db)
  const providers = createCourierProviders({ econt: deps.econt })
  const cache = createTtlCache<Office[]>(deps.econt.cacheSeconds * 1000)

  /** The adapter's offices, cached per courier network, country and city; a failure answers 503. */
  async function officesOf(adapter: CourierAdapter, country: CountryCode, city?: string): Promise<Office[]> {
    const key = `${adapter.label}|${country}|${city === undefined ? '*' : cityKey(city)}`
    try {
      const offices = await cache.get(key, () =>
        adapter.offices({ country, ...(city === undefined ? {} : { city }) }),
      )
      return [...offices].sort(byName)
    } catch (error) {
      if (!(error instanceof CourierUnavailableError)) throw error
      deps.log.warn({ courier: adapter.label, country, reason: error.message }, 'courier offices unavailable')
      throw new AppError('UNAVAILABLE', error.message)
    }
  }

  async function courierOr400(id: string) {
    const courier = await repo.byId(id)
    if (!courier) throw invalid('courierId', 'is not a courier')
    return courier
  }

  return {
    async list(query: z.infer<typeof CourierListQuerySchema>): Promise<Courier[]> {
      const rows = await repo.list({ countries: query.country, name: query.name })
      return rows.map(toCourier)
    },

    async get(id: string): Promise<Courier> {
      const courier = await repo.byId(id)
      if (!courier) throw notFound('Courier')
      return toCourier(courier)
    },

    /** Spec §4: exactly one default courier per country; Set as default moves the flag atomically. */
    setDefault(id: string): Promise<Courier> {
      return deps.db.transaction(async (tx) => {
        const txRepo = createCouriersRepository(tx)
        const courier = await txRepo.byId(id)
        if (!courier) throw notFound('Courier')
        return toCourier(await txRepo.setDefault(courier))
      })
    },

    /** Spec §7 `POST /orders/getoffices`: the offices of an office pick-up courier in a country, by name. */
    async getOffices(body: z.infer<typeof GetOfficesBodySchema>): Promise<Office[]> {
      const courier = await courierOr400(body.courierId)
      const adapter = providers.adapterFor(courier.name)
      if (!adapter || !hasOfficePickup(courier.name)) throw invalid('courierId', 'has no office pick-up')
      const country = countryCodeOf(body.country)
      if (!country) throw invalid('country', 'must be a country of the list')
      return officesOf(adapter, country)
    },

    /**
     * Spec §7 `POST /orders/{id}/parcelshops`: the offices of the courier (default: the order's) in the
     * city (default: the order's) of the order's country; empty for couriers without an office network.
     */
    async parcelshops(
      auth: AuthContext,
      orderId: string,
      body: z.infer<typeof ParcelshopsBodySchema>,
    ): Promise<{ list: Office[] }> {
      const order = await repo.orderDestination(auth.scope, orderId)
      if (!order) throw notFound('Order')
      const courierId = body.courierId ?? order.courierId
      if (!courierId) return { list: [] }
      const courier = await courierOr400(courierId)
      const adapter = providers.adapterFor(courier.name)
      const country = countryCodeOf(order.country)
      const city = body.city.trim() || order.city
      if (!adapter || !country || !city.trim()) return { list: [] }
      return { list: await officesOf(adapter, country, city) }
    },

    /** Stops the local Econt fake if the demo started one. */
  }
}
export type CouriersService = ReturnType<typeof createCouriersService>
