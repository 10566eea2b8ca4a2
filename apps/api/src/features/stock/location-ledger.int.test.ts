import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { bulkLocations, expectLocationInvariant } from '../../../test/location-fixtures.ts'
import { createOrder, walk } from '../../../test/order-fixtures.ts'
import { createShipment, productFor } from '../../../test/stock-fixtures.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed
  const next = () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31
    return s / 2 ** 31
  }
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) }
}

describe('the sum over locations is the warehouse stock', () => {
  it('holds after receiving, putaway, moves, adjustments, shipping and returns in random order, some at once', async () => {
    const rnd = random(20_261_129)
    const op: TestApi = (await t.userWithToken({ roles: ['operator'] })).api
    const warehouse = await t.factory.warehouse()
    await bulkLocations(op, warehouse.id, { zone: 'R', aisles: [1, 2], racks: [1, 3], levels: [1, 2] })
    const codes = (await op.get(`/api/locations?warehouse=${warehouse.id}&kind=storage`)).body.list.map(
      (l: Json) => l.code as string,
    )
    const c = await t.tenantWithApi()
    const products: Awaited<ReturnType<typeof productFor>>[] = []
    for (let i = 0; i < 4; i++) {
      const sku = t.factory.unique('INVL')
      products.push(await productFor(t, c.client.id, { sku, barcode: `85900000${i}`, name: `Goods ${i}` }))
    }
    const shipment = await createShipment(op, { warehouse: warehouse.id, businessclient: c.client.id })
    const pick = <T>(list: T[]) => list[rnd.int(0, list.length - 1)]!
    const shipped: { id: string; product: string; quantity: number }[] = []
    const counts: Record<string, number> = {}

    const receive = () =>
      op.post(`/api/shipments/inbound/${shipment}/goodsreceived`, {
        sku: pick(products).sku,
        quantity: rnd.int(1, 12),
        quantity_damaged: rnd.int(0, 1),
      })
    const putaway = () =>
      op.post('/api/locations/putaway', {
        warehouse: warehouse.id,
        to: pick(codes),
        barcode: pick(products).barcode,
        quantity: rnd.int(1, 6),
      })
    const move = async () => {
      const held = await op.get(`/api/locations?warehouse=${warehouse.id}&kind=storage&occupied=true`)
      if (!held.body.list.length) return { status: 200 }
      const from = pick(held.body.list as Json[])
      const line = pick((await op.get(`/api/locations/${from._id}`)).body.list as Json[])
      return op.post('/api/locations/move', {
        warehouse: warehouse.id,
        from: from.code,
        to: pick(codes),
        barcode: line.sku,
        // Now and then one more than lies there: refused.
        quantity: rnd.int(1, line.quantity + 1),
      })
    }
    const adjust = async () => {
      const list = await op.post('/api/inventorycards/stocks', {
        filters: { businessclient: [c.client.id], warehouse: [warehouse.id] },
        itemsPerPage: 0,
      })
      if (!list.body.list.length) return { status: 201 }
      return op.post(`/api/inventorycards/${pick(list.body.list as Json[])._id}/adjust`, {
        quantity: rnd.int(-4, 3) || 1,
        reason: 'Count',
      })
    }
    const ship = async () => {
      const product = pick(products)
      const quantity = rnd.int(1, 3)
      const order = await createOrder(c.api, [{ product: product.id, quantity }])
      if (order.body.status !== 'Order Ready for picking') return { status: 200 }
      await walk(op, order.body._id, ['Product Picking', 'Packed', 'Shipping'])
      shipped.push({ id: order.body._id, product: product.id, quantity })
      return { status: 200 }
    }
    const giveBack = async () => {
      const order = shipped.pop()
      if (!order) return { status: 201 }
      const parcel = await op.post('/api/parcels/inbound', {
        order: order.id,
        trackingId: t.factory.unique('TRK'),
        warehouse: warehouse.id,
        condition: 'good',
        items: [{ product: order.product, quantity: order.quantity, condition: 'available' }],
      })
      if (parcel.status !== 201) return parcel
      return op.post(`/api/parcels/inbound/${parcel.body._id}/process`)
    }
    const kinds = { receive, putaway, move, adjust, ship, giveBack }

    for (let round = 0; round < 14; round++) {
      // Stock writers of one round run at once; shipping and returns walk their own orders.
      const names = Array.from({ length: 5 }, () => {
        const r = rnd.next()
        return r < 0.25
          ? 'receive'
          : r < 0.45
            ? 'putaway'
            : r < 0.6
              ? 'move'
              : r < 0.72
                ? 'adjust'
                : r < 0.9
                  ? 'ship'
                  : 'giveBack'
      }) as (keyof typeof kinds)[]
      const answers = await Promise.all(names.map((n) => kinds[n]()))
      answers.forEach((res, i) => {
        // A refusal (more than lies there, the same location, below zero) is a 400 that changes nothing.
        expect([200, 201, 400], `${names[i]} → ${JSON.stringify(res)}`).toContain(res.status)
        counts[`${names[i]} ${res.status}`] = (counts[`${names[i]} ${res.status}`] ?? 0) + 1
      })
      await expectLocationInvariant(t)
    }
    // The sequence did move goods around, ship and take returns back: not only refusals.
    expect(Object.keys(counts)).toEqual(
      expect.arrayContaining(['receive 201', 'putaway 200', 'move 200', 'ship 200', 'giveBack 200']),
    )
    const { rows } = await t.database.pool.query(
      `select triggred_by, count(*)::int as n from stock_movements group by 1 order by 1`,
    )
    expect(rows.map((r: Json) => r.triggred_by)).toEqual(
      expect.arrayContaining(['Inboundshipment', 'Move', 'Order']),
    )
  })

  it('takes shipped goods from the storage locations first, receiving last, one ledger row per location', async () => {
    const op: TestApi = (await t.userWithToken({ roles: ['operator'] })).api
    const warehouse = await t.factory.warehouse()
    await bulkLocations(op, warehouse.id, { zone: 'S', aisles: [1, 1], racks: [1, 2], levels: [1, 1] })
    const c = await t.tenantWithApi()
    const product = await productFor(t, c.client.id, {
      sku: t.factory.unique('SHIPL'),
      barcode: '8590000000099',
    })
    const shipment = await createShipment(op, { warehouse: warehouse.id, businessclient: c.client.id })
    await op.post(`/api/shipments/inbound/${shipment}/goodsreceived`, { sku: product.sku, quantity: 10 })
    for (const [to, quantity] of [
      ['S-01-02-1', 3],
      ['S-01-01-1', 2],
    ] as const)
      await op.post('/api/locations/putaway', { warehouse: warehouse.id, to, barcode: product.sku, quantity })
    const order = await createOrder(c.api, [{ product: product.id, quantity: 7 }])
    await walk(op, order.body._id, ['Product Picking', 'Packed', 'Shipping'])
    const { rows } = await t.database.pool.query(
      `select l.code, m.quantity from stock_movements m join warehouse_locations l on l.id = m.location_id
       where m.action_source_id = $1 order by m.created_at`,
      [order.body._id],
    )
    expect(rows).toEqual([
      { code: 'S-01-01-1', quantity: -2 },
      { code: 'S-01-02-1', quantity: -3 },
      { code: 'RECEIVING', quantity: -2 },
    ])
    await expectLocationInvariant(t)
  })
})
