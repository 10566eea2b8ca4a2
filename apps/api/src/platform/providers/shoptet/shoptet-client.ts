import type { ShoptetEnvConfig } from '../../../config/env.ts'
import type { components, operations } from './shoptet-api.generated.ts'

/**
 * A thin client of Shoptet's REST API and its OAuth server (../shared/docs/integrations/shoptet.md),
 * typed from the OpenAPI file beside it (`npm run gen:shoptet-types -w @expedo/api`). It does not store
 * anything: the OAuth token and the cached API token live in the database (the add-on's side), reached
 * through a ShoptetTokenSource.
 */
export interface ShoptetConfig {
  /** API base without `/api`, e.g. https://api.myshoptet.com (the fake: its base URL). */
  apiUrl: string
  /** OAuth server base, e.g. https://12345.myshoptet.com/action/ApiOAuthServer (the fake: <base>/action/ApiOAuthServer). */
  oauthUrl: string
  clientId: string
  /** Older partners have none; then it is left out of the code exchange. */
  clientSecret?: string | undefined
  /** Longest one HTTP call may take (ms). */
  timeoutMs: number
  /** Calls in flight at once per ShoptetApi (Shoptet allows 3 connections per token); default 3. */
  maxInFlight?: number
  /** The longest Retry-After (s) a 429 is waited out in the client; a longer one throws a retryable ShoptetError. Default 10. */
  maxRetryAfterSeconds?: number
}

/** One item of the envelope's `errors` (a failure, or a skipped row of a partial success). */
export type ShoptetErrorItem = components['schemas']['Errors'] extends (infer I)[] | null ? I : never

/** A failed Shoptet call. `code` is Shoptet's errorCode (or the OAuth `error`), else 'timeout' | 'network' | 'invalid-response'. */
export class ShoptetError extends Error {
  readonly status: number
  readonly code: string
  readonly retryAfterSeconds: number | undefined
  /** The envelope's errors (field-level detail: `instance` names the field or entity). */
  readonly errors: ShoptetErrorItem[]
  readonly requestId: string | undefined

  constructor(
    status: number,
    code: string,
    message: string,
    extra: { retryAfterSeconds?: number; errors?: ShoptetErrorItem[]; requestId?: string } = {},
  ) {
    super(message)
    this.name = 'ShoptetError'
    this.status = status
    this.code = code
    this.retryAfterSeconds = extra.retryAfterSeconds
    this.errors = extra.errors ?? []
    this.requestId = extra.requestId
  }

  /** Worth trying again later (the job queue retries with back-off): rate limits, locks, outages, timeouts. */
  get retryable(): boolean {
    if (this.code === 'timeout' || this.code === 'network' || this.code === 'maximum_tokens_reached')
      return true
    return this.status === 423 || this.status === 429 || this.status >= 500
  }
}

// ---- types of the data the client answers (the `data` of the envelope) ----------------------------

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never
type OkBody<Op extends keyof operations> = operations[Op]['responses'] extends { 200: infer R }
  ? JsonOf<R>
  : operations[Op]['responses'] extends { 201: infer R }
    ? JsonOf<R>
    : never
/** The `data` of an operation's success answer. */
export type ShoptetData<Op extends keyof operations> = NonNullable<
  OkBody<Op> extends { data?: infer D } ? D : never
>
type RequestData<Op extends keyof operations> = operations[Op] extends {
  requestBody?: { content: { 'application/json': { data?: infer D } } }
}
  ? D
  : never

export type ShoptetEshop = ShoptetData<'getEshopInfo'>
export type ShoptetWebhook = components['schemas']['webhook']
export type ShoptetPaginator = components['schemas']['paginator']
export type ShoptetProductList = ShoptetData<'getListOfProducts'>
export type ShoptetProductListItem = ShoptetProductList['products'][number]
export type ShoptetProduct = components['schemas']['product']
export type ShoptetVariant = ShoptetProduct['variants'][number]
export type ShoptetProductChanges = ShoptetData<'getLastProductChanges'>
export type ShoptetOrderList = ShoptetData<'getListOfOrders'>
export type ShoptetOrderListItem = ShoptetOrderList['orders'][number]
export type ShoptetOrder = components['schemas']['order']
export type ShoptetOrderItem = ShoptetOrder['items'][number]
export type ShoptetOrderChanges = ShoptetData<'getLastOrderChanges'>
export type ShoptetOrderStatuses = ShoptetData<'getListOfOrderStatuses'>
export type ShoptetOrderStatusUpdate = RequestData<'updateOrderStatus'>
export type ShoptetInvoiceList = ShoptetData<'getListOfInvoices'>
export type ShoptetInvoiceListItem = ShoptetInvoiceList['invoices'][number]
export type ShoptetInvoiceChanges = ShoptetData<'getLastInvoiceChanges'>
/** Query flags of a status change (all default false). */
export interface ShoptetStatusFlags {
  suppressDocumentGeneration?: boolean
  suppressEmailSending?: boolean
  suppressSmsSending?: boolean
}

