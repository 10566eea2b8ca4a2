import { createHmac, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type {
  ShoptetInvoiceListItem,
  ShoptetOrder,
  ShoptetProduct,
  ShoptetWebhook,
} from '../../../platform/providers/shoptet/shoptet-client.ts'
import { readBody } from '../read-body.ts'
import {
  billingMethods,
  buildInvoice,
  buildOrder,
  buildProduct,
  CANCELLED_STATUS_ID,
  demoProducts,
  eshopData,
  type FakeOrderInput,
  type FakeProductInput,
  type FakeShopInfo,
  hex,
  invoicePdf,
  orderListItem,
  orderStatusesData,
  orderStatusList,
  parseShoptetTime,
  productListItem,
  shoptetTime,
  tokenChars,
} from './shoptet-fixtures.ts'

/**
 * A local fake of Shoptet (docs/integrations/shoptet.md) for tests and the demo, on one base URL:
 *
 * - OAuth (the partner shop's server): `POST /action/ApiOAuthServer/token` (JSON, urlencoded or multipart;
 *   client_secret optional; the code is single-use) and `GET /action/ApiOAuthServer/getAccessToken`
 *   (Bearer OAuth token → 30-minute API tokens, at most 5 valid per installation, then
 *   `{"error":"maximum_tokens_reached"}`).
 * - API `/api/...` with the envelope `{data, errors, metadata}`, `X-Request-ID`, Shoptet's error codes,
 *   paging, the leaky bucket (`X-RateLimit-Bucket-Filling`, 429 + Retry-After as an HTTP date), 3
 *   connections per token (429), 423 on a second identical write while the first runs: eshop, webhooks
 *   (+ notifications, renew-signature-key), products (+ code/{code}, changes), orders (+ changes,
 *   statuses, status, notes), invoices (list with its filters, changes, `{code}/pdf` as
 *   application/octet-stream, one PDF at a time per shop: 423). A status with documents.generateInvoice
 *   (Vyřízena, Odesláno) issues the order's invoice unless suppressDocumentGeneration.
 * - Shoptet's side of the lifecycle: `install(eshopId)` GETs the add-on's installation URL with `?code=`
 *   (5 s), events are POSTed to the registered webhooks signed with the shop's key
 *   (`Shoptet-Webhook-Signature` = hex HMAC-SHA1 of the body) and retried; `uninstall` sends
 *   `addon:uninstall` to the system webhook URL (settings.systemWebhookUrl, else the shop's first
 *   registered webhook URL) and revokes the tokens.
 * - Control, as methods of the returned object and over HTTP (JSON) under `/_control`:
 *   GET|POST /_control/settings {installUrl, systemWebhookUrl, clientId}; GET|POST /_control/shops
 *   (body: createShop's input); GET /_control/shops/{eshopId} (state: webhooks, signatureKey, products,
 *   orders, status changes, notes writes); POST /_control/shops/{eshopId}/install {installUrl?};
 *   POST /_control/shops/{eshopId}/uninstall; POST /_control/shops/{eshopId}/products, PATCH|DELETE
 *   /_control/shops/{eshopId}/products/{guid}; POST /_control/shops/{eshopId}/orders (FakeOrderInput),
 *    PATCH|DELETE /_control/shops/{eshopId}/orders/{code};
 *   POST /_control/shops/{eshopId}/orders/{code}/invoice, PATCH|DELETE /_control/shops/{eshopId}/invoices/{code}
 *   {isValid, paid}; POST|DELETE /_control/shops/{eshopId}/auto-orders
 *   {everyMs}; GET /_control/deliveries; POST /_control/faults {latencyMs, failNext: {count, status},
 *   rateLimitNext: {count, retryAfterSeconds}, expireTokens: true}; GET /_control/stats.
 */
export interface ShoptetFakeOptions {
  /** The add-on's client_id the OAuth server accepts; default 'expedo-fake-client'. */
  clientId?: string
  /** When set, a code exchange that sends a client_secret must send this one (leaving it out is accepted). */
  clientSecret?: string
  /** The add-on's installation URL (Shoptet GETs it with ?code=); settable later (settings.installUrl). */
  installUrl?: string
  /** Where system events (addon:uninstall) go; default: the shop's first registered webhook URL. */
  systemWebhookUrl?: string
  /** Delivery attempts per webhook notification (default 3) and the wait between them (default 15 min). */
  webhookAttempts?: number
  webhookRetryMs?: number
  /** How long a webhook delivery / the install GET may take (defaults 4 s / 5 s). */
  webhookTimeoutMs?: number
  installTimeoutMs?: number
  /** API token lifetime (default 1800 s) and the most valid at once per installation (5). */
  tokenTtlSeconds?: number
  maxTokens?: number
  /** Leaky bucket: capacity (200 drops), drain (10 drops/s), drops per request (1). */
  bucketCapacity?: number
  bucketDrainPerSecond?: number
  requestCost?: number
  /** Simultaneous connections per token (3). */
  maxConnectionsPerToken?: number
  /** Delay before every API answer (ms). */
  latencyMs?: number
}

export interface FakeShopInput {
  eshopId?: number
  name?: string
  url?: string
  contactEmail?: string
  currencyCode?: string
  /** 'demo' (default): a small catalogue with codes `${skuPrefix}-…`; or these products; [] for none. */
  products?: 'demo' | FakeProductInput[]
  skuPrefix?: string
}

export interface FakeDelivery {
  id: number
  eshopId: number
  webhookId: number | null
  url: string
  event: string
  eventInstance: string
  body: string
  signature: string | null
  attempts: number
  /** HTTP status of each attempt (0 = no answer / timeout). */
  statuses: number[]
  status: 'new' | 'success' | 'failed'
  active: boolean
  created: string
  attempted: string | null
}

export interface FakeStatusChange {
  code: string
  body: { statusId?: number; paid?: boolean | null; billingMethodId?: number }
  query: Record<string, string>
  at: string
}
export interface FakeNotesWrite {
  code: string
  body: Record<string, unknown>
  at: string
}

interface ShopState extends FakeShopInfo {
  installed: boolean
  /** Set by the code exchange, cleared by uninstall or a failed install. */
  oauthToken: string | null
  signatureKey: string | null
  webhooks: ShoptetWebhook[]
  products: Map<string, ShoptetProduct>
  productChanges: { guid: string; changeTime: string; changeType: string; at: number }[]
  orders: Map<string, ShoptetOrder>
  orderChanges: { code: string; changeTime: string; changeType: string; at: number }[]
  /** Shoptet's own invoices of the shop's orders, by code. */
  invoices: Map<string, ShoptetInvoiceListItem>
  invoiceChanges: { code: string; changeTime: string; changeType: string; at: number }[]
  nextInvoiceNumber: number
  statusChanges: FakeStatusChange[]
  notesWrites: FakeNotesWrite[]
  bucket: { level: number; at: number }
  nextOrderNumber: number
  autoOrders: NodeJS.Timeout | null
}

/** An answer: a JSON body, or `raw` bytes (a PDF) sent as application/octet-stream. */
type Answer = { status: number; body: unknown; headers?: Record<string, string>; raw?: Buffer }
type ErrorItem = { errorCode: string; message: string; instance: string }

const OAUTH_PREFIX = '/action/ApiOAuthServer'
const MAX_LOG = 2000
const CODE_TTL_MS = 10 * 60_000
const MUTUALLY_EXCLUSIVE = [
  ['order:update', 'order:cancel'],
  ['customer:update', 'customer:disableOrders'],
  ['customer:update', 'customer:enableOrders'],
]

export class FakeControlError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

export function createShoptetFake(options: ShoptetFakeOptions = {}) {
  const settings = {
    clientId: options.clientId ?? 'expedo-fake-client',
    clientSecret: options.clientSecret,
    installUrl: options.installUrl,
    systemWebhookUrl: options.systemWebhookUrl,
    webhookAttempts: options.webhookAttempts ?? 3,
    webhookRetryMs: options.webhookRetryMs ?? 15 * 60_000,
    webhookTimeoutMs: options.webhookTimeoutMs ?? 4000,
    installTimeoutMs: options.installTimeoutMs ?? 5000,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 1800,
    maxTokens: options.maxTokens ?? 5,
    bucketCapacity: options.bucketCapacity ?? 200,
    bucketDrainPerSecond: options.bucketDrainPerSecond ?? 10,
    requestCost: options.requestCost ?? 1,
    maxConnectionsPerToken: options.maxConnectionsPerToken ?? 3,
    latencyMs: options.latencyMs ?? 0,
  }
  /** Injected failures, consumed by the next API answers. */
  const faults = {
    failNext: { count: 0, status: 500 },
    rateLimitNext: { count: 0, retryAfterSeconds: 1 },
  }
  const stats = {
    apiRequests: 0,
    oauthRequests: 0,
    /** The most API requests one token had in flight at once. */
    maxInFlightPerToken: 0,
    /** Requests refused with 429 because a token had too many connections. */
    connectionLimitHits: 0,
    tokensIssued: 0,
  }

  const shops = new Map<number, ShopState>()
  const codes = new Map<
    string,
    { eshopId: number; redirectUri: string | undefined; expiresAt: number; used: boolean }
  >()
  const oauthTokens = new Map<string, number>()
  const apiTokens = new Map<string, { eshopId: number; expiresAt: number }>()
  const inFlight = new Map<string, number>()
  const locks = new Set<string>()
  const deliveries: FakeDelivery[] = []
  const pending = new Set<Promise<unknown>>()
  const timers = new Set<NodeJS.Timeout>()
  let nextEshopId = 700001
  let nextWebhookId = 1
  let nextDeliveryId = 1
  let nextItemId = 9001
  let baseUrl = ''

  const track = <T>(p: Promise<T>): Promise<T> => {
    pending.add(p)
    void p.finally(() => pending.delete(p)).catch(() => {})
    return p
  }
  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t)
      fn()
    }, ms)
    timers.add(t)
  }

  // ---- shops, products, orders (control) ------------------------------------------------------

  function shopOf(eshopId: number): ShopState {
    const shop = shops.get(Number(eshopId))
    if (!shop) throw new FakeControlError(404, `No fake shop ${eshopId}`)
    return shop
  }

  function createShop(input: FakeShopInput = {}) {
    const eshopId = input.eshopId ?? nextEshopId
    if (shops.has(eshopId)) throw new FakeControlError(409, `Shop ${eshopId} exists`)
    nextEshopId = Math.max(nextEshopId, eshopId + 1)
    const shop: ShopState = {
      eshopId,
      name: input.name ?? `Demo shop ${eshopId}`,
      url: input.url ?? `https://shop-${eshopId}.myshoptet.test/`,
      contactEmail: input.contactEmail ?? `owner-${eshopId}@example.test`,
      currencyCode: input.currencyCode ?? 'CZK',
      installed: false,
      oauthToken: null,
      signatureKey: null,
      webhooks: [],
      products: new Map(),
      productChanges: [],
      orders: new Map(),
      orderChanges: [],
      invoices: new Map(),
      invoiceChanges: [],
      nextInvoiceNumber: 1,
      statusChanges: [],
      notesWrites: [],
      bucket: { level: 0, at: Date.now() },
      nextOrderNumber: 1,
      autoOrders: null,
    }
    shops.set(eshopId, shop)
    const products = input.products ?? 'demo'
    for (const p of products === 'demo' ? demoProducts(input.skuPrefix ?? `S${eshopId}`) : products) {
      addProduct(eshopId, p, { silent: true })
    }
    return summary(shop)
  }

  function summary(shop: ShopState) {
    return {
      eshopId: shop.eshopId,
      name: shop.name,
      url: shop.url,
      contactEmail: shop.contactEmail,
      currencyCode: shop.currencyCode,
      installed: shop.installed,
      products: shop.products.size,
      orders: shop.orders.size,
      webhooks: shop.webhooks.length,
    }
  }

  function shopState(eshopId: number) {
    const shop = shopOf(eshopId)
    return {
      ...summary(shop),
      signatureKey: shop.signatureKey,
      webhooks: shop.webhooks.map((w) => ({ ...w })),
      products: [...shop.products.values()],
      orders: [...shop.orders.values()],
      invoices: [...shop.invoices.values()],
      statusChanges: [...shop.statusChanges],
      notesWrites: [...shop.notesWrites],
    }
  }

  function findVariant(shop: ShopState, code: string) {
    for (const product of shop.products.values()) {
      const variant = product.variants.find((v) => v.code === code)
      if (variant) return { product, variant }
    }
    return undefined
  }

  function addProduct(eshopId: number, input: FakeProductInput, opts: { silent?: boolean } = {}) {
    const shop = shopOf(eshopId)
    if (!input?.name || !Array.isArray(input.variants) || input.variants.length === 0) {
      throw new FakeControlError(400, 'A product needs a name and at least one variant with a code')
    }
    for (const v of input.variants) {
      if (!v?.code) throw new FakeControlError(400, 'Every variant needs a code')
      if (findVariant(shop, v.code)) throw new FakeControlError(409, `Variant code ${v.code} exists`)
    }
    const now = shoptetTime()
    const product = buildProduct(input, shop, { creationTime: now, changeTime: now })
    shop.products.set(product.guid, product)
    logChange(shop.productChanges, {
      guid: product.guid,
      changeTime: now,
      changeType: 'edit',
      at: Date.now(),
    })
    if (!opts.silent) emit(shop, 'product:create', product.guid)
    return product
  }

  function updateProduct(eshopId: number, productGuid: string, patch: Partial<FakeProductInput>) {
    const shop = shopOf(eshopId)
    const old = shop.products.get(productGuid)
    if (!old) throw new FakeControlError(404, `No product ${productGuid}`)
    const now = shoptetTime()
    const product = buildProduct(
      {
        guid: productGuid,
        name: patch.name ?? old.name ?? '',
        visibility: patch.visibility ?? old.visibility,
        variants:
          patch.variants ??
          old.variants.map((v) => ({
            code: v.code,
            name: v.name ?? null,
            price: v.price ?? 0,
            ean: v.ean,
            stock: v.stock,
            weight: v.weight as string | null,
          })),
      },
      shop,
      { creationTime: old.creationTime ?? now, changeTime: now },
    )
    shop.products.set(productGuid, product)
    logChange(shop.productChanges, { guid: productGuid, changeTime: now, changeType: 'edit', at: Date.now() })
    emit(shop, 'product:update', productGuid)
    return product
  }

  function deleteProduct(eshopId: number, productGuid: string) {
    const shop = shopOf(eshopId)
    if (!shop.products.delete(productGuid)) throw new FakeControlError(404, `No product ${productGuid}`)
    logChange(shop.productChanges, {
      guid: productGuid,
      changeTime: shoptetTime(),
      changeType: 'delete',
      at: Date.now(),
    })
    emit(shop, 'product:delete', productGuid)
  }

  function createOrder(eshopId: number, input: FakeOrderInput = {}) {
    const shop = shopOf(eshopId)
    let code = input.code
    if (code === undefined) {
      do {
        code = `${new Date().getUTCFullYear()}${String(shop.nextOrderNumber++).padStart(6, '0')}`
      } while (shop.orders.has(code))
    } else if (shop.orders.has(code)) {
      throw new FakeControlError(409, `Order ${code} exists`)
    }
    let items = input.items
    if (!items?.length) {
      const variants = [...shop.products.values()].flatMap((p) => p.variants.map((v) => v.code))
      if (!variants.length) throw new FakeControlError(400, 'The shop has no products: give the order items')
      const count = 1 + Math.floor(Math.random() * Math.min(3, variants.length))
      const picked = [...variants].sort(() => Math.random() - 0.5).slice(0, count)
      items = picked.map((c) => ({ code: c, amount: 1 + Math.floor(Math.random() * 2) }))
    }
    if (input.statusId !== undefined && !orderStatusList.some((s) => s.id === input.statusId)) {
      throw new FakeControlError(400, `Unknown statusId ${input.statusId}`)
    }
    const now = shoptetTime()
    const order = buildOrder(
      { ...input, items },
      {
        shop,
        code,
        now,
        itemId: () => nextItemId++,
        lookup: (c) => findVariant(shop, c),
      },
    )
    shop.orders.set(code, order)
    logChange(shop.orderChanges, { code, changeTime: now, changeType: 'edit', at: Date.now() })
    emit(shop, 'order:create', code)
    return order
  }

  /** Changes an order as the merchant would in the admin (status, paid, addresses, …), emitting the events. */
  function updateOrder(
    eshopId: number,
    code: string,
    patch: Partial<FakeOrderInput> & { statusId?: number },
  ) {
    const shop = shopOf(eshopId)
    const order = shop.orders.get(code)
    if (!order) throw new FakeControlError(404, `No order ${code}`)
    const wasPaid = order.paid === true
    if (patch.statusId !== undefined) {
      const status = orderStatusList.find((s) => s.id === patch.statusId)
      if (!status) throw new FakeControlError(400, `Unknown statusId ${patch.statusId}`)
      setStatus(order, status.id)
    }
    if (patch.paid !== undefined) order.paid = patch.paid
    const address = order.deliveryAddress as Record<string, unknown> | null
    for (const key of ['fullName', 'street', 'houseNumber', 'city', 'zip', 'company'] as const) {
      if (patch[key] !== undefined && address) address[key] = patch[key]
    }
    if (patch.email !== undefined) order.email = patch.email
    if (patch.phone !== undefined) order.phone = patch.phone
    touchOrder(shop, order, wasPaid, patch.statusId === CANCELLED_STATUS_ID)
    if (patch.statusId !== undefined) invoiceOnStatus(shop, order)
    return order
  }

  /** A status with documents.generateInvoice issues the order's invoice, unless it has a valid one. */
  function invoiceOnStatus(shop: ShopState, order: ShoptetOrder) {
    const status = orderStatusList.find((s) => s.id === order.status?.id)
    if (status?.generateInvoice && !hasValidInvoice(shop, order.code)) issueInvoice(shop.eshopId, order.code)
  }

  const hasValidInvoice = (shop: ShopState, orderCode: string) =>
    [...shop.invoices.values()].some((i) => i.orderCode === orderCode && i.isValid)

  /** The merchant (or a status) issues the order's invoice: a new number of the shop's series. */
  function issueInvoice(eshopId: number, orderCode: string) {
    const shop = shopOf(eshopId)
    const order = shop.orders.get(orderCode)
    if (!order) throw new FakeControlError(404, `No order ${orderCode}`)
    if (hasValidInvoice(shop, orderCode)) {
      throw new FakeControlError(409, `Order ${orderCode} has a valid invoice`)
    }
    let code: string
    do {
      code = `${new Date().getUTCFullYear()}${String(shop.nextInvoiceNumber++).padStart(6, '0')}`
    } while (shop.invoices.has(code))
    const invoice = buildInvoice(order, { code, now: new Date() })
    shop.invoices.set(code, invoice)
    logChange(shop.invoiceChanges, {
      code,
      changeTime: invoice.changeTime ?? shoptetTime(),
      changeType: 'edit',
      at: Date.now(),
    })
    emit(shop, 'invoice:create', code)
    return invoice
  }

  /** The merchant marks an invoice paid or invalid (cancelled). */
  function updateInvoice(eshopId: number, code: string, patch: { isValid?: boolean; paid?: boolean | null }) {
    const shop = shopOf(eshopId)
    const invoice = shop.invoices.get(code)
    if (!invoice) throw new FakeControlError(404, `No invoice ${code}`)
    if (patch.isValid !== undefined) invoice.isValid = Boolean(patch.isValid)
    if (patch.paid !== undefined) invoice.paid = patch.paid
    invoice.changeTime = shoptetTime()
    logChange(shop.invoiceChanges, {
      code,
      changeTime: invoice.changeTime,
      changeType: 'edit',
      at: Date.now(),
    })
    emit(shop, 'invoice:update', code)
    return invoice
  }

  function deleteInvoice(eshopId: number, code: string) {
    const shop = shopOf(eshopId)
    if (!shop.invoices.delete(code)) throw new FakeControlError(404, `No invoice ${code}`)
    logChange(shop.invoiceChanges, { code, changeTime: shoptetTime(), changeType: 'delete', at: Date.now() })
    emit(shop, 'invoice:delete', code)
  }

  function deleteOrder(eshopId: number, code: string) {
    const shop = shopOf(eshopId)
    if (!shop.orders.delete(code)) throw new FakeControlError(404, `No order ${code}`)
    logChange(shop.orderChanges, { code, changeTime: shoptetTime(), changeType: 'delete', at: Date.now() })
    emit(shop, 'order:delete', code)
  }

  function setStatus(order: ShoptetOrder, statusId: number) {
    const status = orderStatusList.find((s) => s.id === statusId)
    if (!status) return
    order.status = { id: status.id, name: status.name }
    if (status.markAsPaid) order.paid = true
  }

  function touchOrder(shop: ShopState, order: ShoptetOrder, wasPaid: boolean, cancelled: boolean) {
    const now = shoptetTime()
    order.changeTime = now
    if (order.paid) order.price.toPay = '0.00'
    logChange(shop.orderChanges, { code: order.code, changeTime: now, changeType: 'edit', at: Date.now() })
    emit(shop, cancelled && hasWebhook(shop, 'order:cancel') ? 'order:cancel' : 'order:update', order.code)
    if (!wasPaid && order.paid === true) emit(shop, 'order:paid', order.code)
  }

  function logChange<T>(list: T[], item: T) {
    if (list.length >= MAX_LOG * 5) list.shift()
    list.push(item)
  }

  /** Every `everyMs`, a new plausible order (CZ/SK, some COD, items from the shop's products). Answers stop(). */
  function autoOrders({ eshopId, everyMs }: { eshopId: number; everyMs: number }) {
    const shop = shopOf(eshopId)
    if (!Number.isFinite(everyMs) || everyMs < 50)
      throw new FakeControlError(400, 'everyMs must be at least 50')
    stopAutoOrders(eshopId)
    shop.autoOrders = setInterval(() => {
      try {
        createOrder(eshopId)
      } catch {
        // the shop may have lost its products; try again next time
      }
    }, everyMs)
    shop.autoOrders.unref?.()
    return () => stopAutoOrders(eshopId)
  }
  function stopAutoOrders(eshopId: number) {
    const shop = shopOf(eshopId)
    if (shop.autoOrders) clearInterval(shop.autoOrders)
    shop.autoOrders = null
  }

  // ---- install / uninstall (Shoptet → add-on) --------------------------------------------------

  /**
   * What Shoptet does when a merchant installs the add-on: GET <installUrl>?code=… and expects 200 within
   * 5 s, by which time the add-on must have exchanged the code. Otherwise the install failed and the
   * OAuth token issued meanwhile is revoked.
   */
  async function install(eshopId: number, opts: { installUrl?: string } = {}) {
    const shop = shopOf(eshopId)
    const installUrl = opts.installUrl ?? settings.installUrl
    if (!installUrl) throw new FakeControlError(400, 'No installUrl: set settings.installUrl or pass one')
    const code = tokenChars(255)
    codes.set(code, {
      eshopId: shop.eshopId,
      redirectUri: installUrl,
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
    })
    const url = new URL(installUrl)
    url.searchParams.set('code', code)
    let status = 0
    let body = ''
    let error: string | undefined
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(settings.installTimeoutMs) })
      status = res.status
      body = await res.text()
    } catch (e) {
      error = (e as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable'
    }
    const entry = codes.get(code)
    const exchanged = entry?.used === true
    const ok = status === 200 && exchanged
    if (ok) {
      shop.installed = true
    } else {
      if (exchanged) revokeTokens(shop)
      codes.delete(code)
    }
    return {
      ok,
      status,
      exchanged,
      code,
      body: body.slice(0, 4000),
      ...(error ? { error } : {}),
    }
  }

  /** The merchant uninstalls: addon:uninstall is sent (signed), then tokens and webhooks are gone. */
  async function uninstall(eshopId: number) {
    const shop = shopOf(eshopId)
    const target = settings.systemWebhookUrl ?? shop.webhooks[0]?.url
    let delivery: Promise<FakeDelivery> | undefined
    if (target) delivery = deliver(shop, null, target, 'addon:uninstall', String(shop.eshopId))
    shop.installed = false
    revokeTokens(shop)
    shop.webhooks = []
    stopAutoOrders(eshopId)
    return { delivered: delivery ? await delivery : null }
  }

  function revokeTokens(shop: ShopState) {
    if (shop.oauthToken) oauthTokens.delete(shop.oauthToken)
    shop.oauthToken = null
    for (const [token, t] of apiTokens) if (t.eshopId === shop.eshopId) apiTokens.delete(token)
  }

  function expireAllTokens() {
    for (const t of apiTokens.values()) t.expiresAt = 0
  }

  // ---- webhook deliveries (Shoptet → add-on) ---------------------------------------------------

  function hasWebhook(shop: ShopState, event: string) {
    return shop.webhooks.some((w) => w.event === event)
  }

  function emit(shop: ShopState, event: string, eventInstance: string) {
    if (!shop.installed && !shop.oauthToken) return
    for (const w of shop.webhooks) {
      if (w.event === event) void deliver(shop, w.id, w.url, event, eventInstance)
    }
  }

  function deliver(
    shop: ShopState,
    webhookId: number | null,
    url: string,
    event: string,
    eventInstance: string,
  ): Promise<FakeDelivery> {
    const now = shoptetTime()
    const body = JSON.stringify({ eshopId: shop.eshopId, event, eventCreated: now, eventInstance })
    const signature = shop.signatureKey
      ? createHmac('sha1', shop.signatureKey).update(body).digest('hex')
      : null
    const delivery: FakeDelivery = {
      id: nextDeliveryId++,
      eshopId: shop.eshopId,
      webhookId,
      url,
      event,
      eventInstance,
      body,
      signature,
      attempts: 0,
      statuses: [],
      status: 'new',
      active: true,
      created: now,
      attempted: null,
    }
    if (deliveries.length >= MAX_LOG) deliveries.shift()
    deliveries.push(delivery)
    return track(
      new Promise<FakeDelivery>((resolve) => {
        const attempt = async () => {
          delivery.attempts++
          delivery.attempted = shoptetTime()
          let status = 0
          try {
            const res = await fetch(url, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                'user-agent': 'Shoptet-Webhooks (Expedo fake)',
                ...(signature ? { 'shoptet-webhook-signature': signature } : {}),
              },
              body,
              signal: AbortSignal.timeout(settings.webhookTimeoutMs),
            })
            status = res.status
            await res.arrayBuffer().catch(() => undefined)
          } catch {
            status = 0
          }
          delivery.statuses.push(status)
          if (status >= 200 && status < 300) {
            delivery.status = 'success'
            delivery.active = false
            return resolve(delivery)
          }
          delivery.status = 'failed'
          if (delivery.attempts >= settings.webhookAttempts || closed) {
            delivery.active = false
            return resolve(delivery)
          }
          later(settings.webhookRetryMs, () => void attempt())
        }
        void attempt()
      }),
    )
  }

  // ---- HTTP ------------------------------------------------------------------------------------

  let closed = false
  const server = createServer((req, res) => {
    void handle(req, res).catch((error) => {
      send(
        res,
        envelopeError(500, [item('internal-error', String((error as Error)?.message ?? error), 'unknown')]),
      )
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake')
    const raw = await readBody(req, MAX_BODY)
    if (url.pathname.startsWith(`${OAUTH_PREFIX}/`)) {
      stats.oauthRequests++
      if (settings.latencyMs > 0) await sleep(settings.latencyMs)
      return send(res, oauth(req, url, raw))
    }
    if (url.pathname.startsWith('/_control')) return send(res, await control(req.method ?? 'GET', url, raw))
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return api(req, res, url, raw)
    send(res, { status: 404, body: { error: 'not_found' } })
  }

  // OAuth ----------------------------------------------------------------------------------------

  function oauth(req: IncomingMessage, url: URL, raw: Buffer): Answer {
    const action = url.pathname.slice(OAUTH_PREFIX.length + 1)
    if (action === 'token') {
      if (req.method !== 'POST') return oauthFail(405, 'invalid_request', 'POST required')
      const form = parseForm(req.headers['content-type'], raw)
      if (!form) return oauthFail(400, 'invalid_request', 'The body must be JSON, urlencoded or multipart')
      if (form.client_id !== settings.clientId) return oauthFail(401, 'invalid_client', 'Unknown client_id')
      if (
        form.client_secret !== undefined &&
        settings.clientSecret &&
        form.client_secret !== settings.clientSecret
      ) {
        return oauthFail(401, 'invalid_client', 'Wrong client_secret')
      }
      if (form.grant_type !== 'authorization_code') {
        return oauthFail(400, 'unsupported_grant_type', 'grant_type must be authorization_code')
      }
      if (!form.code) return oauthFail(400, 'invalid_request', 'code is required')
      if (!form.redirect_uri) return oauthFail(400, 'invalid_request', 'redirect_uri is required')
      const entry = codes.get(form.code)
      if (!entry || entry.used || entry.expiresAt < Date.now()) {
        return oauthFail(400, 'invalid_grant', 'The code is unknown, expired or already used')
      }
      if (entry.redirectUri && entry.redirectUri !== form.redirect_uri) {
        return oauthFail(400, 'invalid_grant', 'redirect_uri does not match the installation URL')
      }
      entry.used = true
      const shop = shopOf(entry.eshopId)
      revokeTokens(shop)
      shop.oauthToken = tokenChars(255)
      oauthTokens.set(shop.oauthToken, shop.eshopId)
      return {
        status: 200,
        body: {
          access_token: shop.oauthToken,
          expires_in: null,
          token_type: 'Bearer',
          scope: 'api',
          eshopId: shop.eshopId,
          eshopUrl: shop.url,
          contactEmail: shop.contactEmail,
        },
      }
    }
    if (action === 'getAccessToken') {
      if (req.method !== 'GET') return oauthFail(405, 'invalid_request', 'GET required')
      const header = req.headers.authorization ?? ''
      const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim()
      const eshopId = bearer ? oauthTokens.get(bearer) : undefined
      if (eshopId === undefined) return oauthFail(401, 'invalid_token', 'The OAuth access token is not valid')
      const now = Date.now()
      let valid = 0
      for (const [token, t] of apiTokens) {
        if (t.expiresAt <= now) apiTokens.delete(token)
        else if (t.eshopId === eshopId) valid++
      }
      if (valid >= settings.maxTokens) return { status: 400, body: { error: 'maximum_tokens_reached' } }
      const token = `${eshopId}-a-${tokenChars(32)}`
      apiTokens.set(token, { eshopId, expiresAt: now + settings.tokenTtlSeconds * 1000 })
      stats.tokensIssued++
      return { status: 200, body: { access_token: token, expires_in: settings.tokenTtlSeconds } }
    }
    return { status: 404, body: { error: 'not_found' } }
  }

  // API ------------------------------------------------------------------------------------------

  async function api(req: IncomingMessage, res: ServerResponse, url: URL, raw: Buffer) {
    stats.apiRequests++
    const requestId = randomUUID()
    const headers: Record<string, string> = { 'x-request-id': requestId }
    const token = header(req, 'shoptet-access-token') ?? header(req, 'shoptet-private-api-token')
    const method = req.method ?? 'GET'
    // nginx: at most N connections per token
    if (token) {
      const now = (inFlight.get(token) ?? 0) + 1
      if (now > settings.maxConnectionsPerToken) {
        stats.connectionLimitHits++
        return send(
          res,
          withMeta(
            envelopeError(429, [
              item('too-many-connections', 'Too many connections per token', 'access-token'),
            ]),
            requestId,
            headers,
          ),
        )
      }
      inFlight.set(token, now)
      stats.maxInFlightPerToken = Math.max(stats.maxInFlightPerToken, now)
    }
    // A write locks its exact URL; a PDF download locks the shop's PDFs ("only one-by-one for every e-shop").
    const pdfOf =
      token && /^\/api\/[a-z-]+\/[^/]+\/pdf\/?$/.test(url.pathname) ? apiTokens.get(token) : undefined
    const lockKey =
      method !== 'GET' ? `${method} ${url.pathname}${url.search}` : pdfOf ? `pdf ${pdfOf.eshopId}` : undefined
    try {
      // a write locks its exact URL while it is processed (the latency counts as processing)
      if (lockKey && locks.has(lockKey)) {
        return send(
          res,
          withMeta(
            envelopeError(423, [
              item('locked', 'The resource is being processed; try again later', url.pathname),
            ]),
            requestId,
            headers,
          ),
        )
      }
      if (lockKey) locks.add(lockKey)
      try {
        if (settings.latencyMs > 0) await sleep(settings.latencyMs)
        const answer = await apiAnswer(method, url, raw, token, headers)
        send(res, withMeta(answer, requestId, headers))
      } finally {
        if (lockKey) locks.delete(lockKey)
      }
    } finally {
      if (token) {
        const left = (inFlight.get(token) ?? 1) - 1
        if (left <= 0) inFlight.delete(token)
        else inFlight.set(token, left)
      }
    }
  }

  async function apiAnswer(
    method: string,
    url: URL,
    raw: Buffer,
    token: string | undefined,
    headers: Record<string, string>,
  ): Promise<Answer> {
    if (faults.failNext.count > 0) {
      faults.failNext.count--
      const status = faults.failNext.status
      const code = status === 503 ? 'system-maintenance' : status === 423 ? 'locked' : 'internal-error'
      return envelopeError(status, [item(code, `Injected failure (${status})`, 'unknown')])
    }
    if (faults.rateLimitNext.count > 0) {
      faults.rateLimitNext.count--
      headers['retry-after'] = String(faults.rateLimitNext.retryAfterSeconds)
      return envelopeError(429, [item('too-many-requests', 'Rate limit exceeded (injected)', 'unknown')])
    }
    if (!token) {
      return envelopeError(401, [
        item(
          'missing-access-token',
          'Missing access token. Send it in the Shoptet-Access-Token header.',
          'access-token',
        ),
      ])
    }
    const entry = apiTokens.get(token)
    if (!entry) return envelopeError(401, [item('invalid-token', 'Invalid access token.', 'access-token')])
    if (entry.expiresAt <= Date.now()) {
      return envelopeError(401, [
        item('expired-token', 'API access token expired; request a new one.', 'unknown'),
      ])
    }
    const shop = shopOf(entry.eshopId)
    // leaky bucket per installation
    const now = Date.now()
    const b = shop.bucket
    b.level = Math.max(0, b.level - ((now - b.at) / 1000) * settings.bucketDrainPerSecond)
    b.at = now
    if (b.level + settings.requestCost > settings.bucketCapacity) {
      const waitS = Math.max(
        1,
        Math.ceil((b.level + settings.requestCost - settings.bucketCapacity) / settings.bucketDrainPerSecond),
      )
      headers['x-ratelimit-bucket-filling'] = `${Math.ceil(b.level)}/${settings.bucketCapacity}`
      headers['retry-after'] = new Date(now + waitS * 1000).toUTCString()
      return envelopeError(429, [
        item('too-many-requests', 'The leaky bucket is full; slow down.', 'unknown'),
      ])
    }
    b.level += settings.requestCost
    headers['x-ratelimit-bucket-filling'] = `${Math.ceil(b.level)}/${settings.bucketCapacity}`

    let body: Record<string, unknown> | undefined
    if (method !== 'GET' && method !== 'DELETE' && raw.length) {
      try {
        const parsed = JSON.parse(raw.toString('utf8')) as unknown
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object')
        body = parsed as Record<string, unknown>
      } catch {
        return envelopeError(422, [
          item('invalid-request-data', 'The request body is not valid JSON.', 'data'),
        ])
      }
    }
    return route(shop, method, url, body)
  }

  function route(
    shop: ShopState,
    method: string,
    url: URL,
    body: Record<string, unknown> | undefined,
  ): Answer {
    const p = url.pathname.replace(/\/+$/, '')
    const q = url.searchParams
    const seg = p.split('/').slice(2).map(decodeURIComponent) // after /api
    const [a, b, c] = seg
    if (a === 'eshop' && seg.length === 1 && method === 'GET')
      return ok(eshopData(shop, `${baseUrl}${OAUTH_PREFIX}`))
    if (a === 'webhooks') {
      if (seg.length === 1 && method === 'GET') {
        return paged(q, 20, 500, shop.webhooks, 'webhooks')
      }
      if (seg.length === 1 && method === 'POST') return registerWebhooks(shop, body)
      if (b === 'renew-signature-key' && seg.length === 2 && method === 'POST') {
        shop.signatureKey = hex(16)
        return ok({ signatureKey: shop.signatureKey })
      }
      if (b === 'notifications' && seg.length === 2 && method === 'GET') {
        const list = deliveries
          .filter((d) => d.eshopId === shop.eshopId && d.webhookId !== null)
          .map((d) => ({
            id: d.id,
            webhookId: d.webhookId ?? 0,
            webhookUrl: d.url,
            event: d.event,
            eventCreated: d.created,
            created: d.created,
            attempted: d.attempted,
            attempts: d.attempts,
            status: d.status,
            active: d.active,
            data: JSON.parse(d.body) as unknown,
          }))
        return paged(q, 20, 500, list, 'notifications')
      }
      if (b !== undefined && seg.length === 2 && /^\d+$/.test(b)) {
        const id = Number(b)
        const index = shop.webhooks.findIndex((w) => w.id === id)
        if (index < 0)
          return envelopeError(404, [item('webhook-not-found', `Webhook ${id} not found.`, String(id))])
        if (method === 'GET') return ok({ webhook: shop.webhooks[index] })
        if (method === 'DELETE') {
          shop.webhooks.splice(index, 1)
          return ok(null)
        }
        if (method === 'PATCH') {
          const data = body?.data as Record<string, unknown> | undefined
          const w = shop.webhooks[index]!
          if (!data || typeof data !== 'object') return invalid('data', 'data must be an object')
          if (data.url !== undefined) {
            if (!validUrl(data.url))
              return invalid('data.url', 'url must be an http(s) URL of at most 2000 characters')
            w.url = data.url as string
          }
          if (data.sendPayload !== undefined) w.sendPayload = data.sendPayload === 'full' ? 'full' : null
          w.updated = shoptetTime()
          return ok(null)
        }
      }
    }
    if (a === 'products') {
      if (seg.length === 1 && method === 'GET') {
        const list = [...shop.products.values()].map(productListItem)
        return paged(q, 20, 1000, list, 'products')
      }
      if (b === 'changes' && seg.length === 2 && method === 'GET')
        return changes(q, shop.productChanges, 1000, 'guid')
      if (b === 'code' && c !== undefined && seg.length === 3 && method === 'GET') {
        const found = findVariant(shop, c)
        if (!found)
          return envelopeError(404, [item('product-not-found', `Product with code ${c} not found.`, c)])
        return ok(found.product)
      }
      if (b !== undefined && seg.length === 2 && method === 'GET') {
        const product = shop.products.get(b)
        if (!product) return envelopeError(404, [item('product-not-found', `Product ${b} not found.`, b)])
        return ok(product)
      }
    }
    if (a === 'orders') {
      if (seg.length === 1 && method === 'GET') {
        let list = [...shop.orders.values()]
        const statusId = q.get('statusId')
        if (statusId) list = list.filter((o) => String(o.status?.id) === statusId)
        for (const [param, field, cmp] of [
          ['changeTimeFrom', 'changeTime', 1],
          ['creationTimeFrom', 'creationTime', 1],
        ] as const) {
          const v = q.get(param)
          if (!v) continue
          const from = parseShoptetTime(v)
          if (Number.isNaN(from)) return badParam(param)
          list = list.filter((o) => parseShoptetTime(String(o[field])) * cmp >= from * cmp)
        }
        return paged(q, 50, 50, list.map(orderListItem), 'orders')
      }
      if (b === 'changes' && seg.length === 2 && method === 'GET')
        return changes(q, shop.orderChanges, 1000, 'code', 20)
      if (b === 'statuses' && seg.length === 2 && method === 'GET') return ok(orderStatusesData())
      if (b !== undefined && !['changes', 'statuses', 'snapshot'].includes(b)) {
        const order = shop.orders.get(b)
        if (!order) return envelopeError(404, [item('order-not-found', `Order ${b} not found.`, b)])
        if (seg.length === 2 && method === 'GET') {
          const include = (q.get('include') ?? '').toLowerCase().split(',')
          return ok({ order: orderView(order, include.includes('notes')) })
        }
        if (c === 'status' && seg.length === 3 && method === 'PATCH') return patchStatus(shop, order, body, q)
        if (c === 'notes' && seg.length === 3 && method === 'PATCH') return patchNotes(shop, order, body)
      }
    }
    if (a === 'invoices' && method === 'GET') {
      if (seg.length === 1) {
        let list = [...shop.invoices.values()]
        for (const [param, test] of [
          ['orderCode', (i: ShoptetInvoiceListItem, v: string) => i.orderCode === v],
          ['varSymbol', (i: ShoptetInvoiceListItem, v: string) => String(i.varSymbol) === v],
          ['isValid', (i: ShoptetInvoiceListItem, v: string) => String(i.isValid) === v],
          ['codeFrom', (i: ShoptetInvoiceListItem, v: string) => i.code >= v],
          ['codeTo', (i: ShoptetInvoiceListItem, v: string) => i.code <= v],
        ] as const) {
          const v = q.get(param)
          if (v !== null) list = list.filter((i) => test(i, v))
        }
        return paged(q, 20, 1000, list, 'invoices')
      }
      if (b === 'changes' && seg.length === 2) return changes(q, shop.invoiceChanges, 1000, 'code', 20)
      if (b !== undefined && c === 'pdf' && seg.length === 3) {
        const invoice = shop.invoices.get(b)
        if (!invoice)
          return envelopeError(404, [item('invoice-not-found', `Invoice with code "${b}" not found.`, b)])
        return {
          status: 200,
          body: null,
          raw: invoicePdf(invoice, shop.name),
          headers: { 'content-disposition': `attachment; filename="${b}.pdf"` },
        }
      }
    }
    return envelopeError(404, [item('not-found', `Endpoint ${method} ${p} not found.`, p)])
  }

  function orderView(order: ShoptetOrder, withNotes: boolean) {
    if (withNotes) return order
    const { notes: _notes, ...rest } = order as ShoptetOrder & { notes?: unknown }
    return rest
  }

  function registerWebhooks(shop: ShopState, body: Record<string, unknown> | undefined): Answer {
    const data = body?.data
    if (!Array.isArray(data) || data.length === 0) return invalid('data', 'data must be a non-empty array')
    if (data.length > 50)
      return envelopeError(413, [item('too-many-items', 'At most 50 webhooks per request.', 'data')])
    const events = new Set(shop.webhooks.map((w) => w.event))
    const wanted: { event: string; url: string; sendPayload: 'full' | null }[] = []
    for (const [i, raw] of data.entries()) {
      const w = raw as Record<string, unknown>
      if (!w || typeof w.event !== 'string' || !/^[a-zA-Z]+:[a-zA-Z]+$/.test(w.event)) {
        return invalid(`data[${i}].event`, 'event must be an event name such as order:create')
      }
      if (!validUrl(w.url))
        return invalid(`data[${i}].url`, 'url must be an http(s) URL of at most 2000 characters')
      if (events.has(w.event)) {
        return envelopeError(422, [
          item('webhook-exists', `Webhook for event ${w.event} already exists.`, `data[${i}].event`),
        ])
      }
      events.add(w.event)
      wanted.push({
        event: w.event,
        url: w.url as string,
        sendPayload: w.sendPayload === 'full' ? 'full' : null,
      })
    }
    for (const [x, y] of MUTUALLY_EXCLUSIVE) {
      if (events.has(x!) && events.has(y!)) {
        return envelopeError(409, [
          item('webhook-conflict', `Events ${x} and ${y} cannot be registered together.`, 'data'),
        ])
      }
    }
    const now = shoptetTime()
    const created = wanted.map((w) => ({ id: nextWebhookId++, ...w, created: now, updated: null }))
    shop.webhooks.push(...created)
    return { status: 201, body: { data: { webhooks: created }, errors: null } }
  }

  function patchStatus(
    shop: ShopState,
    order: ShoptetOrder,
    body: Record<string, unknown> | undefined,
    q: URLSearchParams,
  ): Answer {
    const data = body?.data as Record<string, unknown> | undefined
    if (!data || typeof data !== 'object' || Array.isArray(data) || Object.keys(data).length === 0) {
      return invalid('data', 'data must contain statusId, paid or billingMethodId')
    }
    for (const key of Object.keys(data)) {
      if (!['statusId', 'paid', 'billingMethodId'].includes(key))
        return invalid(`data.${key}`, `Unknown field ${key}`)
    }
    if (data.statusId !== undefined && !orderStatusList.some((s) => s.id === data.statusId)) {
      return invalid('data.statusId', `Unknown order status ${String(data.statusId)}.`)
    }
    if (data.paid !== undefined && data.paid !== null && typeof data.paid !== 'boolean') {
      return invalid('data.paid', 'paid must be a boolean or null')
    }
    if (data.billingMethodId !== undefined && !(Number(data.billingMethodId) in billingMethods)) {
      return invalid('data.billingMethodId', `Unknown billing method ${String(data.billingMethodId)}.`)
    }
    const wasPaid = order.paid === true
    const before = JSON.stringify([order.status, order.paid, order.billingMethod])
    if (typeof data.statusId === 'number') setStatus(order, data.statusId)
    if (data.paid !== undefined) order.paid = data.paid as boolean | null
    if (typeof data.billingMethodId === 'number') {
      order.billingMethod = { id: data.billingMethodId, name: billingMethods[data.billingMethodId] ?? '' }
    }
    shop.statusChanges.push({
      code: order.code,
      body: data as FakeStatusChange['body'],
      query: Object.fromEntries(q),
      at: shoptetTime(),
    })
    if (JSON.stringify([order.status, order.paid, order.billingMethod]) !== before) {
      touchOrder(shop, order, wasPaid, data.statusId === CANCELLED_STATUS_ID)
      if (typeof data.statusId === 'number' && q.get('suppressDocumentGeneration') !== 'true')
        invoiceOnStatus(shop, order)
    }
    return ok({ order: orderView(order, false) })
  }

  function patchNotes(
    shop: ShopState,
    order: ShoptetOrder,
    body: Record<string, unknown> | undefined,
  ): Answer {
    const data = body?.data as Record<string, unknown> | undefined
    if (!data || typeof data !== 'object' || Array.isArray(data) || Object.keys(data).length === 0) {
      return invalid('data', 'data must contain at least one field')
    }
    const allowed = ['customerRemark', 'eshopRemark', 'trackingNumber', 'trackingUrl', 'additionalFields']
    for (const key of Object.keys(data))
      if (!allowed.includes(key)) return invalid(`data.${key}`, `Unknown field ${key}`)
    const t = data.trackingNumber
    if (t !== undefined && t !== null && (typeof t !== 'string' || t.length > 32)) {
      return invalid(
        'data.trackingNumber',
        'trackingNumber must be a string of at most 32 characters or null',
      )
    }
    const withNotes = order as unknown as { notes?: Record<string, unknown> }
    const notes: Record<string, unknown> = withNotes.notes ?? {}
    withNotes.notes = notes
    for (const [key, value] of Object.entries(data)) notes[key] = value
    shop.notesWrites.push({ code: order.code, body: data, at: shoptetTime() })
    return ok(null)
  }

  function changes(
    q: URLSearchParams,
    list: { changeTime: string; changeType: string; at: number; guid?: string; code?: string }[],
    max: number,
    key: 'guid' | 'code',
    def = max,
  ): Answer {
    const fromRaw = q.get('from')
    if (!fromRaw)
      return envelopeError(400, [item('invalid-parameter', 'Parameter from is required.', 'from')])
    const from = parseShoptetTime(fromRaw)
    if (Number.isNaN(from)) return badParam('from')
    const type = q.get('changeType')
    // second precision in changeTime; compare on the recorded instant (≥ the whole second asked for)
    const items = list
      .filter((c) => c.at >= from && (!type || c.changeType === type))
      .map((c) => ({ [key]: c[key], changeTime: c.changeTime, changeType: c.changeType }))
    return paged(q, def, max, items, 'changes')
  }

  // Control ----------------------------------------------------------------------------------------

  async function control(method: string, url: URL, raw: Buffer): Promise<Answer> {
    let body: Record<string, unknown> = {}
    if (raw.length) {
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>
      } catch {
        return { status: 400, body: { error: 'The body must be JSON' } }
      }
    }
    const seg = url.pathname.split('/').slice(2).map(decodeURIComponent)
    try {
      const [a, id, b, key] = seg
      if (a === 'settings' && seg.length === 1) {
        if (method === 'POST') {
          for (const k of [
            'installUrl',
            'systemWebhookUrl',
            'clientId',
            'webhookRetryMs',
            'webhookAttempts',
          ] as const) {
            if (body[k] !== undefined) (settings as Record<string, unknown>)[k] = body[k]
          }
        }
        const { clientSecret: _secret, ...visible } = settings
        return { status: 200, body: visible }
      }
      if (a === 'stats' && method === 'GET') return { status: 200, body: stats }
      if (a === 'deliveries' && method === 'GET') {
        const eshopId = url.searchParams.get('eshopId')
        return { status: 200, body: deliveries.filter((d) => !eshopId || String(d.eshopId) === eshopId) }
      }
      if (a === 'faults' && method === 'POST') {
        setFaults(body as Parameters<typeof setFaults>[0])
        return { status: 200, body: { ...faults, latencyMs: settings.latencyMs } }
      }
      if (a === 'shops') {
        if (seg.length === 1 && method === 'GET')
          return { status: 200, body: [...shops.values()].map(summary) }
        if (seg.length === 1 && method === 'POST')
          return { status: 201, body: createShop(body as FakeShopInput) }
        const eshopId = Number(id)
        if (seg.length === 2 && method === 'GET') return { status: 200, body: shopState(eshopId) }
        if (b === 'install' && method === 'POST') {
          const installUrl = typeof body.installUrl === 'string' ? body.installUrl : undefined
          return { status: 200, body: await install(eshopId, installUrl ? { installUrl } : {}) }
        }
        if (b === 'uninstall' && method === 'POST') return { status: 200, body: await uninstall(eshopId) }
        if (b === 'webhooks' && method === 'GET') return { status: 200, body: shopOf(eshopId).webhooks }
        if (b === 'products') {
          if (!key && method === 'POST')
            return { status: 201, body: addProduct(eshopId, body as unknown as FakeProductInput) }
          if (key && method === 'PATCH')
            return { status: 200, body: updateProduct(eshopId, key, body as Partial<FakeProductInput>) }
          if (key && method === 'DELETE') {
            deleteProduct(eshopId, key)
            return { status: 200, body: { deleted: key } }
          }
        }
        if (b === 'orders' && key && seg[4] === 'invoice' && seg.length === 5 && method === 'POST')
          return { status: 201, body: issueInvoice(eshopId, key) }
        if (b === 'invoices' && key && seg.length === 4) {
          if (method === 'PATCH')
            return {
              status: 200,
              body: updateInvoice(eshopId, key, body as { isValid?: boolean; paid?: boolean | null }),
            }
          if (method === 'DELETE') {
            deleteInvoice(eshopId, key)
            return { status: 200, body: { deleted: key } }
          }
        }
        if (b === 'orders') {
          if (!key && method === 'POST')
            return { status: 201, body: createOrder(eshopId, body as FakeOrderInput) }
          if (key && method === 'GET') {
            const order = shopOf(eshopId).orders.get(key)
            return order ? { status: 200, body: order } : { status: 404, body: { error: `No order ${key}` } }
          }
          if (key && method === 'PATCH') return { status: 200, body: updateOrder(eshopId, key, body) }
          if (key && method === 'DELETE') {
            deleteOrder(eshopId, key)
            return { status: 200, body: { deleted: key } }
          }
        }
        if (b === 'auto-orders') {
          if (method === 'POST') {
            autoOrders({ eshopId, everyMs: Number(body.everyMs) })
            return { status: 200, body: { everyMs: Number(body.everyMs) } }
          }
          if (method === 'DELETE') {
            stopAutoOrders(eshopId)
            return { status: 200, body: { stopped: true } }
          }
        }
      }
      return { status: 404, body: { error: `Unknown control ${method} ${url.pathname}` } }
    } catch (error) {
      if (error instanceof FakeControlError) return { status: error.status, body: { error: error.message } }
      throw error
    }
  }

  function setFaults(f: {
    latencyMs?: number
    failNext?: { count: number; status?: number }
    rateLimitNext?: { count: number; retryAfterSeconds?: number }
    expireTokens?: boolean
  }) {
    if (f.latencyMs !== undefined) settings.latencyMs = Math.max(0, Number(f.latencyMs) || 0)
    if (f.failNext)
      faults.failNext = { count: Number(f.failNext.count) || 0, status: Number(f.failNext.status) || 500 }
    if (f.rateLimitNext) {
      faults.rateLimitNext = {
        count: Number(f.rateLimitNext.count) || 0,
        retryAfterSeconds: Number(f.rateLimitNext.retryAfterSeconds ?? 1),
      }
    }
    if (f.expireTokens) expireAllTokens()
  }

  return {
    settings,
    faults,
    stats,
    /** Every webhook delivery (newest last) with its body, signature, attempts and statuses. */
    deliveries,
    createShop,
    shop: shopState,
    shops: () => [...shops.values()].map(summary),
    install,
    uninstall,
    addProduct: (eshopId: number, input: FakeProductInput) => addProduct(eshopId, input),
    updateProduct,
    deleteProduct,
    createOrder,
    updateOrder,
    deleteOrder,
    issueInvoice,
    updateInvoice,
    deleteInvoice,
    autoOrders,
    stopAutoOrders,
    /** What the add-on wrote: registered webhooks, status changes, notes (tracking numbers). */
    webhooksOf: (eshopId: number) => shopOf(eshopId).webhooks.map((w) => ({ ...w })),
    statusChangesOf: (eshopId: number) => [...shopOf(eshopId).statusChanges],
    notesWritesOf: (eshopId: number) => [...shopOf(eshopId).notesWrites],
    signatureKeyOf: (eshopId: number) => shopOf(eshopId).signatureKey,
    /** Fault injection: latency, the next N answers 5xx / 429, all API tokens expired. */
    setLatency: (ms: number) => setFaults({ latencyMs: ms }),
    failNext: (count: number, status = 500) => setFaults({ failNext: { count, status } }),
    rateLimitNext: (count: number, retryAfterSeconds = 1) =>
      setFaults({ rateLimitNext: { count, retryAfterSeconds } }),
    expireAllTokens,
    /** Resolves when every delivery started so far has finished (retries included). */
    async idle(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending])
    },
    /** The base URL (after start()). */
    get baseUrl() {
      return baseUrl
    },
    /** Listens on 127.0.0.1 (port 0 = a free one) and answers the base URL (API at /api, OAuth at /action/ApiOAuthServer). */
    async start(port = 0, host = '127.0.0.1'): Promise<string> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, host, () => resolve())
      })
      const address = server.address() as AddressInfo
      baseUrl = `http://${host}:${address.port}`
      return baseUrl
    },
    async close(): Promise<void> {
      closed = true
      for (const t of timers) clearTimeout(t)
      timers.clear()
      for (const shop of shops.values()) if (shop.autoOrders) clearInterval(shop.autoOrders)
      if (!server.listening) return
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
export type ShoptetFake = ReturnType<typeof createShoptetFake>

/** The base URLs a client is configured with for a fake at `baseUrl`. */
export function shoptetFakeUrls(baseUrl: string) {
  return { apiUrl: baseUrl, oauthUrl: `${baseUrl}${OAUTH_PREFIX}` }
}

// ---- helpers ----------------------------------------------------------------------------------------

const item = (errorCode: string, message: string, instance: string): ErrorItem => ({
  errorCode,
  message,
  instance,
})
const ok = (data: unknown): Answer => ({ status: 200, body: { data, errors: null } })
const envelopeError = (status: number, errors: ErrorItem[]): Answer => ({
  status,
  body: { data: null, errors },
})
const invalid = (instance: string, message: string) =>
  envelopeError(422, [item('invalid-request-data', message, instance)])
const badParam = (name: string) =>
  envelopeError(400, [item('invalid-parameter', `Parameter ${name} is not valid.`, name)])
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function withMeta(answer: Answer, requestId: string, headers: Record<string, string>): Answer {
  if (answer.raw) return { ...answer, headers: { ...headers, ...answer.headers } }
  const body = answer.body as Record<string, unknown>
  return { ...answer, headers: { ...headers, ...answer.headers }, body: { ...body, metadata: { requestId } } }
}

function paged<T>(q: URLSearchParams, def: number, max: number, list: T[], key: string): Answer {
  const pageRaw = q.get('page') ?? '1'
  const perRaw = q.get('itemsPerPage') ?? String(def)
  if (!/^\d+$/.test(pageRaw) || Number(pageRaw) < 1) return badParam('page')
  if (!/^\d+$/.test(perRaw) || Number(perRaw) < 1) return badParam('itemsPerPage')
  const page = Number(pageRaw)
  const itemsPerPage = Math.min(Number(perRaw), max)
  const pageCount = Math.ceil(list.length / itemsPerPage)
  if (page > Math.max(1, pageCount)) {
    return envelopeError(404, [
      item('page-not-found', `Page ${page} not found, max page is ${pageCount}.`, 'page'),
    ])
  }
  const items = list.slice((page - 1) * itemsPerPage, page * itemsPerPage)
  return ok({
    [key]: items,
    paginator: { totalCount: list.length, page, pageCount, itemsOnPage: items.length, itemsPerPage },
  })
}

function validUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2000) return false
  try {
    return /^https?:$/.test(new URL(value).protocol)
  } catch {
    return false
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name]
  return (Array.isArray(v) ? v[0] : v)?.trim() || undefined
}

