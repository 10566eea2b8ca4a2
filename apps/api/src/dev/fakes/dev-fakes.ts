import { randomUUID } from 'node:crypto'
import type { Config } from '../../config/env.ts'
import { createEcontFake } from './econt/econt-fake.ts'
import { createGlsFake } from './gls/gls-fake.ts'
import { createPacketaFake } from './packeta/packeta-fake.ts'
import { createShoptetFake, type ShoptetFake, shoptetFakeUrls } from './shoptet/shoptet-fake.ts'

export interface DevFakes {
  /** The configuration with the fakes' base URLs in place of the services that were not configured. */
  config: Config
  /** Names and base URLs of the fakes started, for the start-up log. */
  started: { service: string; baseUrl: string }[]
  /** The Shoptet fake when it was started (the demo seeding creates, installs and drives shops with it). */
  shoptet?: ShoptetFake
  close(): Promise<void>
}

/**
 * The local fakes of the external services the demo needs, started by the process's entry point (never
 * by the code that calls the services): outside production, a service whose base URL is not configured
 * gets its fake on a free port of 127.0.0.1, and the app is configured with the fake's URL exactly as
 * with the real service. In production nothing starts; an unconfigured service answers 503.
 */
export async function startDevFakes(config: Config): Promise<DevFakes> {
  const none: DevFakes = { config, started: [], close: async () => {} }
  if (config.env === 'production') return none
  const started: DevFakes['started'] = []
  const closers: (() => Promise<void>)[] = []
  let result: Config = config
  let shoptet: ShoptetFake | undefined
  try {
    if (!config.econt.baseUrl) {
      // Econt's label calls need credentials (its nomenclatures do not): the fake gets a pair of its own.
      const credentials = { username: 'expedo-demo', password: randomUUID() }
      const econt = createEcontFake({ credentials })
      const baseUrl = await econt.start()
      closers.push(() => econt.close())
      result = { ...result, econt: { ...result.econt, baseUrl, ...credentials } }
      started.push({ service: 'Econt', baseUrl })
    }
    if (!config.packeta.baseUrl) {
      const packeta = createPacketaFake()
      const baseUrl = await packeta.start(config.packeta.fakePort)
      closers.push(() => packeta.close())
      result = { ...result, packeta: { ...result.packeta, baseUrl, apiPassword: packeta.apiPassword } }
      started.push({ service: 'Packeta', baseUrl })
    }
    if (!config.gls.baseUrl) {
      const gls = createGlsFake()
      const baseUrl = await gls.start()
      closers.push(() => gls.close())
      const { username, password, clientNumber } = gls
      result = { ...result, gls: { ...result.gls, baseUrl, username, password, clientNumber } }
      started.push({ service: 'GLS', baseUrl })
    }
    if (!config.shoptet.apiUrl) {
      const fake = createShoptetFake()
      const baseUrl = await fake.start(config.shoptet.fakePort)
      closers.push(() => fake.close())
      shoptet = fake
      const urls = shoptetFakeUrls(baseUrl)
      result = {
        ...result,
        shoptet: { ...result.shoptet, ...urls, clientId: fake.settings.clientId, clientSecret: undefined },
      }
      started.push({ service: 'Shoptet', baseUrl })
    }
  } catch (error) {
    await Promise.allSettled(closers.map((c) => c()))
    throw error
  }
  if (!started.length) return none
  return {
    config: result,
    started,
    ...(shoptet ? { shoptet } : {}),
    close: async () => {
      await Promise.allSettled(closers.map((c) => c()))
    },
  }
}
