import type { Config } from '../../config/env.ts'
import { createEcontFake } from './econt/econt-fake.ts'

export interface DevFakes {
  /** The configuration with the fakes' base URLs in place of the services that were not configured. */
  config: Config
  /** Names and base URLs of the fakes started, for the start-up log. */
  started: { service: string; baseUrl: string }[]
  close(): Promise<void>
}

/**
 * The local fakes of the external services the demo needs, started by the process's entry point (never
 * by the code that calls the services): outside production, a service whose base URL is not configured
 * gets its fake on a free port of 127.0.0.1, and the app is configured with the fake's URL exactly as
 * with the real service. In production nothing starts; an unconfigured service answers 503.
 */
export async function startDevFakes(config: Config): Promise<DevFakes> {
  if (config.env === 'production' || config.econt.baseUrl)
    return { config, started: [], close: async () => {} }
  const econt = createEcontFake()
  const baseUrl = await econt.start()
  return {
    config: { ...config, econt: { ...config.econt, baseUrl } },
    started: [{ service: 'Econt', baseUrl }],
    close: () => econt.close(),
  }
}
