import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createShoptetTestApp, type ShoptetTestApp } from '../../../test/shoptet-app.ts'
import { eshops, shoptetApiTokens } from '../../db/schema/index.ts'

let s: ShoptetTestApp
let shopNr = 720_000

beforeAll(async () => {
  s = await createShoptetTestApp()
})
afterAll(() => s?.close())

const nextShop = () => ++shopNr
const S = 'shoptet_settings.'
const orderHooks = (shoptetEshopId: number) =>
  s.fake
    .webhooksOf(shoptetEshopId)
    .filter((w) => w.event.startsWith('order:'))
    .map((w) => `${w.event} ${w.url}`)
    .sort()

describe('e-shop settings (GET/PUT /api/settings/eshops/{id})', () => {
  it('turning order import on registers the three order webhooks at our intake URL and stores a new signature key; off removes them', async () => {
    const shop = await s.activatedShop({ eshopId: nextShop() })
    const url = `${s.publicUrl}/api/shoptet/webhooks`
    const on = await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, {
      [`${S}import_orders_enabled`]: true,
    })
    expect(on.status).toBe(200)
    expect(on.body.shoptet_settings).toMatchObject({ import_orders_enabled: true, import_orders_all: true })
    expect(orderHooks(shop.shoptetEshopId)).toEqual([
      `order:create ${url}`,
      `order:delete ${url}`,
      `order:update ${url}`,
    ])
    const [row] = await s.t.db.select().from(eshops).where(eq(eshops.id, shop.eshopId))
    expect(row!.webhookSignatureKey).toBe(s.fake.signatureKeyOf(shop.shoptetEshopId))
    // Again: nothing doubles.
    await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, { [`${S}import_orders_enabled`]: true })
    expect(orderHooks(shop.shoptetEshopId)).toHaveLength(3)

    const off = await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, {
      [`${S}import_orders_enabled`]: false,
    })
    expect(off.status).toBe(200)
    expect(off.body.shoptet_settings.import_orders_enabled).toBe(false)
    expect(orderHooks(shop.shoptetEshopId)).toEqual([])
  })

  it('switching the connection off first removes the order webhooks; on again brings them back', async () => {
    const shop = await s.activatedShop({ eshopId: nextShop() })
    await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, { [`${S}import_orders_enabled`]: true })
    const off = await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, { isActive: false })
    expect(off.body).toMatchObject({ isActive: false, status: 'inactive' })
    expect(off.body.shoptet_settings.import_orders_enabled).toBe(true)
    expect(orderHooks(shop.shoptetEshopId)).toEqual([])
    const on = await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, { isActive: true })
    expect(on.body).toMatchObject({ isActive: true, status: 'active' })
    expect(orderHooks(shop.shoptetEshopId)).toHaveLength(3)
  })

  it('keeps the import modes exclusive: both on is a 400 naming the field, and nothing changes', async () => {
    const shop = await s.activatedShop({ eshopId: nextShop() })
    const both = await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, {
      [`${S}import_orders_only_selected_products`]: true,
    })
    expect(both.status).toBe(400)
    expect(both.body.details).toHaveProperty([`${S}import_orders_only_selected_products`])
    const unchanged = await shop.api.get(`/api/settings/eshops/${shop.eshopId}`)
    expect(unchanged.body.shoptet_settings).toMatchObject({
      import_orders_all: true,
      import_orders_only_selected_products: false,
    })
    // Switching modes in one call is fine.
    const switched = await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, {
      [`${S}import_orders_all`]: false,
      [`${S}import_orders_only_selected_products`]: true,
    })
    expect(switched.status).toBe(200)
    expect(switched.body.shoptet_settings).toMatchObject({
      import_orders_all: false,
      import_orders_only_selected_products: true,
    })
  })

  it('saves the shipping status, suppress flags and invoicing; the list shows status, client name and invoicing', async () => {
    const shop = await s.activatedShop({ eshopId: nextShop() })
    const statuses = await shop.api.get(`/api/settings/eshops/${shop.eshopId}/statuses`)
    expect(statuses.status).toBe(200)
    expect(statuses.body.length).toBeGreaterThan(0)
    const statusId = statuses.body[statuses.body.length - 1].id
    for (const [key, value] of [
      ['shipped_status_id', statusId],
      ['suppress_email_sending', true],
      ['suppress_document_generation', true],
      ['invoicing', 'shoptet'],
    ] as const) {
      const res = await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, { [`${S}${key}`]: value })
      expect(res.status, key).toBe(200)
      expect(res.body.shoptet_settings[key]).toBe(value)
    }
    const list = await shop.api.get('/api/settings/eshops')
    expect(list.status).toBe(200)
    expect(list.body).toEqual([
      expect.objectContaining({
        _id: shop.eshopId,
        status: 'active',
        businessclient: shop.businessclientId,
        businessclientName: expect.any(String),
        shoptet_settings: expect.objectContaining({ invoicing: 'shoptet', shipped_status_id: statusId }),
        lastSyncAt: null,
        lastError: null,
      }),
    ])
  })

  it('answers 400 without writing for an unknown key, an empty body or a wrong type', async () => {
    const shop = await s.activatedShop({ eshopId: nextShop() })
    const before = await shop.api.get(`/api/settings/eshops/${shop.eshopId}`)
    for (const body of [
      {},
      { [`${S}import_orders_everything`]: true },
      { [`${S}shipped_status_id`]: 'shipped' },
      { [`${S}invoicing`]: 'both' },
      { isActive: 'yes' },
    ]) {
      const res = await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.code).toBe('VALIDATION_FAILED')
    }
    const bad = await shop.api.put('/api/settings/eshops/not-an-id', { isActive: true })
    expect(bad.status).toBe(400)
    expect((await shop.api.get(`/api/settings/eshops/${shop.eshopId}`)).body).toEqual(before.body)
  })

  it('keeps the settings as they were when Shoptet fails (503), and works once Shoptet is back', async () => {
    const shop = await s.activatedShop({ eshopId: nextShop() })
    s.fake.failNext(10, 503)
    const res = await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, {
      [`${S}import_orders_enabled`]: true,
    })
    expect(res.status).toBe(503)
    s.fake.failNext(0)
    const now = await shop.api.get(`/api/settings/eshops/${shop.eshopId}`)
    expect(now.body.shoptet_settings.import_orders_enabled).toBe(false)
    const retry = await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, {
      [`${S}import_orders_enabled`]: true,
    })
    expect(retry.status).toBe(200)
    expect(orderHooks(shop.shoptetEshopId)).toHaveLength(3)
  })

  it('refuses to switch on a connection whose add-on was uninstalled', async () => {
    const shop = await s.activatedShop({ eshopId: nextShop() })
    await s.t.db
      .update(eshops)
      .set({ isActive: false, uninstalledAt: new Date(), oauthAccessToken: null })
      .where(eq(eshops.id, shop.eshopId))
    const res = await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, { isActive: true })
    expect(res.status).toBe(409)
    expect((await shop.api.get(`/api/settings/eshops/${shop.eshopId}`)).body.status).toBe('uninstalled')
  })
})

