import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApi, type TestApp } from '../../../test/app.ts'
import { bulkLocations, expectLocationInvariant, lyingAt } from '../../../test/location-fixtures.ts'
import { createShipment, productFor, receiveLine } from '../../../test/stock-fixtures.ts'

let t: TestApp
let op: TestApi
let warehouse: { id: string; name: string }
let other: { id: string }

beforeAll(async () => {
  t = await createTestApp()
  op = (await t.userWithToken({ roles: ['operator'] })).api
  warehouse = await t.factory.warehouse()
  other = await t.factory.warehouse()
  await bulkLocations(op, warehouse.id, { zone: 'A', aisles: [1, 2], racks: [1, 3], levels: [1, 2] })
  await bulkLocations(op, other.id, { zone: 'Z', aisles: [1, 1], racks: [1, 2], levels: [1, 1] })
})
afterAll(() => t?.close())

/** A client with a product of `barcode` and `quantity` received into the warehouse. */
async function received(quantity: number, barcode = t.factory.unique('859').slice(0, 13)) {
  const c = await t.tenantWithApi()
  const sku = t.factory.unique('LOC')
  await productFor(t, c.client.id, { sku, barcode, name: `Goods ${sku}` })
  const shipment = await createShipment(op, { warehouse: warehouse.id, businessclient: c.client.id })
  await receiveLine(op, shipment, { sku, quantity })
  return { ...c, sku, barcode }
}

describe('POST /api/locations/bulk', () => {
  it('creates A-01-01-1 … A-20-05-4 (400 locations) on a serpentine pick path, and skips existing codes', async () => {
    const wh = await t.factory.warehouse()
    const res = await op.post('/api/locations/bulk', {
      warehouse: wh.id,
      zone: 'a',
      aisles: { from: 1, to: 20 },
      racks: { from: 1, to: 5 },
      levels: { from: 1, to: 4 },
    })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ created: 400, skipped: [] })
    const page = await op.get(`/api/locations?warehouse=${wh.id}&kind=storage&itemsPerPage=25`)
    expect(page.body.total).toBe(400)
    expect(page.body.list.slice(0, 5).map((l: { code: string }) => l.code)).toEqual([
      'A-01-01-1',
      'A-01-01-2',
      'A-01-01-3',
      'A-01-01-4',
      'A-01-02-1',
    ])
    // Aisle 2 is walked back down: its first location is the last rack.
    const aisle2 = await op.get(`/api/locations?warehouse=${wh.id}&search=A-02&itemsPerPage=1`)
    expect(aisle2.body.list[0].code).toBe('A-02-05-1')

    const again = await op.post('/api/locations/bulk', {
      warehouse: wh.id,
      zone: 'A',
      aisles: { from: 20, to: 21 },
      racks: { from: 5, to: 5 },
      levels: { from: 4, to: 4 },
    })
    expect(again.body).toEqual({ created: 1, skipped: ['A-20-05-4'] })
  })

  it('refuses more than 2000 locations at once with a clear 400, creating none', async () => {
    const wh = await t.factory.warehouse()
    const res = await op.post('/api/locations/bulk', {
      warehouse: wh.id,
      zone: 'B',
      aisles: { from: 1, to: 50 },
      racks: { from: 1, to: 10 },
      levels: { from: 1, to: 5 },
    })
    expect(res.status).toBe(400)
    expect(res.body.details).toMatchObject({ aisles: 'the ranges make 2500 locations; at most 2000 at once' })
    expect((await op.get(`/api/locations?warehouse=${wh.id}&kind=storage`)).body.total).toBe(0)
  })

  it('is for staff on the floor: a client gets 403, a finance user too', async () => {
    const c = await t.tenantWithApi()
    const body = {
      warehouse: warehouse.id,
      zone: 'Q',
      aisles: { from: 1, to: 1 },
      racks: { from: 1, to: 1 },
      levels: { from: 1, to: 1 },
    }
    expect((await c.api.post('/api/locations/bulk', body)).status).toBe(403)
    const finance = (await t.userWithToken({ roles: ['finance'] })).api
    expect((await finance.post('/api/locations/bulk', body)).status).toBe(403)
  })
})

