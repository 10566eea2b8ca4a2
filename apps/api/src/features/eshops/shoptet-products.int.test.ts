import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Json } from '../../../test/app.ts'
import { createShoptetTestApp, type ShoptetTestApp } from '../../../test/shoptet-app.ts'
import { importedOrders } from '../../../test/shoptet-orders-fixtures.ts'
import { productEshopIds, products, shoptetProductImports } from '../../db/schema/index.ts'
import type { FakeProductInput } from '../../dev/fakes/shoptet/shoptet-fixtures.ts'

let s: ShoptetTestApp
let shopNr = 730_000

beforeAll(async () => {
  s = await createShoptetTestApp()
})
afterAll(() => s?.close())

/** 23 single-variant products and one with 3 variants: 26 SKUs over 3 pages of 10. */
function catalogue(prefix: string): FakeProductInput[] {
  const single = Array.from({ length: 23 }, (_, i) => ({
    name: `Hrnek ${i + 1}`,
    variants: [
      { code: `${prefix}-MUG-${i + 1}`, ean: `859000000${String(i).padStart(4, '0')}`, weight: 0.35 },
    ],
  }))
  return [
    ...single,
    {
      name: 'Tričko',
      variants: ['S', 'M', 'L'].map((size) => ({
        code: `${prefix}-TEE-${size}`,
        name: `Velikost: ${size}`,
        weight: 0.2,
      })),
    },
  ]
}

async function finished(api: ShoptetTestApp['t']['anon'], id: string): Promise<Json> {
  await s.t.queue.idle()
  const res = await api.get(`/api/shoptet/products/imports/${id}`)
  expect(res.status).toBe(200)
  return res.body
}

const productsOf = (businessclientId: string) =>
  s.t.db.select().from(products).where(eq(products.businessclientId, businessclientId))