describe('credentials and isolation', () => {
  it('never answers the OAuth or API token; the admin sees it masked; a client may not read /auth', async () => {
    const shop = await s.activatedShop({ eshopId: nextShop() })
    await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, { [`${S}import_orders_enabled`]: true })
    const [row] = await s.t.db.select().from(eshops).where(eq(eshops.id, shop.eshopId))
    const [api] = await s.t.db
      .select()
      .from(shoptetApiTokens)
      .where(eq(shoptetApiTokens.eshopId, shop.eshopId))
    const admin = await s.t.asAdmin()
    const auth = await admin.get(`/api/settings/eshops/${shop.eshopId}/auth`)
    expect(auth.status).toBe(200)
    expect(auth.body).toMatchObject({
      shoptet_eshopId: shop.shoptetEshopId,
      businessclient: shop.businessclientId,
      shoptet_oauthaccesstoken: `…${row!.oauthAccessToken!.slice(-4)}`,
      hasWebhookSignatureKey: true,
      activationLink: null,
    })
    const answers = [
      auth,
      await admin.get('/api/settings/eshops'),
      await shop.api.get('/api/settings/eshops'),
      await shop.api.get(`/api/settings/eshops/${shop.eshopId}`),
      await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, { [`${S}invoicing`]: 'expedo' }),
      await admin.get('/api/shoptet/settings/webhooks', { shoptet_eshopId: String(shop.shoptetEshopId) }),
    ]
    for (const answer of answers) {
      const text = JSON.stringify(answer.body)
      expect(text).not.toContain(row!.oauthAccessToken!)
      expect(text).not.toContain(api!.token)
      expect(text).not.toContain(row!.webhookSignatureKey!)
    }
    const logged = s.logs.join('\n')
    expect(logged).not.toContain(row!.oauthAccessToken!)
    expect(logged).not.toContain(api!.token)
    expect((await shop.api.get(`/api/settings/eshops/${shop.eshopId}/auth`)).status).toBe(403)
  })

  it('answers 404 to another business client for every connection route, and changes nothing', async () => {
    const shop = await s.activatedShop({ eshopId: nextShop() })
    const other = await s.t.tenantWithApi()
    const before = await shop.api.get(`/api/settings/eshops/${shop.eshopId}`)
    expect((await other.api.get(`/api/settings/eshops/${shop.eshopId}`)).status).toBe(404)
    expect((await other.api.put(`/api/settings/eshops/${shop.eshopId}`, { isActive: false })).status).toBe(
      404,
    )
    expect((await other.api.get(`/api/settings/eshops/${shop.eshopId}/statuses`)).status).toBe(404)
    expect((await other.api.get('/api/shoptet/products', { eshop: shop.eshopId })).status).toBe(404)
    expect(
      (await other.api.get('/api/shoptet/products', { businessclient: shop.businessclientId })).status,
    ).toBe(404)
    expect((await other.api.put('/api/shoptet/products', { eshop: shop.eshopId })).status).toBe(404)
    const list = await other.api.get('/api/settings/eshops')
    expect(JSON.stringify(list.body)).not.toContain(shop.eshopId)
    expect((await shop.api.get(`/api/settings/eshops/${shop.eshopId}`)).body).toEqual(before.body)
  })
})