describe('locations CRUD', () => {
  it('creates one location after the last on the pick path, refuses a duplicate code (409), and updates it', async () => {
    const res = await op.post('/api/locations', { warehouse: warehouse.id, code: 'dock-2', zone: 'd' })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ code: 'DOCK-2', zone: 'D', kind: 'storage', active: true, quantity: 0 })
    const last = await op.get(`/api/locations?warehouse=${warehouse.id}&itemsPerPage=500`)
    expect(last.body.list.at(-1).code).toBe('DOCK-2')

    const dup = await op.post('/api/locations', { warehouse: warehouse.id, code: 'DOCK-2' })
    expect(dup.status).toBe(409)

    const off = await op.put(`/api/locations/${res.body._id}`, { active: false, pickOrder: 0 })
    expect(off.body).toMatchObject({ active: false, pickOrder: 0 })
    const inactive = await op.get(`/api/locations?warehouse=${warehouse.id}&active=false`)
    expect(inactive.body.list.map((l: { code: string }) => l.code)).toEqual(['DOCK-2'])
  })

  it("keeps the receiving location: a second one is refused, and it can't be switched off", async () => {
    const list = await op.get(`/api/locations?warehouse=${warehouse.id}&kind=receiving`)
    expect(list.body.list).toHaveLength(1)
    const second = await op.post('/api/locations', {
      warehouse: warehouse.id,
      code: 'REC-2',
      kind: 'receiving',
    })
    expect(second.status).toBe(400)
    const off = await op.put(`/api/locations/${list.body.list[0]._id}`, { active: false })
    expect(off.status).toBe(400)
  })
})

describe('receiving, putaway and moves', () => {
  it('lands received goods in the receiving location, suggests the nearest empty location, then where the SKU lies', async () => {
    const c = await received(10)
    expect(await lyingAt(op, warehouse.id, 'RECEIVING')).toMatchObject({ [c.sku]: 10 })

    const first = await op.get(
      `/api/locations/putaway/suggestion?warehouse=${warehouse.id}&barcode=${c.barcode}`,
    )
    expect(first.status).toBe(200)
    const empty = first.body.location.code as string
    expect(first.body).toMatchObject({ sku: c.sku, atReceiving: 10, reason: 'empty' })

    const put = await op.post('/api/locations/putaway', {
      warehouse: warehouse.id,
      to: empty.toLowerCase(),
      barcode: c.barcode,
      quantity: 6,
    })
    expect(put.status).toBe(200)
    expect(put.body).toEqual({
      sku: c.sku,
      quantity: 6,
      from: { code: 'RECEIVING', quantity: 4 },
      to: { code: empty, quantity: 6 },
    })

    const next = await op.get(`/api/locations/putaway/suggestion?warehouse=${warehouse.id}&barcode=${c.sku}`)
    expect(next.body).toMatchObject({
      atReceiving: 4,
      reason: 'sameSku',
      location: { code: empty, quantity: 6 },
    })
    // The next product is told the next empty location, not the one now holding goods.
    const d = await received(3)
    const forD = await op.get(
      `/api/locations/putaway/suggestion?warehouse=${warehouse.id}&barcode=${d.barcode}`,
    )
    expect(forD.body.reason).toBe('empty')
    expect(forD.body.location.code).not.toBe(empty)

    // The warehouse stock is unchanged in meaning: the card still has 10, in two places.
    const cards = await c.api.post('/api/inventorycards/stocks', { filters: {}, itemsPerPage: 0 })
    expect(cards.body.list[0]).toMatchObject({ sku: c.sku, available: 10, total: 10 })
    const moves = await c.api.get(`/api/warehouse/${warehouse.id}/inventory/${c.sku}/movement/0/10`)
    expect(moves.body.list.slice(0, 2)).toMatchObject([
      { triggredBy: 'Move', quantity: 6, location: { code: empty }, total_after: 10 },
      { triggredBy: 'Move', quantity: -6, location: { code: 'RECEIVING' }, total_after: 10 },
    ])
    await expectLocationInvariant(t)
  })

  it('moves goods between locations and refuses, changing nothing: too many, another warehouse, unknown barcode, not there', async () => {
    const c = await received(5)
    await op.post('/api/locations/putaway', {
      warehouse: warehouse.id,
      to: 'A-02-03-2',
      barcode: c.barcode,
      quantity: 5,
    })
    const move = (body: object) =>
      op.post('/api/locations/move', {
        warehouse: warehouse.id,
        from: 'A-02-03-2',
        to: 'A-02-02-2',
        barcode: c.barcode,
        ...body,
      })

    const tooMany = await move({ quantity: 6 })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.details).toEqual({ quantity: 'is more than lies at A-02-03-2 (5)' })
    const foreign = await move({ to: 'Z-01-01-1', quantity: 1 })
    expect(foreign.status).toBe(400)
    expect(foreign.body.details).toEqual({ to: 'Z-01-01-1 is a location of another warehouse' })
    const unknownLocation = await move({ to: 'NOPE-1', quantity: 1 })
    expect(unknownLocation.body.details).toEqual({ to: 'NOPE-1 is not a known location' })
    const unknown = await move({ barcode: '0000000000000', quantity: 1 })
    expect(unknown.status).toBe(400)
    expect(unknown.body.details).toEqual({ barcode: '0000000000000 is not a product of this warehouse' })
    const notThere = await move({ from: 'A-01-01-1', quantity: 1 })
    expect(notThere.body.details).toEqual({ barcode: `${c.barcode} does not lie at A-01-01-1` })
    expect(await lyingAt(op, warehouse.id, 'A-02-03-2')).toMatchObject({ [c.sku]: 5 })

    const ok = await move({ quantity: 2 })
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({
      from: { code: 'A-02-03-2', quantity: 3 },
      to: { code: 'A-02-02-2', quantity: 2 },
    })
    expect(await lyingAt(op, warehouse.id, 'A-02-02-2')).toMatchObject({ [c.sku]: 2 })
    await expectLocationInvariant(t)
  })

  it('never goes negative when two moves of the same goods run at once', async () => {
    const c = await received(7)
    await op.post('/api/locations/putaway', {
      warehouse: warehouse.id,
      to: 'A-01-03-1',
      barcode: c.barcode,
      quantity: 7,
    })
    const op2 = (await t.userWithToken({ roles: ['operator'] })).api
    const answers = await Promise.all(
      [op, op2, op, op2].map((api, i) =>
        api.post('/api/locations/move', {
          warehouse: warehouse.id,
          from: 'A-01-03-1',
          to: i % 2 ? 'A-01-03-2' : 'A-01-02-2',
          barcode: c.barcode,
          quantity: 3,
        }),
      ),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 400, 400])
    expect(await lyingAt(op, warehouse.id, 'A-01-03-1')).toMatchObject({ [c.sku]: 1 })
    await expectLocationInvariant(t)
  })
})

