import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SHOPTET_ORDER_WEBHOOK_EVENTS } from '@expedo/domain'
import { createShoptetAccess } from '../../features/eshops/index.ts'
import type { Db } from '../../platform/db/database.ts'
import { exchangeInstallCode, type ShoptetConfig } from '../../platform/providers/shoptet/index.ts'
import type { ShoptetFake } from '../fakes/shoptet/shoptet-fake.ts'
import { createShoptetDemoRepository } from './shoptet-demo.repository.ts'

/** The demo shop's id at (fake) Shoptet. */
export const DEMO_SHOPTET_ESHOP_ID = 310001
/** Spec part 2 §9 downloads orders every 2 minutes; the demo shop sells at that pace. */
export const DEMO_ORDER_EVERY_MS = 120_000

/** Shoptet's install call as the fake makes it, answered by a one-off local stand-in that exchanges the code. */
async function install(fake: ShoptetFake, shoptet: ShoptetConfig, eshopId: number) {
  let installation: Awaited<ReturnType<typeof exchangeInstallCode>> | undefined
  const server = createServer((req, res) => {
    const code = new URL(req.url ?? '/', 'http://localhost').searchParams.get('code') ?? ''
    exchangeInstallCode(shoptet, code, installUrl).then(
      (r) => {
        installation = r
        res.writeHead(200).end('ok')
      },
      () => res.writeHead(500).end('exchange failed'),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const installUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/shoptet/install`
  try {
    const result = await fake.install(eshopId, { installUrl })
    if (!result.ok || !installation) throw new Error(`the demo shop's install failed (${result.status})`)
    return installation
  } finally {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/**
 * The demo's Shoptet shop (README "Demo"): on every start outside production, eshop1's e-shop becomes an
 * installed, activated Shoptet connection with order import on, its fake shop sells a few of eshop1's stocked
 * products under their SKUs, the order webhooks point at this app, and the shop takes an order every 2
 * minutes (one right away), which arrive through the webhook and the 2-minute pull. Idempotent across
 * restarts: the fake starts empty each time, so the shop is created and installed again on the same
 * connection, and its order numbers continue after the last one imported. Answers a stop function.
 */
export async function connectDemoShop(deps: {
  db: Db
  fake: ShoptetFake
  shoptet: ShoptetConfig
  /** This app's base URL as the fake reaches it. */
  appUrl: string
  everyMs?: number
}): Promise<{ eshopId: string; shoptetEshopId: number; stop(): void } | undefined> {
  const repo = createShoptetDemoRepository(deps.db)
  const connection = await repo.connectionOf('eshop1')
  if (!connection) return undefined
  const shoptetEshopId = connection.shoptetEshopId ?? DEMO_SHOPTET_ESHOP_ID
  // One product per SKU (a product has a card in each warehouse that stocks it).
  const stocked = [
    ...new Map((await repo.stockedProducts(connection.businessclientId, 60)).map((p) => [p.sku, p])).values(),
  ].slice(0, 8)
  if (!deps.fake.shops().some((s) => s.eshopId === shoptetEshopId)) {
    deps.fake.createShop({
      eshopId: shoptetEshopId,
      name: 'Zahradní ráj (demo)',
      url: connection.eshopUrl,
      contactEmail: 'eshop1@example.test',
      products: stocked.map((p, i) => ({
        name: p.name,
        variants: [{ code: p.sku, price: 149 + i * 50, weight: p.weight ? p.weight / 1000 : null }],
      })),
    })
  }
  const installation = await install(deps.fake, deps.shoptet, shoptetEshopId)
  await repo.connect(connection.id, {
    shoptetEshopId,
    oauthAccessToken: installation.oauthAccessToken,
    contactEmail: installation.contactEmail ?? '',
  })
  const api = createShoptetAccess({ db: deps.db, shoptet: deps.shoptet }).shoptetApiFor(connection.id)
  const { signatureKey } = await api.renewSignatureKey()
  await repo.setSignatureKey(connection.id, signatureKey)
  const url = `${deps.appUrl}/api/shoptet/webhooks`
  await api.registerWebhooks(SHOPTET_ORDER_WEBHOOK_EVENTS.map((event) => ({ event, url })))

  // The fake numbers its orders from 1 again on every start: the demo numbers them after the last import,
  // so a restart never reuses a code an earlier order of the shop already has.
  let next = Math.max(await repo.lastOrderNumber(connection.id), new Date().getUTCFullYear() * 1_000_000) + 1
  const sell = () => {
    try {
      deps.fake.createOrder(shoptetEshopId, { code: String(next++) })
    } catch {
      // the shop may have no products; the next tick tries again
    }
  }
  sell()
  const timer = setInterval(sell, deps.everyMs ?? DEMO_ORDER_EVERY_MS)
  timer.unref()
  return { eshopId: connection.id, shoptetEshopId, stop: () => clearInterval(timer) }
}
