import type { Db } from '../../platform/db/database.ts'
import { AppError } from '../../platform/http/app-error.ts'
import {
  createShoptetApi,
  requestApiToken,
  type ShoptetApi,
  type ShoptetConfig,
  type ShoptetTokenSource,
} from '../../platform/providers/shoptet/index.ts'
import { createShoptetTokensRepository } from './shoptet-tokens.repository.ts'

/** A token with less than this left is refreshed before use (Shoptet's tokens live 30 minutes). */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000

/**
 * Who calls Shoptet for a shop, each with one request in flight (shoptet.md §6.1 allows 3 per token, §10.7
 * across all processes): the order sync (one per shop across processes: its queue is stately), the product
 * import (one per shop: a second start answers the running one), and the rest — the tracking write-back
 * and the settings screens, in this process. With one API process (the embedded database's only kind) the
 * shop never has more than 3 calls in flight; with several, only the last lane can add some, rarely (a
 * settings save on one process while another writes tracking back), and the client waits out Shoptet's 429.
 */
export type ShoptetLane = 'orders' | 'products' | 'other'
const LANE_IN_FLIGHT = 1

/**
 * The typed Shoptet API of each connected shop (docs/integrations/shoptet.md §10.6): one API token per shop
 * in `shoptet_api_tokens`, shared by every process, refreshed single-flight under a per-shop advisory lock
 * when less than 5 minutes are left or after Shoptet rejected it (401), via the shop's OAuth token.
 * One ShoptetApi per shop, lane and process.
 */
export interface ShoptetAccess {
  /** The shop's API for a lane (`eshopId`: our connection's id, eshops.id; lane: 'other' unless given). */
  shoptetApiFor(eshopId: string, lane?: ShoptetLane): ShoptetApi
  /** Drops the process's API of the shop (after an uninstall or a reinstall with a new OAuth token). */
  forget(eshopId: string): void
  /** The token source behind shoptetApiFor, for tests. */
  tokensFor(eshopId: string): ShoptetTokenSource
}

/** The shop has no OAuth token (never installed, or uninstalled): nothing can be asked of Shoptet. */
export const notConnected = () =>
  new AppError('CONFLICT', 'The e-shop is not connected to Shoptet: reinstall the add-on')

export function createShoptetAccess(deps: {
  db: Db
  /** undefined: Shoptet is not configured; every call answers 503. */
  shoptet: ShoptetConfig | undefined
  now?: () => number
}): ShoptetAccess {
  const cfg = () => {
    if (!deps.shoptet) throw new AppError('UNAVAILABLE', 'Shoptet is not configured')
    return deps.shoptet
  }
  const repo = createShoptetTokensRepository(deps.db)
  const now = deps.now ?? Date.now
  const apis = new Map<string, ShoptetApi>()
  const fresh = (t: { expiresAt: Date } | undefined) =>
    t !== undefined && t.expiresAt.getTime() - now() > TOKEN_REFRESH_MARGIN_MS

  // This process's refreshes in flight, by shop and rejected token: callers of one join it (single-flight
  // within the process; the lock is for the other processes).
  const refreshing = new Map<string, Promise<string>>()

  function tokensFor(eshopId: string): ShoptetTokenSource {
    // `rejected`: the token Shoptet refused (null: none yet or about to expire). Another process may have
    // refreshed meanwhile: under the lock, a fresh token that is not the rejected one is used as it is.
    const refresh = (rejected: string | null) => {
      const key = `${eshopId}\n${rejected ?? ''}`
      let flight = refreshing.get(key)
      if (!flight) {
        flight = refreshUnderLock(rejected).finally(() => refreshing.delete(key))
        refreshing.set(key, flight)
      }
      return flight
    }
    const refreshUnderLock = (rejected: string | null) =>
      repo.withTokenLock(eshopId, async (locked) => {
        const current = await locked.read()
        if (current && current.token !== rejected && fresh(current)) return current.token
        const oauth = await locked.oauthToken()
        if (!oauth) throw notConnected()
        const issued = await requestApiToken(cfg(), oauth)
        await locked.save({
          token: issued.token,
          expiresAt: new Date(now() + issued.expiresInSeconds * 1000),
        })
        return issued.token
      })
    return {
      async get() {
        const current = await repo.read(eshopId)
        if (current && fresh(current)) return current.token
        return refresh(current?.token ?? null)
      },
      refresh: (rejected: string) => refresh(rejected),
    }
  }

  return {
    shoptetApiFor(eshopId, lane = 'other') {
      const key = `${eshopId}\n${lane}`
      let api = apis.get(key)
      if (!api) {
        api = createShoptetApi({ ...cfg(), maxInFlight: LANE_IN_FLIGHT }, tokensFor(eshopId))
        apis.set(key, api)
      }
      return api
    },
    forget(eshopId) {
      for (const key of apis.keys()) if (key.startsWith(`${eshopId}\n`)) apis.delete(key)
    },
    tokensFor,
  }
}
