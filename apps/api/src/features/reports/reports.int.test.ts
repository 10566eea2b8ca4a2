import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { createOrder, orderDesk } from '../../../test/order-fixtures.ts'
import { createShipment, receiveLine } from '../../../test/stock-fixtures.ts'

const URL = '/api/reports/nogoods/'

let t: TestApp
let alpha: Awaited<ReturnType<TestApp['tenantWithApi']>>
let beta: Awaited<ReturnType<TestApp['tenantWithApi']>>
let staff: TestApi
let w1: { id: string }
let w2: { id: string }
let pA1: { id: string; sku: string; name: string }
let pA2: { id: string; sku: string; name: string }
let pB: { id: string; sku: string; name: string }

beforeAll(async () => {
  t = await createTestApp()
  staff = (await t.userWithToken({ roles: ['operator'] })).api
  const desk = await orderDesk(t)
  w1 = desk.op.warehouse
  w2 = await t.factory.warehouse({ name: 'Second Warehouse' })
  alpha = await t.tenantWithApi({ client: { name: 'Alpha Goods SRL' } })
  beta = await t.tenantWithApi({ client: { name: 'Beta Goods SRL' } })
  // pA1: 2 in w1 and 3 in w2; pA2: none. An order for 3 of pA1 blocks w2's three (the one warehouse with all).
  pA1 = await desk.stocked(alpha.client.id, 2)
  pA2 = await desk.stocked(alpha.client.id, 0)
  pB = await desk.stocked(beta.client.id, 0)
  const inW2 = await createShipment(desk.op.api, { warehouse: w2.id, businessclient: alpha.client.id })
  await receiveLine(desk.op.api, inW2, { sku: pA1.sku, quantity: 3 })
  const order = async (api: TestApi, items: Json[], extra: Json = {}) => {
    const res = await createOrder(api, items, extra)
    expect(res.status).toBe(201)
    return res.body
  }
  const ready = await order(alpha.api, [{ product: pA1.id, quantity: 3 }])
  expect(ready.status).toBe('Order Ready for picking')
  const slovakia = { country: 'Slovakia', city: 'Nitra', street: 'Hlavná', postcode: '949 01' }
  const waiting = [
    await order(alpha.api, [
      { product: pA1.id, quantity: 5 },
      { product: pA2.id, quantity: 1 },
    ]),
    await order(alpha.api, [
      { product: pA1.id, quantity: 1 },
      { product: pA2.id, quantity: 2 },
    ]),
    await order(alpha.api, [{ product: pA2.id, quantity: 2 }], { shipTo: slovakia }),
    await order(beta.api, [{ product: pB.id, quantity: 4 }]),
  ]
  for (const o of waiting) expect(o.status).toBe('No goods')
  // A line an e-shop imported with a SKU the catalogue does not know yet, and unpaired goods of that SKU.
  await t.database.pool.query(
    `insert into order_items (id, order_id, sku, name, quantity) values (gen_random_uuid(), $1, 'LOOSE-1', 'Loose item', 4)`,
    [waiting[2]._id],
  )
  await receiveLine(desk.op.api, inW2, { sku: 'LOOSE-1', quantity: 7 })
  // A canceled No goods order no longer waits.
  const canceled = await order(beta.api, [{ product: pB.id, quantity: 9 }])
  expect((await beta.api.post(`/api/orders/${canceled._id}/cancel`)).status).toBe(200)
})
afterAll(() => t?.close())

const alphaCzech = () => ({
  businessclient: { _id: alpha.client.id, name: 'Alpha Goods SRL' },
  country: 'Czech',
  products: [
    { product: pA1.id, sku: pA1.sku, name: pA1.name, quantity: 6, available: 2, orders: 2 },
    { product: pA2.id, sku: pA2.sku, name: pA2.name, quantity: 3, available: 0, orders: 2 },
  ],
})
const alphaSlovakia = () => ({
  businessclient: { _id: alpha.client.id, name: 'Alpha Goods SRL' },
  country: 'Slovakia',
  products: [
    { product: null, sku: 'LOOSE-1', name: 'Loose item', quantity: 4, available: 7, orders: 1 },
    { product: pA2.id, sku: pA2.sku, name: pA2.name, quantity: 2, available: 0, orders: 1 },
  ],
})
const betaCzech = () => ({
  businessclient: { _id: beta.client.id, name: 'Beta Goods SRL' },
  country: 'Czech',
  products: [{ product: pB.id, sku: pB.sku, name: pB.name, quantity: 4, available: 0, orders: 1 }],
})

describe('GET /api/reports/nogoods/', () => {
  it('groups No goods orders by client and country with the products, quantities and free stock', async () => {
    const res = await staff.get(URL)
    expect(res.status).toBe(200)
    expect(res.body).toEqual([alphaCzech(), alphaSlovakia(), betaCzech()])
  })

  it('filters by ship-to country; an empty country means all', async () => {
    expect((await staff.get(URL, { country: 'Slovakia' })).body).toEqual([alphaSlovakia()])
    expect((await staff.get(URL, { country: '' })).body).toHaveLength(3)
    expect((await staff.get(URL, { country: 'Atlantis' })).body).toEqual([])
  })

  it('counts free stock only in the shipFrom warehouse when one is given', async () => {
    const inW1 = await staff.get(URL, { shipFrom: w1.id, country: 'Czech' })
    expect(inW1.body[0].products.map((p: Json) => p.available)).toEqual([2, 0])
    // w2's three of pA1 are blocked by the allocated order: none free there.
    const inW2 = await staff.get(URL, { shipFrom: w2.id })
    expect(inW2.body[0].products.map((p: Json) => p.available)).toEqual([0, 0])
    expect(inW2.body[1].products.map((p: Json) => p.available)).toEqual([7, 0])
  })

  it('shows a client only its own orders', async () => {
    expect((await alpha.api.get(URL)).body).toEqual([alphaCzech(), alphaSlovakia()])
    expect((await beta.api.get(URL)).body).toEqual([betaCzech()])
    const loner = await t.userWithToken({ roles: ['client'] })
    expect((await loner.api.get(URL)).body).toEqual([])
  })

  it('answers the same without the trailing slash', async () => {
    const res = await staff.get('/api/reports/nogoods')
    expect(res.status).toBe(200)
    expect(res.body).toEqual([alphaCzech(), alphaSlovakia(), betaCzech()])
  })

  it('rejects a shipFrom that is not a warehouse with 400', async () => {
    const junk = await staff.get(URL, { shipFrom: 'junk' })
    expect(junk.status).toBe(400)
    expect(junk.body.details).toHaveProperty(['query.shipFrom'])
    const unknown = await staff.get(URL, { shipFrom: '0190e9a6-0000-7000-8000-000000000000' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.details).toEqual({ 'query.shipFrom': 'must be a warehouse' })
  })

  it('answers 401 without a session', async () => {
    expect((await t.anon.get(URL)).status).toBe(401)
  })
})