/** A write's data plus the skipped rows / warnings of a partial-success 200 (e.g. document-not-generated). */
export type WithErrors<T> = T & { errors: ShoptetErrorItem[] }

// ---- OAuth ------------------------------------------------------------------------------------------

export interface ShoptetInstallation {
  oauthAccessToken: string
  eshopId: number
  eshopUrl: string
  contactEmail?: string
  scope?: string
}

/**
 * Trades the install callback's `code` for the installation's OAuth access token (§1.3): POST
 * {oauthUrl}/token, JSON. `redirectUri` is the installation URL registered for the add-on.
 */
export async function exchangeInstallCode(
  cfg: ShoptetConfig,
  code: string,
  redirectUri: string,
): Promise<ShoptetInstallation> {
  const body: Record<string, string> = {
    client_id: cfg.clientId,
    code,
    grant_type: 'authorization_code',
    redirect_uri: redirectUri,
    scope: 'api',
  }
  if (cfg.clientSecret) body.client_secret = cfg.clientSecret
  const { status, json } = await oauthCall(cfg, `${trimSlash(cfg.oauthUrl)}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  })
  if (status !== 200 || typeof (json as { error?: unknown } | undefined)?.error === 'string') {
    throw oauthError(status, json, 'The install code was not accepted')
  }
  const r = json as Record<string, unknown>
  if (typeof r.access_token !== 'string' || !r.access_token || !Number.isInteger(r.eshopId)) {
    throw new ShoptetError(status, 'invalid-response', 'The OAuth server answered without a token or eshopId')
  }
  return {
    oauthAccessToken: r.access_token,
    eshopId: r.eshopId as number,
    eshopUrl: typeof r.eshopUrl === 'string' ? r.eshopUrl : '',
    ...(typeof r.contactEmail === 'string' ? { contactEmail: r.contactEmail } : {}),
    ...(typeof r.scope === 'string' ? { scope: r.scope } : {}),
  }
}

/**
 * A new short-lived API access token (§1.4): GET {oauthUrl}/getAccessToken with the OAuth token as
 * Bearer. At most 5 are valid per installation ('maximum_tokens_reached'): cache and reuse it.
 */
export async function requestApiToken(
  cfg: ShoptetConfig,
  oauthAccessToken: string,
): Promise<{ token: string; expiresInSeconds: number }> {
  const { status, json } = await oauthCall(cfg, `${trimSlash(cfg.oauthUrl)}/getAccessToken`, {
    method: 'GET',
    headers: { authorization: `Bearer ${oauthAccessToken}`, accept: 'application/json' },
  })
  const r = (json ?? {}) as Record<string, unknown>
  if (status !== 200 || typeof r.error === 'string') {
    throw oauthError(status, json, 'No API access token was issued')
  }
  if (typeof r.access_token !== 'string' || !r.access_token) {
    throw new ShoptetError(status, 'invalid-response', 'The OAuth server answered without an access token')
  }
  const expires = typeof r.expires_in === 'number' && r.expires_in > 0 ? r.expires_in : 1800
  return { token: r.access_token, expiresInSeconds: expires }
}

async function oauthCall(cfg: ShoptetConfig, url: string, init: RequestInit) {
  const res = await send(url, { ...init, signal: AbortSignal.timeout(cfg.timeoutMs) })
  const text = await readText(res)
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    if (res.status === 200)
      throw new ShoptetError(res.status, 'invalid-response', 'The OAuth server answered no JSON')
  }
  return { status: res.status, json }
}

function oauthError(status: number, json: unknown, fallback: string): ShoptetError {
  const r = (json ?? {}) as Record<string, unknown>
  const code = typeof r.error === 'string' ? r.error : status === 401 ? 'invalid-token' : `http-${status}`
  const description = typeof r.error_description === 'string' ? `: ${r.error_description}` : ''
  return new ShoptetError(status, code, `${fallback} (${code})${description}`)
}

// ---- the API ----------------------------------------------------------------------------------------

/** The installation's API token, kept by the caller (one per eshopId, shared by all processes: §10.6). */
export interface ShoptetTokenSource {
  /** A valid API access token (cached, or fetched with requestApiToken). */
  get(): Promise<string>
  /** The API refused `rejected` as expired/invalid: answer a fresh one (single-flight; if another caller already replaced it, answer that). */
  refresh(rejected: string): Promise<string>
}

export interface ShoptetRequest {
  query?: Record<string, string | number | boolean | undefined | null>
  /** Sent as `{"data": body}`. */
  body?: unknown
}

export interface ShoptetApi {
  getEshop(q?: { include?: string }): Promise<ShoptetEshop>
  /** Every registered webhook of the installation (all pages). */
  listWebhooks(): Promise<ShoptetWebhook[]>
  /** Registers (up to 50 per call; one URL per event, else 422). Answers the created webhooks with their ids. */
  registerWebhooks(
    items: { event: string; url: string }[],
  ): Promise<WithErrors<{ webhooks: ShoptetWebhook[] }>>
  deleteWebhook(id: number): Promise<void>
  /** A new signing key for the webhooks (replaces the previous one at once). */
  renewSignatureKey(): Promise<{ signatureKey: string }>
  listProducts(q: { page: number; itemsPerPage: number }): Promise<ShoptetProductList>
  /** Product detail with its variants (the product sits directly in `data`). */
  getProduct(guid: string): Promise<ShoptetProduct>
  /** Changes since `from` (default: 30 days ago, the history Shoptet keeps). */
  productChanges(q: { from?: string; page?: number }): Promise<ShoptetProductChanges>
  listOrders(q: { page: number; itemsPerPage?: number }): Promise<ShoptetOrderList>
  getOrder(code: string): Promise<ShoptetOrder>
  /** Changes since `from` (default: 30 days ago). */
  orderChanges(q: { from?: string; page?: number }): Promise<ShoptetOrderChanges>
  orderStatuses(): Promise<ShoptetOrderStatuses>
  /** PATCH /api/orders/{code}/status; answers the updated order (errors: e.g. document-not-generated). */
  updateOrderStatus(
    code: string,
    body: ShoptetOrderStatusUpdate,
    flags?: ShoptetStatusFlags,
  ): Promise<WithErrors<{ order: ShoptetOrder }>>
  /** PATCH /api/orders/{code}/notes: the tracking number (at most 32 characters; null clears it). */
  updateOrderNotes(code: string, body: { trackingNumber: string | null }): Promise<WithErrors<object>>
  /** The shop's invoices (filters as Shoptet's: orderCode, codeFrom/codeTo by string comparison…). */
  listInvoices(q: {
    page?: number
    itemsPerPage?: number
    orderCode?: string
    codeFrom?: string
    codeTo?: string
  }): Promise<ShoptetInvoiceList>
  /** Invoice changes since `from` (default: 30 days ago); creation is an `edit`. */
  invoiceChanges(q: { from?: string; page?: number }): Promise<ShoptetInvoiceChanges>
  /** GET /api/invoices/{code}/pdf: the PDF's bytes (Shoptet serves one PDF at a time per shop: 423 otherwise). */
  invoicePdf(code: string): Promise<Buffer>
  /** Any other endpoint: the envelope's data and errors. `path` starts with /api/. */
  request<T = unknown>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    init?: ShoptetRequest,
  ): Promise<{ data: T; errors: ShoptetErrorItem[]; requestId: string | undefined }>
}

const DEFAULT_MAX_IN_FLIGHT = 3
const DEFAULT_MAX_RETRY_AFTER_S = 10
/** 429s waited out in a row before giving up (to the job queue's back-off). */
const MAX_429_WAITS = 3
const CHANGES_DAYS = 30

export function createShoptetApi(cfg: ShoptetConfig, tokens: ShoptetTokenSource): ShoptetApi {
  const limit = createLimiter(cfg.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT)
  const maxWait = cfg.maxRetryAfterSeconds ?? DEFAULT_MAX_RETRY_AFTER_S
  const base = trimSlash(cfg.apiUrl)

  function call<T>(
    method: string,
    path: string,
    init: ShoptetRequest = {},
  ): Promise<{ data: T; errors: ShoptetErrorItem[]; requestId: string | undefined }> {
    return exchange(method, path, init, false) as Promise<{
      data: T
      errors: ShoptetErrorItem[]
      requestId: string | undefined
    }>
  }

  /** One call with the token, its refresh and the 429 waits; `bytes`: a 2xx answer's body is a file. */
  async function exchange(
    method: string,
    path: string,
    init: ShoptetRequest,
    bytes: boolean,
  ): Promise<{ data: unknown; errors: ShoptetErrorItem[]; requestId: string | undefined } | Buffer> {
    const url = new URL(`${base}${path}`)
    for (const [key, value] of Object.entries(init.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value))
    }
    const body = init.body === undefined ? undefined : JSON.stringify({ data: init.body })
    return limit(async () => {
      let token = await tokens.get()
      let refreshed = false
      let waits = 0
      for (;;) {
        const res = await send(url, {
          method,
          headers: {
            'content-type': 'application/json',
            accept: bytes
              ? 'application/pdf, application/octet-stream, application/json'
              : 'application/json',
            'shoptet-access-token': token,
          },
          ...(body === undefined ? {} : { body }),
          signal: AbortSignal.timeout(cfg.timeoutMs),
        })
        if (bytes && res.status >= 200 && res.status < 300) return readBytes(res)
        const text = await readText(res)
        const envelope = parseEnvelope(text)
        const requestId = res.headers.get('x-request-id') ?? envelope?.metadata?.requestId ?? undefined
        const errors = Array.isArray(envelope?.errors) ? (envelope.errors as ShoptetErrorItem[]) : []
        if (res.status >= 200 && res.status < 300) {
          if (!envelope) {
            throw new ShoptetError(
              res.status,
              'invalid-response',
              `${method} ${path}: the answer is not JSON`,
              {
                ...(requestId ? { requestId } : {}),
              },
            )
          }
          return { data: envelope.data ?? null, errors, requestId }
        }
        const code = errors[0]?.errorCode ?? `http-${res.status}`
        if (res.status === 401 && !refreshed && (code === 'expired-token' || code === 'invalid-token')) {
          refreshed = true
          token = await tokens.refresh(token)
          continue
        }
        const retryAfter = retryAfterSeconds(res.headers.get('retry-after'))
        if (
          res.status === 429 &&
          retryAfter !== undefined &&
          retryAfter <= maxWait &&
          waits < MAX_429_WAITS
        ) {
          waits++
          await sleep(retryAfter * 1000)
          continue
        }
        const message = errors[0]?.message ?? res.statusText
        throw new ShoptetError(res.status, code, `${method} ${path}: ${res.status} ${code}: ${message}`, {
          ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
          errors,
          ...(requestId ? { requestId } : {}),
        })
      }
    })
  }

  const sinceDefault = () => shoptetDateTime(new Date(Date.now() - CHANGES_DAYS * 86_400_000))

  return {
    request: (method, path, init) => call(method, path, init),
    getEshop: async (q = {}) => need((await call<ShoptetEshop>('GET', '/api/eshop', { query: q })).data),
    async listWebhooks() {
      const all: ShoptetWebhook[] = []
      for await (const page of pages((page) =>
        call<ShoptetData<'getOverviewOfRegisteredWebhooks'>>('GET', '/api/webhooks', {
          query: { page, itemsPerPage: 500 },
        }).then((r) => r.data),
      )) {
        all.push(...page.webhooks)
      }
      return all
    },
    async registerWebhooks(items) {
      const r = await call<{ webhooks: ShoptetWebhook[] }>('POST', '/api/webhooks', {
        body: items.map((i) => ({ event: i.event, url: i.url })),
      })
      return { webhooks: r.data?.webhooks ?? [], errors: r.errors }
    },
    async deleteWebhook(id) {
      await call('DELETE', `/api/webhooks/${encodeURIComponent(String(id))}`)
    },
    async renewSignatureKey() {
      const r = await call<{ signatureKey: string }>('POST', '/api/webhooks/renew-signature-key')
      if (typeof r.data?.signatureKey !== 'string') {
        throw new ShoptetError(200, 'invalid-response', 'renew-signature-key answered no signatureKey')
      }
      return { signatureKey: r.data.signatureKey }
    },
    listProducts: async (q) =>
      need((await call<ShoptetProductList>('GET', '/api/products', { query: q })).data),
    getProduct: async (guid) =>
      need((await call<ShoptetProduct>('GET', `/api/products/${encodeURIComponent(guid)}`)).data),
    productChanges: async (q) =>
      need(
        (
          await call<ShoptetProductChanges>('GET', '/api/products/changes', {
            query: { from: q.from ?? sinceDefault(), page: q.page },
          })
        ).data,
      ),
    listOrders: async (q) => need((await call<ShoptetOrderList>('GET', '/api/orders', { query: q })).data),
    getOrder: async (code) =>
      need(
        (await call<{ order?: ShoptetOrder }>('GET', `/api/orders/${encodeURIComponent(code)}`)).data?.order,
      ),
    orderChanges: async (q) =>
      need(
        (
          await call<ShoptetOrderChanges>('GET', '/api/orders/changes', {
            query: { from: q.from ?? sinceDefault(), page: q.page },
          })
        ).data,
      ),
    orderStatuses: async () => need((await call<ShoptetOrderStatuses>('GET', '/api/orders/statuses')).data),
    async updateOrderStatus(code, body, flags = {}) {
      const r = await call<{ order: ShoptetOrder }>(
        'PATCH',
        `/api/orders/${encodeURIComponent(code)}/status`,
        {
          body,
          query: { ...flags },
        },
      )
      return { order: need(r.data?.order), errors: r.errors }
    },
    async updateOrderNotes(code, body) {
      const r = await call('PATCH', `/api/orders/${encodeURIComponent(code)}/notes`, {
        body: { trackingNumber: body.trackingNumber },
      })
      return { errors: r.errors }
    },
    listInvoices: async (q) =>
      need((await call<ShoptetInvoiceList>('GET', '/api/invoices', { query: q })).data),
    invoiceChanges: async (q) =>
      need(
        (
          await call<ShoptetInvoiceChanges>('GET', '/api/invoices/changes', {
            query: { from: q.from ?? sinceDefault(), page: q.page },
          })
        ).data,
      ),
    invoicePdf: async (code) =>
      (await exchange('GET', `/api/invoices/${encodeURIComponent(code)}/pdf`, {}, true)) as Buffer,
  }
}

/**
 * Every page of a paged list, from page 1 until `page >= pageCount` (§8): `for await (const page of
 * pages((p) => api.listProducts({ page: p, itemsPerPage: 100 })))`.
 */
export async function* pages<T extends { paginator: { page: number; pageCount: number } }>(
  load: (page: number) => Promise<T>,
): AsyncGenerator<T> {
  for (let page = 1; ; page++) {
    const data = await load(page)
    yield data
    if (data.paginator.page >= data.paginator.pageCount) return
  }
}

/** Shoptet's date-time: YYYY-MM-DDTHH:MM:SS+0000 (UTC, offset without a colon). */
export function shoptetDateTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+0000`
}

// ---- helpers ----------------------------------------------------------------------------------------

/** fetch, with timeouts and network failures as retryable ShoptetErrors (never with the URL's secrets). */
async function send(url: string | URL, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch (error) {
    const name = (error as Error)?.name
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ShoptetError(0, 'timeout', 'Shoptet did not answer in time')
    }
    throw new ShoptetError(0, 'network', 'Shoptet could not be reached')
  }
}