describe('what a client sees', () => {
  it('lists only locations holding its own goods, with its own quantities; another tenant’s location is 404', async () => {
    const barcode = '8591234567890'
    const a = await received(4, barcode)
    const b = await received(2, barcode)
    // The shared barcode is two clients' goods: the scan must name which.
    const both = await op.post('/api/locations/putaway', {
      warehouse: warehouse.id,
      to: 'A-02-01-1',
      barcode,
      quantity: 1,
    })
    expect(both.status).toBe(400)
    expect(both.body.details).toHaveProperty('inventoryCard')
    const cardsA = await a.api.post('/api/inventorycards/stocks', { filters: {}, itemsPerPage: 0 })
    await op.post('/api/locations/putaway', {
      warehouse: warehouse.id,
      to: 'A-02-01-1',
      barcode,
      inventoryCard: cardsA.body.list[0]._id,
      quantity: 4,
    })

    const seen = await a.api.get(`/api/locations?warehouse=${warehouse.id}`)
    expect(seen.status).toBe(200)
    expect(seen.body.list.map((l: { code: string; quantity: number }) => [l.code, l.quantity])).toEqual([
      ['A-02-01-1', 4],
    ])
    const seenB = await b.api.get(`/api/locations?warehouse=${warehouse.id}`)
    expect(seenB.body.list.map((l: { code: string }) => l.code)).toEqual(['RECEIVING'])
    expect(seenB.body.list[0].quantity).toBe(2)

    const id = seen.body.list[0]._id
    const own = await a.api.get(`/api/locations/${id}`)
    expect(own.body.list).toMatchObject([{ sku: a.sku, quantity: 4 }])
    expect((await b.api.get(`/api/locations/${id}`)).status).toBe(404)
    expect(
      (
        await a.api.post('/api/locations/move', {
          warehouse: warehouse.id,
          from: 'A-02-01-1',
          to: 'A-02-01-2',
          barcode,
          quantity: 1,
        })
      ).status,
    ).toBe(403)
  })
})
