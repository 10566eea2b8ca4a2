import { toteScanCode } from '@expedo/domain'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { bulkLocations } from '../../../test/location-fixtures.ts'
import { createOrder, logLines, orderDesk, walk } from '../../../test/order-fixtures.ts'
import { pdfPageBarcodes, pdfText } from '../../../test/pdf-tools.ts'
import { businessClients } from '../../db/schema/index.ts'

let t: TestApp
let desk: Awaited<ReturnType<typeof orderDesk>>
let op: TestApi
let warehouse: string
/** Two packers at two stations, with their usernames. */
let ana: { api: TestApi; name: string }
let ben: { api: TestApi; name: string }

async function packer(name: string) {
  const username = t.factory.unique(name)
  const { api } = await t.userWithToken({ roles: ['operator'], username })
  return { api, name: username }
}

beforeAll(async () => {
  t = await createTestApp()
  desk = await orderDesk(t)
  op = desk.op.api
  warehouse = desk.op.warehouse.id
  await bulkLocations(op, warehouse, { zone: 'K', aisles: [1, 1], racks: [1, 2], levels: [1, 1] })
  ana = await packer('ana')
  ben = await packer('ben')
})
afterAll(() => t?.close())

/** A new client and an order of theirs in "Order Ready for picking" with `units` of each of two products. */
async function readyOrder(units: [number, number] = [2, 1]) {
  const c = await t.tenantWithApi()
  const mug = await desk.stocked(c.client.id, 10)
  const tea = await desk.stocked(c.client.id, 10)
  const res = await createOrder(c.api, [
    { product: mug.id, quantity: units[0] },
    { product: tea.id, quantity: units[1] },
  ])
  expect(res.body.status).toBe('Order Ready for picking')
  return { c, mug, tea, order: res.body as Json }
}

const open = (code: string | number, api = ana.api) => api.post('/api/packing/open', { code: String(code) })
const scan = (id: string, code: string, api = ana.api) => api.post(`/api/packing/${id}/scan`, { code })
const packedCounts = (session: Json) => session.lines.map((l: Json) => l.packed)

describe('opening an order at the station', () => {
  it('opens by the slip’s code or the typed internal id, with the lines to pack, and holds it for the packer', async () => {
    const { order, mug, tea } = await readyOrder()
    const res = await open(`o-${order.internalNumericId}`)
    expect(res.status).toBe(200)
    expect(res.body.order).toMatchObject({
      _id: order._id,
      code: `O-${order.internalNumericId}`,
      status: 'Order Ready for picking',
      packedAt: null,
    })
    expect(res.body.lines.map((l: Json) => [l.sku, l.quantity, l.packed])).toEqual([
      [mug.sku, 2, 0],
      [tea.sku, 1, 0],
    ])
    expect(res.body).toMatchObject({ packer: ana.name, complete: false })
    const typed = await open(` ${order.internalNumericId} `)
    expect(typed.status).toBe(200)
    expect(typed.body.order._id).toBe(order._id)
  })

  it('opens a wave’s tote once its lines are picked, and refuses it while lines are open', async () => {
    const c = await t.tenantWithApi()
    const stocked = await desk.stocked(c.client.id, 3)
    const put = await op.post('/api/locations/putaway', {
      warehouse,
      to: 'K-01-02-1',
      barcode: stocked.sku,
      quantity: 3,
    })
    expect(put.status).toBe(200)
    const order = (await createOrder(c.api, [{ product: stocked.id, quantity: 2 }])).body
    const released = await op.post('/api/waves', { warehouse, orders: [order._id] })
    expect(released.status).toBe(201)
    const { wave, orders } = released.body
    const tote = toteScanCode(wave.number, orders[0].slot)

    const early = await open(tote)
    expect(early.status).toBe(400)
    expect(early.body.details).toEqual({ code: 'still being picked: 1 line open' })

    const line = (await op.post(`/api/waves/${wave._id}/next`, {})).body.line
    const pick = await op.post(`/api/waves/${wave._id}/lines/${line._id}/pick`, {
      location: 'K-01-02-1',
      barcode: stocked.sku,
      quantity: 2,
    })
    expect(pick.status).toBe(200)
    const res = await open(tote)
    expect(res.status).toBe(200)
    expect(res.body.order).toMatchObject({ _id: order._id, status: 'Product Picking' })
    expect(res.body.order.warehouse).toMatchObject({ _id: warehouse })
  })

  it('answers a code that is no order’s or tote’s, or that finds nothing, with 400 on the code', async () => {
    const bad = await open('hello')
    expect(bad.status).toBe(400)
    expect(bad.body.details).toEqual({ code: "not an order's or tote's code" })
    for (const code of ['O-999999999', 'W-999999-1']) {
      const res = await open(code)
      expect(res.status).toBe(400)
      expect(res.body.details).toEqual({ code: 'no order with this code' })
    }
    const empty = await open('')
    expect(empty.status).toBe(400)
    expect(Object.keys(empty.body.details)).toEqual(['code'])
  })

  it('refuses an order that is not being packed, naming its status', async () => {
    const { c, order } = await readyOrder()
    await walk(c.api, order._id, ['Canceled'])
    const res = await open(order.internalNumericId)
    expect(res.status).toBe(400)
    expect(res.body.details).toEqual({ code: 'the order is Canceled' })
    const other = await readyOrder()
    await walk(other.c.api, other.order._id, ['Draft'])
    const draft = await open(other.order.internalNumericId)
    expect(draft.status).toBe(400)
    expect(draft.body.details).toEqual({ code: 'the order is Draft' })
  })

  it('is the floor staff’s: a client and a finance user get 403', async () => {
    const { c, order } = await readyOrder()
    expect((await open(order.internalNumericId, c.api)).status).toBe(403)
    expect((await c.api.get(`/api/packing/${order._id}`)).status).toBe(403)
    expect((await c.api.get(`/api/packing/${order._id}/slip`)).status).toBe(403)
    const finance = (await t.userWithToken({ roles: ['finance'] })).api
    expect((await open(order.internalNumericId, finance)).status).toBe(403)
  })
})