/** An answer's body as `read` takes it, a broken or timed-out read as a retryable ShoptetError. */
async function readBody<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    const name = (error as Error)?.name
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ShoptetError(0, 'timeout', 'Shoptet did not answer in time')
    }
    throw new ShoptetError(0, 'network', 'The connection to Shoptet broke')
  }
}
const readText = (res: Response) => readBody(() => res.text())
const readBytes = (res: Response) => readBody(async () => Buffer.from(await res.arrayBuffer()))

interface Envelope {
  data?: unknown
  errors?: unknown
  metadata?: { requestId?: string } | null
}
function parseEnvelope(text: string): Envelope | undefined {
  if (!text) return undefined
  try {
    const value = JSON.parse(text) as unknown
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Envelope) : undefined
  } catch {
    return undefined
  }
}

/** Retry-After as seconds: delta-seconds or an HTTP date (Shoptet's leaky bucket sends a date). */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  if (Number.isNaN(at)) return undefined
  return Math.max(0, Math.ceil((at - now) / 1000))
}

function createLimiter(max: number) {
  let active = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve))
    else active++
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }
}

/** The expected part of a 2xx answer, or an 'invalid-response' error (never a TypeError deep in a caller). */
function need<T>(value: T | null | undefined): T {
  if (value === null || value === undefined || typeof value !== 'object') {
    throw new ShoptetError(200, 'invalid-response', 'Shoptet answered without the expected data')
  }
  return value
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const trimSlash = (url: string) => url.replace(/\/+$/, '')

/** The client configuration from the environment's, or undefined when Shoptet is not configured (production without SHOPTET_*). */
export function shoptetClientConfig(env: ShoptetEnvConfig): ShoptetConfig | undefined {
  if (!env.apiUrl || !env.oauthUrl || !env.clientId) return undefined
  return {
    apiUrl: env.apiUrl,
    oauthUrl: env.oauthUrl,
    clientId: env.clientId,
    clientSecret: env.clientSecret,
    timeoutMs: env.timeoutMs,
  }
}