describe('product import (GET /api/shoptet/products) and update (PUT)', () => {
  it('walks every page from page 1 by 10, matches an existing SKU, creates the rest with the guid as e-shop id; a second run creates nothing', async () => {
    const eshopId = ++shopNr
    const prefix = `P${eshopId}`
    const shop = await s.activatedShop({ eshopId, products: catalogue(prefix) })
    const existing = await shop.api.post('/api/products', {
      name: 'Our own mug',
      codes: { sku: `${prefix}-MUG-1` },
    })
    expect(existing.status).toBe(201)

    const started = await shop.api.get('/api/shoptet/products', { page: '1', itemsPerPage: '10' })
    expect(started.status).toBe(200)
    expect(started.body).toMatchObject({
      kind: 'import',
      eshop: shop.eshopId,
      status: expect.stringMatching(/queued|running/),
    })
    const done = await finished(shop.api, started.body._id)
    expect(done).toMatchObject({
      status: 'done',
      page: 3,
      pageCount: 3,
      imported: 25,
      updated: 1,
      failed: 0,
      error: null,
      message: 'All products have been imported succesfully',
      finishedAt: expect.any(String),
    })

    const rows = await productsOf(shop.businessclientId)
    expect(rows).toHaveLength(26)
    const mug1 = rows.find((p) => p.sku === `${prefix}-MUG-1`)!
    expect(mug1.id).toBe(existing.body._id)
    expect(mug1.name).toBe('Our own mug') // import links, it does not overwrite
    const mug2 = rows.find((p) => p.sku === `${prefix}-MUG-2`)!
    expect(mug2).toMatchObject({
      name: 'Hrnek 2',
      barcode: '8590000000001',
      weightGrams: 350,
      widthCm: '10.0',
    })
    const tee = rows.find((p) => p.sku === `${prefix}-TEE-M`)!
    expect(tee.name).toBe('Tričko Velikost: M')

    const shopProducts = s.fake.shop(eshopId).products
    const mugGuid = shopProducts.find((p) => p.variants[0]!.code === `${prefix}-MUG-2`)!.guid
    const teeGuid = shopProducts.find((p) => p.name === 'Tričko')!.guid
    const detail = await shop.api.get(`/api/products/${mug2.id}`)
    expect(detail.body.foundProduct.client_ids).toEqual([
      expect.objectContaining({ id: mugGuid, eshop: expect.objectContaining({ _id: shop.eshopId }) }),
    ])
    const teeIds = await s.t.db
      .select()
      .from(productEshopIds)
      .where(and(eq(productEshopIds.productId, tee.id), eq(productEshopIds.eshopId, shop.eshopId)))
    expect(teeIds.map((r) => r.externalId)).toEqual([`${teeGuid}:${prefix}-TEE-M`])

    const again = await shop.api.get('/api/shoptet/products')
    const second = await finished(shop.api, again.body._id)
    expect(second).toMatchObject({ status: 'done', imported: 0, updated: 26, failed: 0 })
    expect(await productsOf(shop.businessclientId)).toHaveLength(26)
    const links = await s.t.db.select().from(productEshopIds).where(eq(productEshopIds.eshopId, shop.eshopId))
    expect(links).toHaveLength(26)
  })

  it('answers the running import instead of starting a second one', async () => {
    const eshopId = ++shopNr
    const shop = await s.activatedShop({ eshopId, products: catalogue(`R${eshopId}`) })
    s.fake.setLatency(30)
    const [a, b] = await Promise.all([
      shop.api.get('/api/shoptet/products'),
      shop.api.get('/api/shoptet/products'),
    ])
    expect(a.body._id).toBe(b.body._id)
    await s.t.queue.idle()
    s.fake.setLatency(0)
    expect((await productsOf(shop.businessclientId)).length).toBe(26)
  })

  it('does not let an import that died with its process block a new one', async () => {
    const eshopId = ++shopNr
    const shop = await s.activatedShop({ eshopId, products: catalogue(`Z${eshopId}`).slice(0, 2) })
    const [stuck] = await s.t.db
      .insert(shoptetProductImports)
      .values({
        eshopId: shop.eshopId,
        businessclientId: shop.businessclientId,
        kind: 'import',
        status: 'running',
        updatedAt: new Date(Date.now() - 11 * 60_000),
      })
      .returning()
    const started = await shop.api.get('/api/shoptet/products')
    expect(started.body._id).not.toBe(stuck!.id)
    expect(await finished(shop.api, started.body._id)).toMatchObject({ status: 'done', imported: 2 })
    expect(await finished(shop.api, stuck!.id)).toMatchObject({
      status: 'failed',
      error: 'The import was interrupted',
    })
  })

  it('waits out Shoptet’s 503s and 429s and still imports everything', async () => {
    const eshopId = ++shopNr
    const shop = await s.activatedShop({ eshopId, products: catalogue(`F${eshopId}`) })
    s.fake.failNext(2, 503)
    s.fake.rateLimitNext(1, 1)
    const started = await shop.api.get('/api/shoptet/products')
    const done = await finished(shop.api, started.body._id)
    expect(done).toMatchObject({ status: 'done', imported: 26, failed: 0 })
  })

  it('keeps the shop within Shoptet’s 3 connections across processes: an import, an order sync and a settings read at once', async () => {
    const eshopId = ++shopNr
    const shop = await s.activatedShop({ eshopId, products: catalogue(`C${eshopId}`) })
    // Before the order webhooks exist: the one sync of the shop is the pull below (the job queue keeps it to
    // one across processes; the test's two processes each have a queue of their own).
    for (let i = 0; i < 12; i++) s.fake.createOrder(eshopId)
    const on = await shop.api.put(`/api/settings/eshops/${shop.eshopId}`, {
      'shoptet_settings.import_orders_enabled': true,
    })
    expect(on.status).toBe(200)
    // The order sync runs in another API process, as the job queue may place it.
    const other = await s.anotherProcess()
    const hits = s.fake.stats.connectionLimitHits
    s.fake.stats.maxInFlightPerToken = 0
    s.fake.setLatency(60)
    try {
      const [started, pulled, statuses] = await Promise.all([
        shop.api.get('/api/shoptet/products'),
        other.services.shoptetOrders.pull(shop.eshopId),
        shop.api.get(`/api/settings/eshops/${shop.eshopId}/statuses`),
      ])
      expect(statuses.status).toBe(200)
      expect(pulled).toMatchObject({ imported: 12 })
      expect(await importedOrders(s.t, shop.eshopId)).toHaveLength(12)
      expect(await finished(shop.api, started.body._id)).toMatchObject({ status: 'done', imported: 26 })
    } finally {
      s.fake.setLatency(0)
      await other.close()
    }
    // One call in flight per lane (order sync, product import, the rest), whichever process runs it: the
    // lanes overlapped (more than one at once), and never more than Shoptet's 3.
    expect(s.fake.stats.maxInFlightPerToken).toBeGreaterThan(1)
    expect(s.fake.stats.maxInFlightPerToken).toBeLessThanOrEqual(3)
    expect(s.fake.stats.connectionLimitHits - hits).toBe(0)
  })

  it('records a failed import with Shoptet’s reason when Shoptet stays down', async () => {
    const eshopId = ++shopNr
    const shop = await s.activatedShop({ eshopId, products: catalogue(`D${eshopId}`) })
    s.fake.failNext(1000, 500)
    const started = await shop.api.get('/api/shoptet/products')
    const done = await finished(shop.api, started.body._id)
    s.fake.failNext(0)
    expect(done).toMatchObject({ status: 'failed', message: null, error: expect.stringContaining('Shoptet') })
    // A new start after the outage completes.
    const retry = await shop.api.get('/api/shoptet/products')
    expect(retry.body._id).not.toBe(started.body._id)
    expect(await finished(shop.api, retry.body._id)).toMatchObject({ status: 'done', imported: 26 })
  })

  it('updates the linked products from Shoptet (name, barcode, weight) and creates none', async () => {
    const eshopId = ++shopNr
    const prefix = `U${eshopId}`
    const shop = await s.activatedShop({ eshopId, products: catalogue(prefix) })
    await finished(shop.api, (await shop.api.get('/api/shoptet/products')).body._id)
    const mug = s.fake.shop(eshopId).products.find((p) => p.variants[0]!.code === `${prefix}-MUG-3`)!
    s.fake.updateProduct(eshopId, mug.guid, {
      name: 'Hrnek velký',
      variants: [{ code: `${prefix}-MUG-3`, ean: '8591111111111', weight: 0.5 }],
    })
    s.fake.addProduct(eshopId, { name: 'Nový', variants: [{ code: `${prefix}-NEW` }] })
    const started = await shop.api.put('/api/shoptet/products', {})
    expect(started.status).toBe(200)
    expect(started.body.kind).toBe('update')
    const done = await finished(shop.api, started.body._id)
    expect(done).toMatchObject({
      status: 'done',
      imported: 0,
      updated: 26,
      message: 'All products have been updated succesfully',
    })
    const rows = await productsOf(shop.businessclientId)
    expect(rows).toHaveLength(26)
    expect(rows.find((p) => p.sku === `${prefix}-MUG-3`)).toMatchObject({
      name: 'Hrnek velký',
      barcode: '8591111111111',
      weightGrams: 500,
    })
  })

  it('lets staff start an import for a business client, and answers 400/404 for bad or missing input', async () => {
    const eshopId = ++shopNr
    const shop = await s.activatedShop({ eshopId, products: catalogue(`A${eshopId}`).slice(0, 3) })
    const admin = await s.t.asAdmin()
    expect((await admin.get('/api/shoptet/products')).status).toBe(400)
    const started = await admin.get('/api/shoptet/products', { businessclient: shop.businessclientId })
    expect(started.status).toBe(200)
    expect(await finished(admin, started.body._id)).toMatchObject({
      status: 'done',
      imported: 3,
      pageCount: 1,
    })
    const bad: Record<string, string>[] = [
      { itemsPerPage: '0' },
      { page: '0' },
      { itemsPerPage: 'ten' },
      { eshop: 'nope' },
    ]
    for (const query of bad) {
      const res = await shop.api.get('/api/shoptet/products', query)
      expect(res.status, JSON.stringify(query)).toBe(400)
    }
    expect(
      (await shop.api.get('/api/shoptet/products/imports/0190f0a1-0000-7000-8000-000000000001')).status,
    ).toBe(404)
    const stranger = await s.t.tenantWithApi()
    expect((await stranger.api.get(`/api/shoptet/products/imports/${started.body._id}`)).status).toBe(404)
    expect((await stranger.api.get('/api/shoptet/products')).status).toBe(404)
  })
})
