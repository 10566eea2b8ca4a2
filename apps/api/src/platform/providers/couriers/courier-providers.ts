import { officePickupCouriers } from '@expedo/domain'
import type { EcontConfig } from '../../../config/env.ts'
import { type CourierAdapter, CourierUnavailableError } from './courier-adapter.ts'
import { createEcontAdapter } from './econt/econt-adapter.ts'
import { createEcontClient } from './econt/econt-client.ts'

export interface CourierProvidersOptions {
  econt: EcontConfig
}

export interface CourierProviders {
  /** The office network of a courier by its name (ECONT, ECONT_GR), or undefined for the others. */
  adapterFor(courierName: string): CourierAdapter | undefined
}

/**
 * The couriers' adapters, chosen by configuration. Econt (ECONT and ECONT_GR: one API): with a base
 * URL, the client of Econt's JSON API at that URL (the real one, or the local fake the demo's entry point
 * started, dev/fakes); without one, every office call fails with 'Econt is not configured' (503).
 */
export function createCourierProviders(options: CourierProvidersOptions): CourierProviders {
  const econt = econtAdapter(options.econt)
  const names = new Set<string>(officePickupCouriers)
  return {
    adapterFor: (courierName) => (names.has(courierName) ? econt : undefined),
  }
}

function econtAdapter(config: EcontConfig): CourierAdapter {
  if (!config.baseUrl) {
    return {
      label: 'Econt',
      offices: async () => {
        throw new CourierUnavailableError('Econt is not configured')
      },
    }
  }
  return createEcontAdapter(
    createEcontClient({
      baseUrl: config.baseUrl,
      username: config.username,
      password: config.password,
      timeoutMs: config.timeoutMs,
    }),
  )
}
