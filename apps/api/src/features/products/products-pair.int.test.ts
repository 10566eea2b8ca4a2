import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { createOrder } from '../../../test/order-fixtures.ts'
import { productFor } from '../../../test/stock-fixtures.ts'

let t: TestApp
let c: Awaited<ReturnType<TestApp['tenantWithApi']>>
let other: Awaited<ReturnType<TestApp['tenantWithApi']>>

const SKU = 'PAIR-ME-1'

/** Lines as an e-shop import leaves them before the catalogue knows the SKU: no product, maybe no name. */
async function unpair(orderId: string, values: { name?: string } = {}) {
  await t.database.pool.query(
    'update order_items set product_id = null, weight = null, name = coalesce($2, name) where order_id = $1',
    [orderId, values.name ?? null],
  )
}

async function linesOf(orderId: string) {
  const { rows } = await t.database.pool.query(
    'select product_id, sku, name, weight, quantity from order_items where order_id = $1 order by quantity',
    [orderId],
  )
  return rows
}

const logsOf = async (api: TestApi, orderId: string) =>
  ((await api.get(`/api/orders/${orderId}`)).body.changeLogs as Json[]).map((l) => l.what)

async function orderOf(api: TestApi, items: Json[]) {
  const res = await createOrder(api, items)
  expect(res.status).toBe(201)
  return res.body._id as string
}

beforeAll(async () => {
  t = await createTestApp()
  // Without automatic blocking the orders stay New and hold no stock.
  c = await t.tenantWithApi({ client: { automaticBlockingGoods: false } })
  other = await t.tenantWithApi({ client: { automaticBlockingGoods: false } })
})
afterAll(() => t?.close())

describe('POST /api/products/:id/pairToOrders and notPairedOrders', () => {
  it('pairs the client’s waiting lines of the SKU, fills name and weight, logs each order, and counts', async () => {
    const product = await productFor(t, c.client.id, { sku: SKU, name: 'Paired Lamp', weightGrams: 300 })
    const stranger = await productFor(t, c.client.id, { sku: 'OTHER-SKU' })
    const foreignTwin = await productFor(t, other.client.id, { sku: SKU })
    const noName = await orderOf(c.api, [{ product: product.id, quantity: 1 }])
    const twoLines = await orderOf(c.api, [
      { product: product.id, quantity: 2 },
      { product: product.id, quantity: 3 },
    ])
    const canceled = await orderOf(c.api, [{ product: product.id, quantity: 1 }])
    const otherSku = await orderOf(c.api, [{ product: stranger.id, quantity: 1 }])
    const alreadyPaired = await orderOf(c.api, [{ product: product.id, quantity: 1 }])
    const foreign = await orderOf(other.api, [{ product: foreignTwin.id, quantity: 1 }])
    expect((await c.api.post(`/api/orders/${canceled}/cancel`)).status).toBe(200)
    await unpair(noName, { name: '' })
    await unpair(twoLines, { name: 'Lamp from the e-shop' })
    for (const id of [canceled, otherSku, foreign]) await unpair(id)

    const before = await c.api.get(`/api/products/${product.id}`)
    expect(before.status).toBe(200)
    expect(before.body.notPairedOrders).toBe(2)

    const res = await c.api.post(`/api/products/${product.id}/pairToOrders`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ paired: 2 })

    expect(await linesOf(noName)).toEqual([
      { product_id: product.id, sku: SKU, name: 'Paired Lamp', weight: 300, quantity: 1 },
    ])
    expect(await linesOf(twoLines)).toEqual([
      { product_id: product.id, sku: SKU, name: 'Lamp from the e-shop', weight: 300, quantity: 2 },
      { product_id: product.id, sku: SKU, name: 'Lamp from the e-shop', weight: 300, quantity: 3 },
    ])
    const logged = `Item ${SKU} paired with product Paired Lamp`
    const detail = await c.api.get(`/api/orders/${twoLines}`)
    expect(detail.body.changeLogs.filter((l: Json) => l.what === logged)).toEqual([
      {
        what: logged,
        who: { _id: c.user.id, username: c.user.username },
        when: expect.any(String),
        event: 'productPaired',
        params: { sku: SKU, name: 'Paired Lamp' },
      },
    ])
    expect(await logsOf(c.api, noName)).toContain(logged)
    for (const id of [canceled, otherSku, alreadyPaired])
      expect(await logsOf(c.api, id)).not.toContain(logged)
    // The canceled order, the other SKU and the other client's order keep their unpaired lines.
    for (const id of [canceled, otherSku, foreign]) expect((await linesOf(id))[0].product_id).toBeNull()

    expect((await c.api.get(`/api/products/${product.id}`)).body.notPairedOrders).toBe(0)
    expect((await c.api.post(`/api/products/${product.id}/pairToOrders`)).body).toEqual({ paired: 0 })
    expect((await logsOf(c.api, noName)).filter((w) => w === logged)).toHaveLength(1)
    expect((await other.api.get(`/api/products/${foreignTwin.id}`)).body.notPairedOrders).toBe(1)
  })

  it('pairs each line once when two pairings race', async () => {
    const product = await productFor(t, c.client.id, { sku: 'RACE-1', name: 'Race Lamp' })
    const ids: string[] = []
    for (let i = 0; i < 5; i++) {
      const id = await orderOf(c.api, [{ product: product.id, quantity: 1 }])
      await unpair(id)
      ids.push(id)
    }
    const operator = await t.userWithToken({ roles: ['operator'] })
    const answers = await Promise.all([
      c.api.post(`/api/products/${product.id}/pairToOrders`),
      operator.api.post(`/api/products/${product.id}/pairToOrders`),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200])
    expect(answers.map((a) => a.body.paired).reduce((x, y) => x + y, 0)).toBe(5)
    for (const id of ids) {
      const logs = (await logsOf(c.api, id)).filter((w) => w.startsWith('Item RACE-1 paired'))
      expect(logs).toHaveLength(1)
    }
  })

  it('answers 404 for another client’s product and 403 to a role that may not edit products', async () => {
    const product = await productFor(t, c.client.id, { sku: 'GUARDED-1' })
    const id = await orderOf(c.api, [{ product: product.id, quantity: 1 }])
    await unpair(id)
    expect((await other.api.post(`/api/products/${product.id}/pairToOrders`)).status).toBe(404)
    expect((await other.api.get(`/api/products/${product.id}`)).status).toBe(404)
    const finance = await t.userWithToken({ roles: ['finance'] })
    expect((await finance.api.post(`/api/products/${product.id}/pairToOrders`)).status).toBe(403)
    expect((await c.api.post('/api/products/junk/pairToOrders')).status).toBe(400)
    expect((await linesOf(id))[0].product_id).toBeNull()
    expect((await c.api.get(`/api/products/${product.id}`)).body.notPairedOrders).toBe(1)
  })
})