/** The fields of a JSON, urlencoded or multipart/form-data body (string values only); undefined if none parses. */
export function parseForm(contentType: string | undefined, raw: Buffer): Record<string, string> | undefined {
  const type = (contentType ?? '').toLowerCase()
  const text = raw.toString('utf8')
  const strings = (o: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'string')) as Record<string, string>
  if (type.startsWith('multipart/form-data')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType ?? '')?.[1]
    if (!boundary) return undefined
    const fields: Record<string, string> = {}
    for (const part of text.split(`--${boundary}`)) {
      const split = part.indexOf('\r\n\r\n')
      if (split < 0) continue
      const head = part.slice(0, split)
      const name = /name="([^"]*)"/i.exec(head)?.[1]
      if (!name) continue
      fields[name] = part.slice(split + 4).replace(/\r\n$/, '')
    }
    return fields
  }
  if (type.startsWith('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text))
  try {
    const parsed = JSON.parse(text) as unknown
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? strings(parsed as Record<string, unknown>)
      : undefined
  } catch {
    return type.includes('json') || !text ? undefined : Object.fromEntries(new URLSearchParams(text))
  }
}

const oauthFail = (status: number, error: string, description: string): Answer => ({
  status,
  body: { error, error_description: description },
})

const MAX_BODY = 1024 * 1024

function send(res: ServerResponse, { status, body, headers, raw }: Answer) {
  if (res.headersSent) return
  if (raw) {
    res.writeHead(status, { 'content-type': 'application/octet-stream', ...headers })
    res.end(raw)
    return
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  res.end(JSON.stringify(body))
}
