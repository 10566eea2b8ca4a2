import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { memoryTokens, type ShoptetTestbed, startShoptet } from '../../../../test/shoptet.ts'
import {
  createShoptetApi,
  exchangeInstallCode,
  pages,
  requestApiToken,
  retryAfterSeconds,
  ShoptetError,
  type ShoptetProductListItem,
} from './shoptet-client.ts'
import { signWebhookBody, verifyWebhookSignature } from './shoptet-webhook-signature.ts'

let bed: ShoptetTestbed
let eshopId: number
beforeEach(async () => {
  bed = await startShoptet()
  eshopId = bed.fake.createShop({ products: 'demo' }).eshopId
})
afterEach(async () => {
  await bed.close()
})

/** Runs the install GET against a local endpoint whose handler gets the code; answers what the handler did. */
async function withInstallCode<T>(handle: (code: string, installUrl: string) => Promise<T>) {
  let result: T | undefined
  let failure: unknown
  const server = createServer((req, res) => {
    const code = new URL(req.url ?? '/', 'http://x').searchParams.get('code') ?? ''
    handle(code, installUrl).then(
      (r) => {
        result = r
        res.writeHead(200).end()
      },
      (e) => {
        failure = e
        res.writeHead(500).end()
      },
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const installUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/install`
  try {
    const install = await bed.fake.install(eshopId, { installUrl })
    return { install, result, failure }
  } finally {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

async function connected() {
  const installation = await bed.installShop(eshopId)
  const tokens = memoryTokens(bed.cfg, installation.oauthAccessToken)
  return { installation, tokens, api: createShoptetApi(bed.cfg, tokens) }
}

describe('OAuth: the install code and API tokens', () => {
  it('exchanges the install code (JSON) for the OAuth token and the shop; the code works once', async () => {
    const { install, result } = await withInstallCode(async (code, installUrl) => {
      const first = await exchangeInstallCode(bed.cfg, code, installUrl)
      const again = await exchangeInstallCode(bed.cfg, code, installUrl).catch((e: unknown) => e)
      return { first, again }
    })
    expect(install).toMatchObject({ ok: true, status: 200, exchanged: true })
    expect(install.code).toHaveLength(255)
    expect(result?.first).toMatchObject({
      eshopId,
      eshopUrl: `https://shop-${eshopId}.myshoptet.test/`,
      contactEmail: `owner-${eshopId}@example.test`,
      scope: 'api',
    })
    expect(result?.first.oauthAccessToken).toHaveLength(255)
    expect(result?.again).toBeInstanceOf(ShoptetError)
    expect(result?.again).toMatchObject({ status: 400, code: 'invalid_grant', retryable: false })
    expect(bed.fake.shop(eshopId).installed).toBe(true)
  })

  it('serves the older multipart and urlencoded exchanges without client_secret', async () => {
    const { install, result } = await withInstallCode(async (code, installUrl) => {
      const form = new FormData()
      for (const [k, v] of Object.entries({
        client_id: bed.cfg.clientId,
        code,
        grant_type: 'authorization_code',
        redirect_uri: installUrl,
        scope: 'api',
      })) {
        form.append(k, v)
      }
      const res = await fetch(`${bed.cfg.oauthUrl}/token`, { method: 'POST', body: form })
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    })
    expect(install.ok).toBe(true)
    expect(result).toMatchObject({ status: 200, body: { token_type: 'Bearer', expires_in: null, eshopId } })

    const second = await withInstallCode(async (code, installUrl) => {
      const res = await fetch(`${bed.cfg.oauthUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: bed.cfg.clientId,
          code,
          grant_type: 'authorization_code',
          redirect_uri: installUrl,
          scope: 'api',
        }),
      })
      return res.status
    })
    expect(second.result).toBe(200)
  })

  it('refuses a wrong client_id and an install whose code was never exchanged fails', async () => {
    const { install, failure } = await withInstallCode((code, installUrl) =>
      exchangeInstallCode({ ...bed.cfg, clientId: 'someone-else' }, code, installUrl),
    )
    expect(failure).toMatchObject({ status: 401, code: 'invalid_client' })
    expect(install).toMatchObject({ ok: false, exchanged: false })
    expect(bed.fake.shop(eshopId).installed).toBe(false)
  })

  it('issues 30-minute API tokens, at most 5 valid at once (maximum_tokens_reached)', async () => {
    const { oauthAccessToken } = await bed.installShop(eshopId)
    const issued = []
    for (let i = 0; i < 5; i++) issued.push(await requestApiToken(bed.cfg, oauthAccessToken))
    expect(issued.every((t) => t.expiresInSeconds === 1800)).toBe(true)
    expect(new Set(issued.map((t) => t.token)).size).toBe(5)
    const sixth = await requestApiToken(bed.cfg, oauthAccessToken).catch((e: unknown) => e)
    expect(sixth).toBeInstanceOf(ShoptetError)
    expect(sixth).toMatchObject({ code: 'maximum_tokens_reached' })
    // the tokens never appear in error messages
    expect(String((sixth as Error).message)).not.toContain(oauthAccessToken)
    // once they expire, new ones are issued again
    bed.fake.expireAllTokens()
    await expect(requestApiToken(bed.cfg, oauthAccessToken)).resolves.toMatchObject({
      expiresInSeconds: 1800,
    })
    const bad = await requestApiToken(bed.cfg, 'not-a-token').catch((e: unknown) => e)
    expect(bad).toMatchObject({ status: 401 })
  })
})

describe('the API client against the fake', () => {
  it('reads the shop, registers and deletes webhooks, renews the signing key', async () => {
    const { api } = await connected()
    const eshop = await api.getEshop()
    expect(eshop.contactInformation.eshopId).toBe(eshopId)
    const { webhooks, errors } = await api.registerWebhooks([
      { event: 'order:create', url: 'https://addon.example.test/hooks' },
      { event: 'order:update', url: 'https://addon.example.test/hooks' },
    ])
    expect(errors).toEqual([])
    expect(webhooks.map((w) => w.event)).toEqual(['order:create', 'order:update'])
    const duplicate = await api
      .registerWebhooks([{ event: 'order:create', url: 'https://addon.example.test/other' }])
      .catch((e: unknown) => e)
    expect(duplicate).toMatchObject({ status: 422, retryable: false })
    const exclusive = await api
      .registerWebhooks([{ event: 'order:cancel', url: 'https://addon.example.test/hooks' }])
      .catch((e: unknown) => e)
    expect(exclusive).toMatchObject({ status: 409 })
    expect((await api.listWebhooks()).map((w) => w.event)).toEqual(['order:create', 'order:update'])
    await api.deleteWebhook(webhooks[1]!.id)
    expect(bed.fake.webhooksOf(eshopId).map((w) => w.event)).toEqual(['order:create'])
    const gone = await api.deleteWebhook(webhooks[1]!.id).catch((e: unknown) => e)
    expect(gone).toMatchObject({ status: 404, code: 'webhook-not-found' })
    const { signatureKey } = await api.renewSignatureKey()
    expect(signatureKey).toMatch(/^[0-9a-f]{32}$/)
    expect(bed.fake.signatureKeyOf(eshopId)).toBe(signatureKey)
  })

  it('pages through products to the end and reads variants with their codes', async () => {
    const { api } = await connected()
    for (let i = 0; i < 7; i++) {
      bed.fake.addProduct(eshopId, { name: `Extra ${i}`, variants: [{ code: `EXTRA-${i}`, price: 10 + i }] })
    }
    const seen: ShoptetProductListItem[] = []
    const pageNumbers: number[] = []
    for await (const page of pages((p) => api.listProducts({ page: p, itemsPerPage: 5 }))) {
      pageNumbers.push(page.paginator.page)
      seen.push(...page.products)
    }
    expect(pageNumbers).toEqual([1, 2, 3])
    expect(seen).toHaveLength(13)
    expect(new Set(seen.map((p) => p.guid)).size).toBe(13)
    const tee = seen.find((p) => p.name === 'Tričko Expedo')!
    const detail = await api.getProduct(tee.guid)
    expect(detail.variants.map((v) => [v.code, v.price])).toEqual([
      [`S${eshopId}-TEE-S`, '349.00'],
      [`S${eshopId}-TEE-M`, '349.00'],
      [`S${eshopId}-TEE-L`, '349.00'],
    ])
    const changes = await api.productChanges({})
    expect(changes.changes.length).toBe(13)
    const missing = await api.getProduct('00000000-0000-0000-0000-000000000000').catch((e: unknown) => e)
    expect(missing).toMatchObject({ status: 404, code: 'product-not-found', retryable: false })
  })

  it('reads orders (COD recognisable), writes status and tracking number back', async () => {
    const { api } = await connected()
    const cod = bed.fake.createOrder(eshopId, {
      cod: true,
      country: 'CZ',
      items: [{ code: `S${eshopId}-MUG-001`, amount: 2 }],
    })
    const list = await api.listOrders({ page: 1 })
    expect(list.orders.map((o) => o.code)).toEqual([cod.code])
    const order = await api.getOrder(cod.code)
    expect(order.billingMethod).toEqual({ id: 1, name: 'Dobírka' })
    const product = order.items.find((i) => i.itemType === 'product')!
    expect(product).toMatchObject({
      code: `S${eshopId}-MUG-001`,
      amount: '2.000',
      itemPrice: { withVat: '398.00' },
    })
    expect(order.items.some((i) => i.itemType === 'billing')).toBe(true)
    const statuses = await api.orderStatuses()
    expect(statuses.statuses.some((s) => s.id === statuses.defaultStatus)).toBe(true)
    const { order: updated } = await api.updateOrderStatus(
      cod.code,
      { statusId: -3 },
      { suppressEmailSending: true },
    )
    expect(updated.status).toMatchObject({ id: -3 })
    expect(bed.fake.statusChangesOf(eshopId)).toMatchObject([
      { code: cod.code, body: { statusId: -3 }, query: { suppressEmailSending: 'true' } },
    ])
    const unknown = await api.updateOrderStatus(cod.code, { statusId: 999 }).catch((e: unknown) => e)
    expect(unknown).toMatchObject({ status: 422, code: 'invalid-request-data' })
    expect((unknown as ShoptetError).errors[0]?.instance).toBe('data.statusId')
    await api.updateOrderNotes(cod.code, { trackingNumber: 'DR0001234567' })
    expect(bed.fake.notesWritesOf(eshopId)).toMatchObject([
      { code: cod.code, body: { trackingNumber: 'DR0001234567' } },
    ])
    const tooLong = await api
      .updateOrderNotes(cod.code, { trackingNumber: 'X'.repeat(33) })
      .catch((e: unknown) => e)
    expect(tooLong).toMatchObject({ status: 422 })
    const changes = await api.orderChanges({})
    expect(changes.changes.map((c) => c.code)).toContain(cod.code)
    await expect(api.getOrder('NOPE')).rejects.toMatchObject({ status: 404, code: 'order-not-found' })
  })

  it('on 401 expired-token refreshes the token once and retries', async () => {
    const { api, tokens } = await connected()
    await api.getEshop()
    expect(tokens.counts).toEqual({ fetched: 1, refreshed: 0 })
    bed.fake.expireAllTokens()
    await expect(api.getEshop()).resolves.toMatchObject({ contactInformation: { eshopId } })
    expect(tokens.counts).toEqual({ fetched: 2, refreshed: 1 })
  })

  it('a token refused twice is not retried forever', async () => {
    const { tokens } = await connected()
    const stale = { get: async () => 'stale-token', refresh: async () => 'still-stale' }
    const api = createShoptetApi(bed.cfg, stale)
    const error = await api.getEshop().catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 401, code: 'invalid-token', retryable: false })
    expect(String((error as Error).message)).not.toContain('stale')
    expect(tokens.counts.refreshed).toBe(0)
  })

  it('waits out a 429 Retry-After within the cap, and throws a retryable error beyond it', async () => {
    const { api } = await connected()
    await api.getEshop()
    bed.fake.rateLimitNext(1, 1)
    const started = Date.now()
    await expect(api.getEshop()).resolves.toMatchObject({ contactInformation: { eshopId } })
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)

    bed.fake.rateLimitNext(1, 60)
    const error = await api.getEshop().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ShoptetError)
    expect(error).toMatchObject({ status: 429, retryable: true, retryAfterSeconds: 60 })
  })

  it('the leaky bucket: fill reported, 429 with an HTTP-date Retry-After when full', async () => {
    await bed.close()
    bed = await startShoptet({ bucketCapacity: 3, bucketDrainPerSecond: 1 }, { maxRetryAfterSeconds: 0 })
    eshopId = bed.fake.createShop().eshopId
    const { api } = await connected()
    const fills: string[] = []
    for (let i = 0; i < 3; i++) {
      const r = await api.request('GET', '/api/eshop')
      fills.push(r.requestId ?? '')
    }
    expect(fills.every((id) => id.length > 0)).toBe(true)
    const error = await api.getEshop().catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 429, retryable: true })
    expect((error as ShoptetError).retryAfterSeconds).toBeGreaterThanOrEqual(0)
  })

  it('5xx, 503, 423 and a timeout are retryable ShoptetErrors; 4xx are not', async () => {
    const { api } = await connected()
    await api.getEshop()
    for (const status of [500, 503, 423]) {
      bed.fake.failNext(1, status)
      const error = await api.getEshop().catch((e: unknown) => e)
      expect(error).toMatchObject({ status, retryable: true })
    }
    await expect(api.getEshop()).resolves.toBeTruthy()

    const slow = createShoptetApi(
      { ...bed.cfg, timeoutMs: 200 },
      memoryTokens(bed.cfg, (await bed.installShop(eshopId)).oauthAccessToken),
    )
    bed.fake.setLatency(1000)
    const timeout = await slow.getEshop().catch((e: unknown) => e)
    expect(timeout).toMatchObject({ code: 'timeout', retryable: true })
    bed.fake.setLatency(0)

    const unreachable = createShoptetApi(
      { ...bed.cfg, apiUrl: 'http://127.0.0.1:1' },
      { get: async () => 't', refresh: async () => 't' },
    )
    await expect(unreachable.getEshop()).rejects.toMatchObject({ code: 'network', retryable: true })
  })

  it('an answer that is not Shoptet JSON is an invalid-response error, not a crash', async () => {
    const html = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>'),
    )
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', () => resolve()))
    try {
      const apiUrl = `http://127.0.0.1:${(html.address() as AddressInfo).port}`
      const api = createShoptetApi({ ...bed.cfg, apiUrl }, { get: async () => 't', refresh: async () => 't' })
      await expect(api.getOrder('1')).rejects.toMatchObject({ code: 'invalid-response', retryable: false })
    } finally {
      html.closeAllConnections()
      await new Promise<void>((resolve) => html.close(() => resolve()))
    }
  })

  it('keeps at most 3 requests in flight per client (the fake counts them)', async () => {
    const { api } = await connected()
    await api.getEshop()
    bed.fake.setLatency(250)
    const results = await Promise.all(Array.from({ length: 10 }, () => api.getEshop()))
    expect(results).toHaveLength(10)
    expect(bed.fake.stats.maxInFlightPerToken).toBe(3)
    expect(bed.fake.stats.connectionLimitHits).toBe(0)
  })

  it('the fake refuses a 4th connection of one token with 429 (what the client avoids)', async () => {
    const { tokens } = await connected()
    const token = await tokens.get()
    bed.fake.setLatency(500)
    const statuses = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${bed.baseUrl}/api/eshop`, { headers: { 'shoptet-access-token': token } }).then(
          (r) => r.status,
        ),
      ),
    )
    expect(statuses.filter((s) => s === 429)).toHaveLength(2)
    expect(statuses.filter((s) => s === 200)).toHaveLength(3)
  })
})

describe('webhook signatures', () => {
  const key = '3f9c2b7e5a1d4c8e9b0a6f2d7c4e1a95'
  const body =
    '{"eshopId":700001,"event":"order:create","eventCreated":"2024-03-05T14:25:02+0100","eventInstance":"2024000123"}'

  it('accepts the hex HMAC-SHA1 of the exact bytes, refuses a bad or missing one', () => {
    const signature = signWebhookBody(body, key)
    expect(signature).toMatch(/^[0-9a-f]{40}$/)
    expect(verifyWebhookSignature(body, key, signature)).toBe(true)
    expect(verifyWebhookSignature(Buffer.from(body), key, signature.toUpperCase())).toBe(true)
    expect(verifyWebhookSignature(`${body} `, key, signature)).toBe(false)
    expect(verifyWebhookSignature(body, 'other-key', signature)).toBe(false)
    expect(verifyWebhookSignature(body, key, undefined)).toBe(false)
    expect(verifyWebhookSignature(body, key, '')).toBe(false)
    expect(verifyWebhookSignature(body, key, 'abc')).toBe(false)
  })
})

describe('Retry-After', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.parse('2024-07-01T12:01:00Z')
    expect(retryAfterSeconds('5', now)).toBe(5)
    expect(retryAfterSeconds('Mon, 01 Jul 2024 12:01:11 GMT', now)).toBe(11)
    expect(retryAfterSeconds('garbage', now)).toBeUndefined()
    expect(retryAfterSeconds(null, now)).toBeUndefined()
  })
})
