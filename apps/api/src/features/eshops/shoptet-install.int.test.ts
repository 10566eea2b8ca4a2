import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createShoptetTestApp, type ShoptetTestApp } from '../../../test/shoptet-app.ts'
import { businessClients, eshops, shoptetApiTokens, users } from '../../db/schema/index.ts'

let s: ShoptetTestApp
let shopNr = 710_000

beforeAll(async () => {
  s = await createShoptetTestApp()
})
afterAll(() => s?.close())

const nextShop = () => ++shopNr
const rowOf = async (eshopId: string) =>
  (await s.t.db.select().from(eshops).where(eq(eshops.id, eshopId)))[0]!
const countOf = async (table: string) =>
  (await s.t.database.pool.query(`select count(*)::int as n from ${table}`)).rows[0].n as number

describe('installation URL (Shoptet → GET /api/shoptet/install?code=)', () => {
  it('stores the OAuth token and an inactive connection for a new business client and a disabled user, with a 7-day link', async () => {
    const eshopId = nextShop()
    const shop = await s.installShop({
      eshopId,
      url: `https://obchod-${eshopId}.myshoptet.cz/`,
      contactEmail: `Owner.${eshopId}@Example.test`,
    })
    const row = await rowOf(shop.eshopId)
    expect(row).toMatchObject({
      isActive: false,
      shoptetEshopId: eshopId,
      eshopUrl: `https://obchod-${eshopId}.myshoptet.cz/`,
    })
    // The stored OAuth token is the installation's: Shoptet issues API tokens for it.
    expect(row.oauthAccessToken?.length).toBeGreaterThan(100)
    expect(await s.t.shoptetAccess.tokensFor(row.id).get()).toEqual(expect.any(String))
    const [client] = await s.t.db
      .select()
      .from(businessClients)
      .where(eq(businessClients.id, row.businessclientId))
    expect(client!.name).toBe(`obchod-${eshopId}.myshoptet.cz`)
    const [user] = await s.t.db.select().from(users).where(eq(users.id, row.activationUserId!))
    expect(user).toMatchObject({
      username: `owner.${eshopId}@example.test`,
      status: 'disabled',
      businessclientId: row.businessclientId,
    })
    expect(shop.link).toMatch(
      new RegExp(`^/shoptet/newinstall/activation/CZ/owner\\.${eshopId}%40example\\.test/[A-Za-z0-9_-]{32}$`),
    )
    const days = (row.activationExpiresAt!.getTime() - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(6.9)
    expect(days).toBeLessThanOrEqual(7)
    // The key is kept only as a hash and in the sealed link.
    expect(JSON.stringify(row)).not.toContain(shop.key)
  })

  it('answers a Slovak shop’s link in SK', async () => {
    const shop = await s.installShop({ eshopId: nextShop(), url: 'https://obchod-sk.myshoptet.sk/' })
    expect(shop.syslang).toBe('SK')
  })

  it('binds a reinstall to the same connection with a new key; the old link then expires', async () => {
    const eshopId = nextShop()
    const first = await s.installShop({ eshopId })
    const again = await s.fake.install(eshopId)
    expect(again.ok).toBe(true)
    const second = await s.installed(eshopId)
    expect(second.eshopId).toBe(first.eshopId)
    expect(second.businessclientId).toBe(first.businessclientId)
    expect(second.key).not.toBe(first.key)
    const old = await s.t.anon.post('/api/shoptet/newinstall/activation', {
      activationkey: first.key,
      password: 'Long-enough-pass-1',
    })
    expect(old.status).toBe(410)
  })

  it('binds a shop to the business client that already has its URL', async () => {
    const tenant = await s.t.tenantWithApi()
    const eshopId = nextShop()
    const url = `https://known-${eshopId}.myshoptet.cz/`
    const [existing] = await s.t.db
      .insert(eshops)
      .values({ businessclientId: tenant.client.id, eshopUrl: url.replace(/\/$/, '') })
      .returning()
    const shop = await s.installShop({ eshopId, url })
    expect(shop.eshopId).toBe(existing!.id)
    expect(shop.businessclientId).toBe(tenant.client.id)
  })

  it('answers 400 to a bad or used code and stores nothing', async () => {
    const before = await Promise.all(['eshops', 'business_clients', 'users'].map(countOf))
    const bad = await s.t.anon.get('/api/shoptet/install', { code: 'not-a-code' })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { code: expect.any(String) } })
    const missing = await s.t.anon.get('/api/shoptet/install')
    expect(missing.status).toBe(400)
    expect(missing.body.details).toHaveProperty(['query.code'])
    expect(await Promise.all(['eshops', 'business_clients', 'users'].map(countOf))).toEqual(before)
  })

  it('logs the install without the key or the OAuth token', async () => {
    const shop = await s.installShop({ eshopId: nextShop() })
    const row = await rowOf(shop.eshopId)
    const logged = s.logs.join('\n')
    expect(logged).toContain('Shoptet add-on installed')
    expect(logged).toContain(`/shoptet/newinstall/activation/CZ/`)
    expect(logged).not.toContain(shop.key)
    expect(logged).not.toContain(row.oauthAccessToken!)
  })
})

