import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  createShoptetFake,
  type ShoptetFake,
  type ShoptetFakeOptions,
  shoptetFakeUrls,
} from '../src/dev/fakes/shoptet/shoptet-fake.ts'
import {
  exchangeInstallCode,
  requestApiToken,
  type ShoptetConfig,
  type ShoptetInstallation,
  type ShoptetTokenSource,
} from '../src/platform/providers/shoptet/shoptet-client.ts'

const TIME_LIMIT_MS = 10_000

/**
 * Tests against the Shoptet fake: a started fake, the client configuration for it, and helpers to install a
 * shop the way Shoptet does (the install GET reaches a local add-on stand-in that exchanges the code).
 * Its time limits are generous (10 s, as in production): CI runs many test files at once on two cores, where
 * a call of a few milliseconds can wait seconds for a core. A test of a time limit sets its own.
 */
export async function startShoptet(options: ShoptetFakeOptions = {}, client: Partial<ShoptetConfig> = {}) {
  const fake = createShoptetFake({
    webhookRetryMs: 50,
    webhookTimeoutMs: TIME_LIMIT_MS,
    installTimeoutMs: TIME_LIMIT_MS,
    ...options,
  })
  const baseUrl = await fake.start()
  const cfg: ShoptetConfig = {
    ...shoptetFakeUrls(baseUrl),
    clientId: fake.settings.clientId,
    timeoutMs: TIME_LIMIT_MS,
    ...client,
  }
  const servers: Server[] = []

  /** A local add-on install endpoint that exchanges the code (as the add-on must) and answers 200. */
  async function installShop(eshopId: number): Promise<ShoptetInstallation> {
    let installation: ShoptetInstallation | undefined
    const server = createServer((req, res) => {
      const code = new URL(req.url ?? '/', 'http://x').searchParams.get('code') ?? ''
      exchangeInstallCode(cfg, code, installUrl).then(
        (r) => {
          installation = r
          res.writeHead(200).end('ok')
        },
        () => res.writeHead(500).end('exchange failed'),
      )
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    const installUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/shoptet/install`
    const result = await fake.install(eshopId, { installUrl })
    if (!result.ok || !installation) throw new Error(`install failed: ${JSON.stringify(result)}`)
    return installation
  }

  return {
    fake,
    cfg,
    baseUrl,
    installShop,
    async close() {
      await fake.close()
      for (const s of servers) {
        s.closeAllConnections()
        await new Promise<void>((resolve) => s.close(() => resolve()))
      }
    },
  }
}
export type ShoptetTestbed = Awaited<ReturnType<typeof startShoptet>>

/** The app's environment for a fake Shoptet (the app's own client talks to it). */
export const shoptetEnv = (bed: ShoptetTestbed, timeoutMs = TIME_LIMIT_MS): Record<string, string> => ({
  SHOPTET_API_URL: bed.cfg.apiUrl,
  SHOPTET_OAUTH_URL: bed.cfg.oauthUrl,
  SHOPTET_CLIENT_ID: bed.cfg.clientId,
  SHOPTET_TIMEOUT_MS: String(timeoutMs),
})

/** A token source kept in memory (the real one is in the database), counting how often it fetched. */
export function memoryTokens(cfg: ShoptetConfig, oauthAccessToken: string) {
  let current: string | undefined
  let inflight: Promise<string> | undefined
  const counts = { fetched: 0, refreshed: 0 }
  const fetchNew = () => {
    inflight ??= requestApiToken(cfg, oauthAccessToken)
      .then((r) => {
        counts.fetched++
        current = r.token
        return r.token
      })
      .finally(() => {
        inflight = undefined
      })
    return inflight
  }
  const source: ShoptetTokenSource & { counts: typeof counts } = {
    counts,
    get: async () => current ?? fetchNew(),
    refresh: async (rejected) => {
      counts.refreshed++
      return current && current !== rejected ? current : fetchNew()
    },
  }
  return source
}

export type { ShoptetFake }