describe('raw webhook management (GET|POST|DELETE /api/shoptet/settings/webhooks)', () => {
  it('works with the shop’s id and OAuth token, and refuses a wrong pair with 401', async () => {
    const shop = await s.activatedShop({ eshopId: nextShop() })
    const [row] = await s.t.db.select().from(eshops).where(eq(eshops.id, shop.eshopId))
    const pair = {
      shoptet_eshopId: String(shop.shoptetEshopId),
      shoptet_oauthaccesstoken: row!.oauthAccessToken!,
    }
    const url = `${s.publicUrl}/api/shoptet/product-hook`
    const created = await s.t.anon.request({
      method: 'POST',
      url: '/api/shoptet/settings/webhooks',
      query: pair,
      payload: { data: { event: 'product:create', url } },
    })
    expect(created.status).toBe(201)
    expect(created.body.webhooks).toEqual([
      expect.objectContaining({ event: 'product:create', url, id: expect.any(Number) }),
    ])
    expect(JSON.stringify(created.body)).not.toContain(row!.oauthAccessToken!)
    const listed = await s.t.anon.get('/api/shoptet/settings/webhooks', pair)
    expect(listed.status).toBe(200)
    expect(listed.body.webhooks.map((w: { event: string }) => w.event)).toEqual(['product:create'])
    const id = created.body.webhooks[0].id
    const removed = await s.t.anon.request({
      method: 'DELETE',
      url: `/api/shoptet/settings/webhooks/${id}`,
      query: pair,
    })
    expect(removed.status).toBe(200)
    expect(s.fake.webhooksOf(shop.shoptetEshopId)).toEqual([])

    // The token with its last character changed (to 'y' when it was an 'x': the same token would pass).
    const token = pair.shoptet_oauthaccesstoken
    const wrongToken = `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`
    for (const query of [
      { ...pair, shoptet_oauthaccesstoken: wrongToken },
      { shoptet_eshopId: pair.shoptet_eshopId },
      { ...pair, shoptet_eshopId: '999999' },
    ]) {
      const refused = await s.t.anon.get('/api/shoptet/settings/webhooks', query)
      expect(refused.status).toBe(401)
    }
    // The shop's own client user still needs the pair; an admin does not.
    expect(
      (await shop.api.get('/api/shoptet/settings/webhooks', { shoptet_eshopId: pair.shoptet_eshopId }))
        .status,
    ).toBe(401)
    const admin = await s.t.asAdmin()
    expect(
      (await admin.get('/api/shoptet/settings/webhooks', { shoptet_eshopId: pair.shoptet_eshopId })).status,
    ).toBe(200)
  })

  it('answers 400 to a bad registration without calling Shoptet', async () => {
    const shop = await s.activatedShop({ eshopId: nextShop() })
    const [row] = await s.t.db.select().from(eshops).where(eq(eshops.id, shop.eshopId))
    const query = {
      shoptet_eshopId: String(shop.shoptetEshopId),
      shoptet_oauthaccesstoken: row!.oauthAccessToken!,
    }
    for (const payload of [
      {},
      { data: { event: 'order:create', url: 'ftp://x' } },
      { data: { event: 'not an event', url: 'https://x.test/' } },
      { data: [] },
    ]) {
      const res = await s.t.anon.request({
        method: 'POST',
        url: '/api/shoptet/settings/webhooks',
        query,
        payload,
      })
      expect(res.status, JSON.stringify(payload)).toBe(400)
    }
    expect((await s.t.anon.get('/api/shoptet/settings/webhooks', { shoptet_eshopId: 'abc' })).status).toBe(
      400,
    )
    expect(s.fake.webhooksOf(shop.shoptetEshopId)).toEqual([])
  })
})
