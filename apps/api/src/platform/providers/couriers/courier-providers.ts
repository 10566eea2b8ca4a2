import { officePickupCouriers } from '@expedo/domain'
import type { EcontConfig } from '../../../config/env.ts'
import { createEcontFake } from '../../../dev/fakes/econt/econt-fake.ts'
import { type CourierAdapter, CourierUnavailableError, type OfficeQuery } from './courier-adapter.ts'
import { createEcontAdapter } from './econt/econt-adapter.ts'
import { createEcontClient } from './econt/econt-client.ts'

export interface CourierProvidersOptions {
  econt: EcontConfig
  env: 'development' | 'production' | 'test'
  /** Told the fake's base URL when the local Econt fake starts (the demo logs it). */
  onFakeStarted?: (courier: string, baseUrl: string) => void
}

export interface CourierProviders {
  /** The office network of a courier by its name (ECONT, ECONT_GR), or undefined for the others. */
  adapterFor(courierName: string): CourierAdapter | undefined
  /** Stops what the providers started (the local fake). */
  close(): Promise<void>
}

/**
 * The couriers' adapters, chosen by configuration. Econt (ECONT and ECONT_GR: one API, §1.13):
 * - ECONT_BASE_URL set: the real client;
 * - unset in production: every office call fails with 'Econt is not configured' (503);
 * - unset elsewhere (`npm start` demo, tests): the local fake, started in-process on a free port of
 *   127.0.0.1 on first use, so the demo works out of the box and costs nothing until someone asks.
 */
export function createCourierProviders(options: CourierProvidersOptions): CourierProviders {
  const econt = econtAdapter(options)
  const names = new Set<string>(officePickupCouriers)
  return {
    adapterFor: (courierName) => (names.has(courierName) ? econt.adapter : undefined),
    close: econt.close,
  }
}

function econtAdapter({ econt: config, env, onFakeStarted }: CourierProvidersOptions) {
  const clientFor = (baseUrl: string) =>
    createEcontClient({
      baseUrl,
      username: config.username,
      password: config.password,
      timeoutMs: config.timeoutMs,
    })
  if (config.baseUrl) {
    return { adapter: createEcontAdapter(clientFor(config.baseUrl)), close: async () => {} }
  }
  if (env === 'production') {
    const adapter: CourierAdapter = {
      label: 'Econt',
      offices: async () => {
        throw new CourierUnavailableError('Econt is not configured')
      },
    }
    return { adapter, close: async () => {} }
  }
  const fake = createEcontFake()
  let started: Promise<CourierAdapter> | undefined
  const start = () =>
    fake.start().then((baseUrl) => {
      onFakeStarted?.('Econt', baseUrl)
      return createEcontAdapter(clientFor(baseUrl))
    })
  const adapter: CourierAdapter = {
    label: 'Econt',
    async offices(query: OfficeQuery) {
      started ??= start().catch((error: unknown) => {
        started = undefined
        throw new CourierUnavailableError(`The local Econt fake did not start: ${String(error)}`)
      })
      return (await started).offices(query)
    },
  }
  return { adapter, close: () => fake.close() }
}
