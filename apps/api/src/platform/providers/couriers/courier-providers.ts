import { officePickupCouriers } from '@expedo/domain'
import type { EcontConfig, GlsConfig, PacketaConfig } from '../../../config/env.ts'
import { type CourierAdapter, CourierUnavailableError, type LabelAdapter } from './courier-adapter.ts'
import { createEcontAdapter } from './econt/econt-adapter.ts'
import { createEcontClient } from './econt/econt-client.ts'
import { createEcontLabels } from './econt/econt-labels.ts'
import { createEcontPickup } from './econt/econt-pickup.ts'
import { createGlsClient } from './gls/gls-client.ts'
import { createGlsLabels } from './gls/gls-labels.ts'
import { createPacketaClient } from './packeta/packeta-client.ts'
import { createPacketaLabels } from './packeta/packeta-labels.ts'

export interface CourierProvidersOptions {
  econt: EcontConfig
  packeta?: PacketaConfig | undefined
  gls?: GlsConfig | undefined
}

export interface CourierProviders {
  /** The office network of a courier by its name (ECONT, ECONT_GR), or undefined for the others. */
  adapterFor(courierName: string): CourierAdapter | undefined
  /**
   * The label and tracking client of a courier by its name (ECONT, ECONT_GR; Packeta or Zásilkovna by any
   * suffix such as 'Packeta SK'; GLS), or undefined for a courier without an API client.
   */
  labelsFor(courierName: string): LabelAdapter | undefined
}

/**
 * The couriers' adapters, chosen by configuration. Econt (ECONT and ECONT_GR: one API): with a base
 * URL, the client of Econt's JSON API at that URL (the real one, or the local fake the demo's entry point
 * started, dev/fakes); without one, every office call fails with 'Econt is not configured' (503).
 * Packeta and GLS alike: without a base URL their label calls fail as not configured.
 */
export function createCourierProviders(options: CourierProvidersOptions): CourierProviders {
  const econtClient = options.econt.baseUrl
    ? createEcontClient({
        baseUrl: options.econt.baseUrl,
        username: options.econt.username,
        password: options.econt.password,
        timeoutMs: options.econt.timeoutMs,
      })
    : undefined
  const econt = econtClient ? createEcontAdapter(econtClient) : unconfiguredOffices('Econt')
  const labels = {
    // Econt's labels and its courier pickup for a handover's parcels (the others have none here).
    econt: econtClient
      ? { ...createEcontLabels(econtClient), ...createEcontPickup(econtClient) }
      : unconfiguredLabels('Econt'),
    packeta: packetaLabels(options.packeta),
    gls: glsLabels(options.gls),
  }
  const names = new Set<string>(officePickupCouriers)
  return {
    adapterFor: (courierName) => (names.has(courierName) ? econt : undefined),
    labelsFor(courierName) {
      const api = labelApiOf(courierName)
      return api ? labels[api] : undefined
    },
  }
}

/**
 * Which label API serves a courier by its name (ECONT, ECONT_GR; Packeta or Zásilkovna by any suffix;
 * GLS), or undefined: the order flow decides from the name alone whether a label is asked for.
 */
export function labelApiOf(courierName: string): 'econt' | 'packeta' | 'gls' | undefined {
  if ((officePickupCouriers as readonly string[]).includes(courierName)) return 'econt'
  if (/^(packeta|z[aá]silkovna)\b/i.test(courierName)) return 'packeta'
  if (/^gls\b/i.test(courierName)) return 'gls'
  return undefined
}

function unconfiguredOffices(label: string): CourierAdapter {
  return {
    label,
    offices: async () => {
      throw new CourierUnavailableError(`${label} is not configured`)
    },
  }
}

function unconfiguredLabels(label: string): LabelAdapter {
  const fail = async (): Promise<never> => {
    throw new CourierUnavailableError(`${label} is not configured`)
  }
  return { label, createLabel: fail, trackingStatuses: fail }
}

function packetaLabels(config: PacketaConfig | undefined): LabelAdapter {
  if (!config?.baseUrl || !config.apiPassword) return unconfiguredLabels('Packeta')
  return createPacketaLabels(
    createPacketaClient({
      baseUrl: config.baseUrl,
      apiPassword: config.apiPassword,
      timeoutMs: config.timeoutMs,
    }),
  )
}

function glsLabels(config: GlsConfig | undefined): LabelAdapter {
  if (!config?.baseUrl || !config.username || config.password === undefined || !config.clientNumber) {
    return unconfiguredLabels('GLS')
  }
  const client = createGlsClient({
    baseUrl: config.baseUrl,
    username: config.username,
    password: config.password,
    timeoutMs: config.timeoutMs,
  })
  return createGlsLabels(client, config.clientNumber)
}