describe('holding an order', () => {
  it('refuses a second packer while the first holds it (409 naming them), until the claim lapses', async () => {
    const { order } = await readyOrder()
    expect((await open(order.internalNumericId)).status).toBe(200)
    const taken = await open(order.internalNumericId, ben.api)
    expect(taken.status).toBe(409)
    expect(taken.body.message).toContain(ana.name)
    expect((await scan(order._id, 'x', ben.api)).status).toBe(409)

    await t.db.execute(
      sql`update packings set claimed_at = now() - interval '11 minutes' where order_id = ${order._id}`,
    )
    const lapsed = await open(order.internalNumericId, ben.api)
    expect(lapsed.status).toBe(200)
    expect(lapsed.body.packer).toBe(ben.name)
    expect((await open(order.internalNumericId)).status).toBe(409)
  })

  it('gives an order two packers open at the same moment to exactly one of them', async () => {
    for (let round = 0; round < 3; round++) {
      const { order } = await readyOrder()
      const answers = await Promise.all([
        open(order.internalNumericId),
        open(order.internalNumericId, ben.api),
      ])
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
      const winner = answers.find((a) => a.status === 200)!.body.packer
      expect((await op.get(`/api/packing/${order._id}`)).body.packer).toBe(winner)
    }
  })

  it('leave puts the order down with its counts; another packer takes it on', async () => {
    const { order, mug } = await readyOrder()
    await open(order.internalNumericId)
    await scan(order._id, mug.sku)
    const left = await ana.api.post(`/api/packing/${order._id}/leave`, {})
    expect(left.status).toBe(200)
    expect(left.body.packer).toBeNull()
    expect(packedCounts(left.body)).toEqual([1, 0])
    const taken = await open(order.internalNumericId, ben.api)
    expect(taken.body).toMatchObject({ packer: ben.name })
    expect(packedCounts(taken.body)).toEqual([1, 0])
    // Ana cannot put down Ben's order.
    expect((await ana.api.post(`/api/packing/${order._id}/leave`, {})).status).toBe(409)
  })
})

describe('scanning items', () => {
  it('counts the order’s goods by barcode or SKU and refuses a wrong item or one too many, changing nothing', async () => {
    const { order, mug, tea } = await readyOrder()
    const stranger = await desk.stocked((await t.tenantWithApi()).client.id, 1)
    await open(order.internalNumericId)
    const first = await scan(order._id, mug.barcode!)
    expect(first.status).toBe(200)
    expect(first.body.line).toBe(0)
    expect(packedCounts(first.body.session)).toEqual([1, 0])
    expect((await scan(order._id, mug.sku.toLowerCase())).body.session.lines[0].packed).toBe(2)

    const wrong = await scan(order._id, stranger.sku)
    expect(wrong.status).toBe(400)
    expect(wrong.body.details).toEqual({ code: 'not in this order' })
    const tooMany = await scan(order._id, mug.sku)
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.details).toEqual({ code: 'one too many: the order takes 2' })
    const now = (await ana.api.get(`/api/packing/${order._id}`)).body
    expect(packedCounts(now)).toEqual([2, 0])

    const last = await scan(order._id, tea.sku)
    expect(last.body.session).toMatchObject({ complete: true, packer: ana.name })
  })

  it('never packs more than the order takes when the last unit is scanned several times at once', async () => {
    const { order, mug, tea } = await readyOrder([1, 1])
    await open(order.internalNumericId)
    await scan(order._id, tea.sku)
    const answers = await Promise.all([1, 2, 3, 4].map(() => scan(order._id, mug.sku)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400])
    expect(packedCounts((await ana.api.get(`/api/packing/${order._id}`)).body)).toEqual([1, 1])
  })

  it('reset starts the box again: every line back to 0', async () => {
    const { order, mug } = await readyOrder()
    await open(order.internalNumericId)
    await scan(order._id, mug.sku)
    const reset = await ana.api.post(`/api/packing/${order._id}/reset`, {})
    expect(reset.status).toBe(200)
    expect(packedCounts(reset.body)).toEqual([0, 0])
  })
})