describe('activation (POST /api/shoptet/newinstall/activation)', () => {
  it('sets the password, activates the user and the connection, and answers a session and the eshopId', async () => {
    const shop = await s.installShop({ eshopId: nextShop() })
    const res = await s.t.anon.post('/api/shoptet/newinstall/activation', {
      activationkey: shop.key,
      password: 'My-new-password-1',
      syslang: 'SK',
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      eshopId: shop.eshopId,
      username: shop.username,
      businessclient: shop.businessclientId,
      roles: ['client'],
      sys_lang: 'SK',
      token: expect.any(String),
    })
    const own = await s.t.as(res.body.token).get(`/api/settings/eshops/${shop.eshopId}`)
    expect(own.status).toBe(200)
    expect(own.body).toMatchObject({ isActive: true, status: 'active', activatedAt: expect.any(String) })
    // The new password signs in.
    expect(await s.t.signin(shop.username, 'My-new-password-1')).toEqual(expect.any(String))
    // The link is used: a second submit is the expired answer, the staff view no longer shows it.
    const again = await s.t.anon.post('/api/shoptet/newinstall/activation', {
      activationkey: shop.key,
      password: 'Another-password-2',
    })
    expect(again.status).toBe(410)
    expect(again.body).toMatchObject({
      code: 'ACTIVATION_EXPIRED',
      message: 'Activation link expired. Reinstall ADDON.',
    })
    expect((await s.installed(shop.shoptetEshopId)).link).toBeNull()
  })

  it('answers ACTIVATION_EXPIRED to an expired or unknown key and changes nothing', async () => {
    const shop = await s.installShop({ eshopId: nextShop() })
    await s.t.db
      .update(eshops)
      .set({ activationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(eshops.id, shop.eshopId))
    for (const activationkey of [shop.key, 'no-such-key-at-all']) {
      const res = await s.t.anon.post('/api/shoptet/newinstall/activation', {
        activationkey,
        password: 'Long-enough-pass-1',
      })
      expect(res.status).toBe(410)
      expect(res.body.code).toBe('ACTIVATION_EXPIRED')
    }
    expect((await rowOf(shop.eshopId)).isActive).toBe(false)
  })

  it('refuses a weak password with 400 (sign-up rules) and keeps the link usable', async () => {
    const shop = await s.installShop({ eshopId: nextShop() })
    const weak = await s.t.anon.post('/api/shoptet/newinstall/activation', {
      activationkey: shop.key,
      password: 'short',
    })
    expect(weak.status).toBe(400)
    expect(weak.body.details).toHaveProperty('password')
    const bad = await s.t.anon.post('/api/shoptet/newinstall/activation', {
      activationkey: shop.key,
      password: 'Long-enough-pass-1',
      syslang: 'XX',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toHaveProperty('syslang')
    expect((await rowOf(shop.eshopId)).activationUsedAt).toBeNull()
    const ok = await s.t.anon.post('/api/shoptet/newinstall/activation', {
      activationkey: shop.key,
      password: 'Long-enough-pass-1',
    })
    expect(ok.status).toBe(200)
    expect(ok.body.sys_lang).toBe('CZ')
  })

  it('activates once when the same link is submitted twice at the same time', async () => {
    const shop = await s.installShop({ eshopId: nextShop() })
    const submit = () =>
      s.t.anon.post('/api/shoptet/newinstall/activation', {
        activationkey: shop.key,
        password: 'Long-enough-pass-1',
      })
    const statuses = (await Promise.all([submit(), submit()])).map((r) => r.status).sort()
    expect(statuses).toEqual([200, 410])
  })
})

describe('token cache (shoptetApiFor)', () => {
  it('shares one API token per shop: parallel callers fetch it once, an expired token is refreshed once', async () => {
    const shop = await s.activatedShop({ eshopId: nextShop() })
    await s.t.db.delete(shoptetApiTokens).where(eq(shoptetApiTokens.eshopId, shop.eshopId))
    const issued = s.fake.stats.tokensIssued
    const tokens = s.t.shoptetAccess.tokensFor(shop.eshopId)
    const got = await Promise.all(Array.from({ length: 8 }, () => tokens.get()))
    expect(new Set(got).size).toBe(1)
    expect(s.fake.stats.tokensIssued - issued).toBe(1)
    const [stored] = await s.t.db
      .select()
      .from(shoptetApiTokens)
      .where(eq(shoptetApiTokens.eshopId, shop.eshopId))
    expect(stored!.token).toBe(got[0])
    expect(stored!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 25 * 60_000)

    // Shoptet expires it: the next calls refresh once and go on.
    s.fake.expireAllTokens()
    const api = s.t.shoptetAccess.shoptetApiFor(shop.eshopId)
    await Promise.all([api.listWebhooks(), api.listWebhooks(), api.getEshop()])
    expect(s.fake.stats.tokensIssued - issued).toBe(2)
    // Two refreshes of the same rejected token: the second uses the first's token.
    const [a, b] = await Promise.all([tokens.refresh(got[0]!), tokens.refresh(got[0]!)])
    expect(a).toBe(b)
  })

  it('holds no transaction while it waits for Shoptet: other writes go on during a slow refresh', async () => {
    const shop = await s.activatedShop({ eshopId: nextShop() })
    await s.t.db.delete(shoptetApiTokens).where(eq(shoptetApiTokens.eshopId, shop.eshopId))
    s.fake.setLatency(3000)
    try {
      const token = s.t.shoptetAccess.tokensFor(shop.eshopId).get()
      await new Promise((resolve) => setTimeout(resolve, 200)) // the refresh is waiting for Shoptet
      // On the embedded database a transaction open across the call held every write until Shoptet
      // answered: the write ended after the token. Now it ends first (an order of events, not a clock:
      // a 700 ms bound is what a busy machine could miss).
      const ended: string[] = []
      const write = s.t.database.pool
        .query('update eshops set updated_at = now() where id = $1', [shop.eshopId])
        .then(() => ended.push('write'))
      const refreshed = token.then(() => ended.push('token'))
      await Promise.all([write, refreshed])
      expect(ended).toEqual(['write', 'token'])
      expect(await token).toEqual(expect.any(String))
    } finally {
      s.fake.setLatency(0)
    }
  })

  it('refreshes a token with less than 5 minutes left before using it', async () => {
    const shop = await s.activatedShop({ eshopId: nextShop() })
    const tokens = s.t.shoptetAccess.tokensFor(shop.eshopId)
    const first = await tokens.get()
    await s.t.db
      .update(shoptetApiTokens)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(shoptetApiTokens.eshopId, shop.eshopId))
    const second = await tokens.get()
    expect(second).not.toBe(first)
  })
})
