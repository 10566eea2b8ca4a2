import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { memoryTokens, type ShoptetTestbed, startShoptet } from '../../../../test/shoptet.ts'
import { createShoptetApi, requestApiToken } from '../../../platform/providers/shoptet/shoptet-client.ts'
import { verifyWebhookSignature } from '../../../platform/providers/shoptet/shoptet-webhook-signature.ts'

/** A local add-on endpoint recording what reaches it; `answer` decides each status. */
async function addonEndpoint(answer: (n: number) => number | Promise<number> = () => 200) {
  const calls: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      calls.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      const status = await answer(calls.length)
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    calls,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

let bed: ShoptetTestbed
let eshopId: number
const closers: (() => Promise<void>)[] = []
beforeEach(async () => {
  bed = await startShoptet({ webhookRetryMs: 30, webhookAttempts: 3 })
  eshopId = bed.fake.createShop().eshopId
})
afterEach(async () => {
  await bed.close()
  for (const close of closers.splice(0)) await close()
})

async function connectedWithHook(answer?: (n: number) => number | Promise<number>) {
  const installation = await bed.installShop(eshopId)
  const api = createShoptetApi(bed.cfg, memoryTokens(bed.cfg, installation.oauthAccessToken))
  const hook = await addonEndpoint(answer)
  closers.push(hook.close)
  const { signatureKey } = await api.renewSignatureKey()
  return { installation, api, hook, signatureKey }
}

describe('install', () => {
  it('GETs the installation URL with a code, as Shoptet does', async () => {
    const addon = await addonEndpoint(() => 200)
    closers.push(addon.close)
    const result = await bed.fake.install(eshopId, { installUrl: `${addon.url}/shoptet/install?lang=cs` })
    expect(addon.calls).toHaveLength(1)
    const call = addon.calls[0]!
    expect(call.method).toBe('GET')
    const url = new URL(call.url, addon.url)
    expect(url.pathname).toBe('/shoptet/install')
    expect(url.searchParams.get('code')).toBe(result.code)
    expect(url.searchParams.get('lang')).toBe('cs')
    // answered 200 without exchanging the code: Shoptet counts the install as failed
    expect(result).toMatchObject({ ok: false, status: 200, exchanged: false })
  })

  it('fails an install answered with an error or too late, and revokes the token issued meanwhile', async () => {
    await bed.close()
    bed = await startShoptet({ installTimeoutMs: 1000 })
    eshopId = bed.fake.createShop().eshopId
    let oauth = ''
    const addon = await addonEndpoint(async (n) => {
      const code = new URL(addon.calls[n - 1]!.url, 'http://x').searchParams.get('code') ?? ''
      const res = await fetch(`${bed.cfg.oauthUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: bed.cfg.clientId,
          code,
          grant_type: 'authorization_code',
          redirect_uri: `${addon.url}/install`,
          scope: 'api',
        }),
      })
      oauth = ((await res.json()) as { access_token: string }).access_token
      if (n === 1) return 500
      await new Promise((r) => setTimeout(r, 2500))
      return 200
    })
    closers.push(addon.close)
    const failed = await bed.fake.install(eshopId, { installUrl: `${addon.url}/install` })
    expect(failed).toMatchObject({ ok: false, status: 500, exchanged: true })
    await expect(requestApiToken(bed.cfg, oauth)).rejects.toMatchObject({ status: 401 })
    const slow = await bed.fake.install(eshopId, { installUrl: `${addon.url}/install` })
    expect(slow).toMatchObject({ ok: false, error: 'timeout' })
    expect(bed.fake.shop(eshopId).installed).toBe(false)
  })
})

describe('webhook deliveries', () => {
  it('POSTs the event body signed with the shop key (hex HMAC-SHA1)', async () => {
    const { api, hook, signatureKey } = await connectedWithHook()
    await api.registerWebhooks([
      { event: 'order:create', url: `${hook.url}/hooks` },
      { event: 'product:create', url: `${hook.url}/hooks` },
    ])
    const order = bed.fake.createOrder(eshopId)
    const product = bed.fake.addProduct(eshopId, { name: 'Nový', variants: [{ code: 'NEW-1' }] })
    await bed.fake.idle()
    const bodies = hook.calls.map((c) => JSON.parse(c.body))
    expect(bodies).toEqual(
      expect.arrayContaining([
        {
          eshopId,
          event: 'order:create',
          eventCreated: expect.stringMatching(/\+\d{4}$/),
          eventInstance: order.code,
        },
        { eshopId, event: 'product:create', eventCreated: expect.any(String), eventInstance: product.guid },
      ]),
    )
    for (const call of hook.calls) {
      expect(call.method).toBe('POST')
      expect(
        verifyWebhookSignature(call.body, signatureKey, call.headers['shoptet-webhook-signature'] as string),
      ).toBe(true)
    }
  })

  it('retries a failed delivery and records the attempts; gives up after the last', async () => {
    const { api, hook } = await connectedWithHook((n) => (n === 1 ? 500 : 200))
    await api.registerWebhooks([{ event: 'order:create', url: `${hook.url}/hooks` }])
    const order = bed.fake.createOrder(eshopId)
    await bed.fake.idle()
    expect(hook.calls).toHaveLength(2)
    expect(hook.calls[0]!.body).toBe(hook.calls[1]!.body)
    const delivery = bed.fake.deliveries.find((d) => d.eventInstance === order.code)!
    expect(delivery).toMatchObject({ attempts: 2, statuses: [500, 200], status: 'success', active: false })

    const down = await addonEndpoint(() => 503)
    closers.push(down.close)
    await api.deleteWebhook((await api.listWebhooks())[0]!.id)
    await api.registerWebhooks([{ event: 'order:create', url: `${down.url}/hooks` }])
    const lost = bed.fake.createOrder(eshopId)
    await bed.fake.idle()
    expect(down.calls).toHaveLength(3)
    expect(bed.fake.deliveries.find((d) => d.eventInstance === lost.code)).toMatchObject({
      attempts: 3,
      status: 'failed',
      active: false,
    })
  })

  it('a status change by the merchant sends order:update, a cancel order:cancel when registered, paid order:paid', async () => {
    const { api, hook } = await connectedWithHook()
    await api.registerWebhooks([
      { event: 'order:cancel', url: `${hook.url}/hooks` },
      { event: 'order:paid', url: `${hook.url}/hooks` },
      { event: 'order:delete', url: `${hook.url}/hooks` },
    ])
    const order = bed.fake.createOrder(eshopId, { cod: true })
    bed.fake.updateOrder(eshopId, order.code, { paid: true })
    bed.fake.updateOrder(eshopId, order.code, { statusId: -4 })
    bed.fake.deleteOrder(eshopId, order.code)
    await bed.fake.idle()
    // deliveries run in parallel, as Shoptet's: their order is not guaranteed
    expect(hook.calls.map((c) => JSON.parse(c.body).event).sort()).toEqual([
      'order:cancel',
      'order:delete',
      'order:paid',
    ])
  })
})

describe('limits', () => {
  it('locks a write URL while it is processed: the identical second write gets 423', async () => {
    const installation = await bed.installShop(eshopId)
    const token = await memoryTokens(bed.cfg, installation.oauthAccessToken).get()
    const order = bed.fake.createOrder(eshopId)
    bed.fake.setLatency(400)
    const patch = () =>
      fetch(`${bed.baseUrl}/api/orders/${order.code}/notes`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'shoptet-access-token': token },
        body: JSON.stringify({ data: { trackingNumber: 'T1' } }),
      }).then((r) => r.status)
    const first = patch()
    await new Promise((r) => setTimeout(r, 40))
    expect((await Promise.all([first, patch()])).sort()).toEqual([200, 423])
    expect(bed.fake.notesWritesOf(eshopId)).toHaveLength(1)
  })
})

describe('uninstall', () => {
  it('sends addon:uninstall (signed, eventInstance = eshopId) and revokes tokens and webhooks', async () => {
    const { installation, api, hook, signatureKey } = await connectedWithHook()
    const system = await addonEndpoint()
    closers.push(system.close)
    bed.fake.settings.systemWebhookUrl = `${system.url}/system`
    await api.registerWebhooks([{ event: 'order:create', url: `${hook.url}/hooks` }])
    const { delivered } = await bed.fake.uninstall(eshopId)
    expect(delivered).toMatchObject({ status: 'success' })
    expect(system.calls).toHaveLength(1)
    const call = system.calls[0]!
    expect(JSON.parse(call.body)).toMatchObject({
      eshopId,
      event: 'addon:uninstall',
      eventInstance: String(eshopId),
    })
    expect(
      verifyWebhookSignature(call.body, signatureKey, call.headers['shoptet-webhook-signature'] as string),
    ).toBe(true)
    await expect(requestApiToken(bed.cfg, installation.oauthAccessToken)).rejects.toMatchObject({
      status: 401,
    })
    await expect(api.getEshop()).rejects.toMatchObject({ status: 401 })
    expect(bed.fake.webhooksOf(eshopId)).toEqual([])
    bed.fake.createOrder(eshopId)
    await bed.fake.idle()
    expect(hook.calls).toHaveLength(0)
  })
})

describe('control over HTTP', () => {
  it('creates and installs shops, adds orders, injects faults and reads what the add-on wrote', async () => {
    const control = (method: string, path: string, body?: unknown) =>
      fetch(`${bed.baseUrl}/_control${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }))

    const created = await control('POST', '/shops', {
      name: 'HTTP shop',
      products: [{ name: 'A', variants: [{ code: 'A-1' }] }],
    })
    expect(created).toMatchObject({ status: 201, body: { name: 'HTTP shop', products: 1, installed: false } })
    const id = created.body.eshopId as number
    const addon = await addonEndpoint()
    closers.push(addon.close)
    const install = await control('POST', `/shops/${id}/install`, { installUrl: `${addon.url}/install` })
    expect(install.status).toBe(200)
    expect(addon.calls[0]!.url).toMatch(/^\/install\?code=[a-z0-9]{255}$/)

    const order = await control('POST', `/shops/${id}/orders`, {
      cod: true,
      country: 'SK',
      items: [{ code: 'A-1', amount: 3 }],
    })
    expect(order.status).toBe(201)
    expect(order.body).toMatchObject({
      billingMethod: { id: 1 },
      deliveryAddress: { countryCode: 'SK' },
      price: { currencyCode: 'EUR' },
    })
    const state = await control('GET', `/shops/${id}`)
    expect(state.body).toMatchObject({
      orders: [{ code: order.body.code }],
      statusChanges: [],
      notesWrites: [],
    })
    expect((await control('GET', '/shops/999')).status).toBe(404)
    expect(
      (await control('POST', `/shops/${id}/orders`, { items: [{ code: 'A-1' }], statusId: 12345 })).status,
    ).toBe(400)

    const faults = await control('POST', '/faults', { failNext: { count: 1, status: 502 } })
    expect(faults.body).toMatchObject({ failNext: { count: 1, status: 502 } })
    const res = await fetch(`${bed.baseUrl}/api/eshop`, { headers: { 'shoptet-access-token': 'x' } })
    expect(res.status).toBe(502)
    const settings = await control('GET', '/settings')
    expect(settings.body).not.toHaveProperty('clientSecret')
  })

  it('autoOrders creates plausible orders from the shop products until stopped', async () => {
    const stop = bed.fake.autoOrders({ eshopId, everyMs: 50 })
    await new Promise((r) => setTimeout(r, 400))
    stop()
    const orders = bed.fake.shop(eshopId).orders
    expect(orders.length).toBeGreaterThanOrEqual(3)
    const count = orders.length
    await new Promise((r) => setTimeout(r, 150))
    expect(bed.fake.shop(eshopId).orders).toHaveLength(count)
    const codes = new Set(bed.fake.shop(eshopId).products.flatMap((p) => p.variants.map((v) => v.code)))
    for (const o of orders) {
      expect(['CZ', 'SK']).toContain(o.deliveryAddress?.countryCode)
      const products = o.items.filter((i) => i.itemType === 'product')
      expect(products.length).toBeGreaterThan(0)
      for (const i of products) expect(codes.has(i.code ?? '')).toBe(true)
    }
  })
})