describe('marking packed', () => {
  it('refuses until every item is scanned, then records Packed with weight, parcels, packer and the change log', async () => {
    const { c, order, mug, tea } = await readyOrder()
    await open(order.internalNumericId)
    await scan(order._id, mug.sku)
    const early = await ana.api.post(`/api/packing/${order._id}/packed`, { weight: 1250, parcels: 2 })
    expect(early.status).toBe(400)
    expect(early.body.details).toEqual({ lines: 'every item must be scanned first' })
    const badWeight = await ana.api.post(`/api/packing/${order._id}/packed`, { weight: 0 })
    expect(badWeight.status).toBe(400)
    expect(Object.keys(badWeight.body.details)).toEqual(['weight'])

    await scan(order._id, mug.sku)
    await scan(order._id, tea.sku)
    expect(
      (await ben.api.post(`/api/packing/${order._id}/packed`, { weight: 1250, parcels: 2 })).status,
    ).toBe(409)
    const res = await ana.api.post(`/api/packing/${order._id}/packed`, { weight: 1250, parcels: 2 })
    expect(res.status).toBe(200)
    expect(res.body.order).toMatchObject({ status: 'Packed', weight: 1250, parcels: 2, packedBy: ana.name })
    expect(Date.now() - Date.parse(res.body.order.packedAt)).toBeLessThan(60_000)
    expect(res.body.packer).toBeNull()

    const detail = (await c.api.get(`/api/orders/${order._id}`)).body
    expect(detail.status).toBe('Packed')
    expect(logLines(detail).slice(-3)).toEqual([
      'Status: Order Ready for picking → Product Picking',
      'Status: Product Picking → Packed',
      'Packed: 1250 g, 2 parcel(s)',
    ])
    expect(detail.changeLogs.at(-1).who.username).toBe(ana.name)

    // Packed: shown read-only at the station, never changed.
    const again = await open(`O-${order.internalNumericId}`, ben.api)
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ packer: null, complete: true })
    const late = await scan(order._id, mug.sku, ben.api)
    expect(late.status).toBe(400)
    expect(late.body.details).toEqual({ code: 'already packed' })
  })

  it('refuses an order the client cancelled while it was on the table', async () => {
    const { c, order, mug, tea } = await readyOrder([1, 1])
    await open(order.internalNumericId)
    await scan(order._id, mug.sku)
    await scan(order._id, tea.sku)
    await walk(c.api, order._id, ['Canceled'])
    const res = await ana.api.post(`/api/packing/${order._id}/packed`, { weight: 500 })
    expect(res.status).toBe(400)
    expect(res.body.details).toEqual({ order: 'the order is Canceled' })
    expect((await c.api.get(`/api/orders/${order._id}`)).body.status).toBe('Canceled')
  })
})

describe('the packing slip', () => {
  it('prints the order’s barcode, items, ship-to and the client’s return address', async () => {
    const { c, order, mug, tea } = await readyOrder()
    await t.db
      .update(businessClients)
      .set({
        addressStreet: 'Vratná',
        addressStreetNr: '7',
        addressPostcode: '110 00',
        addressCity: 'Praha',
        addressCountry: 'Czech',
      })
      .where(eq(businessClients.id, c.client.id))
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/packing/${order._id}/slip`,
      headers: { authorization: `Bearer ${desk.op.token}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    const pdf = res.rawPayload
    const text = pdfText(pdf)
    expect(text).toContain('Dodací list')
    expect(text).toContain(`O-${order.internalNumericId}`)
    expect(text).toContain(mug.sku)
    expect(text).toContain(tea.sku)
    expect(text).toContain('Vratná 7')
    expect(text).toContain('110 00 Praha')
    expect(text).toContain(c.client.name)
    expect(text).toContain('Údolní 53')
    expect(pdfPageBarcodes(pdf, 1)).toContain(`CODE-128:O-${order.internalNumericId}`)
  })
})
