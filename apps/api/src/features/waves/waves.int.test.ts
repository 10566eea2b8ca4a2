import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { bulkLocations, expectLocationInvariant, lyingAt } from '../../../test/location-fixtures.ts'
import { createOrder, logLines, orderDesk, walk } from '../../../test/order-fixtures.ts'
import { pdfText } from '../../../test/pdf-tools.ts'
import { photoOf } from '../../../test/stock-fixtures.ts'

let t: TestApp
let desk: Awaited<ReturnType<typeof orderDesk>>
let op: TestApi
let warehouse: string

beforeAll(async () => {
  t = await createTestApp()
  desk = await orderDesk(t)
  op = desk.op.api
  warehouse = desk.op.warehouse.id
  // P-01-01-1, P-01-02-1, P-01-03-1, P-01-04-1 on the pick path in this order.
  await bulkLocations(op, warehouse, { zone: 'P', aisles: [1, 1], racks: [1, 4], levels: [1, 1] })
})
afterAll(() => t?.close())

/** A client's product with `quantity` received and put away at `code`. */
async function stockedAt(clientId: string, quantity: number, code: string) {
  const product = await desk.stocked(clientId, quantity)
  const put = await op.post('/api/locations/putaway', { warehouse, to: code, barcode: product.sku, quantity })
  if (put.status !== 200) throw new Error(`putaway → ${put.status} ${JSON.stringify(put.body)}`)
  return product
}

/** A new client with its API, and an order of theirs in "Order Ready for picking". */
async function readyOrder(c: { api: TestApi }, items: { product: string; quantity: number }[]) {
  const res = await createOrder(c.api, items)
  expect(res.body.status).toBe('Order Ready for picking')
  return res.body as Json
}

const release = (body: Json, api = op) => api.post('/api/waves', { warehouse, ...body })

describe('releasing a wave', () => {
  it('takes the chosen orders into picking, with slots by age and a pick list in pick-path order', async () => {
    const c = await t.tenantWithApi()
    const far = await stockedAt(c.client.id, 5, 'P-01-03-1')
    const near = await stockedAt(c.client.id, 5, 'P-01-01-1')
    const first = await readyOrder(c, [{ product: far.id, quantity: 2 }])
    const second = await readyOrder(c, [
      { product: near.id, quantity: 1 },
      { product: far.id, quantity: 1 },
    ])

    const preview = await op.post('/api/waves/preview', { warehouse, orders: [first._id, second._id] })
    expect(preview.body).toEqual({ orders: 2, units: 4 })

    const res = await release({ orders: [second._id, first._id] })
    expect(res.status).toBe(201)
    const { wave, orders, lines } = res.body
    expect(wave).toMatchObject({ status: 'picking', orders: 2, lines: 3, units: 4, unitsPicked: 0 })
    expect(orders.map((o: Json) => [o._id, o.slot, o.status])).toEqual([
      [first._id, 1, 'Product Picking'],
      [second._id, 2, 'Product Picking'],
    ])
    expect(lines.map((l: Json) => [l.location.code, l.sku, l.quantity, l.order.slot])).toEqual([
      ['P-01-01-1', near.sku, 1, 2],
      ['P-01-03-1', far.sku, 2, 1],
      ['P-01-03-1', far.sku, 1, 2],
    ])
    const detail = await c.api.get(`/api/orders/${first._id}`)
    expect(logLines(detail.body).at(-1)).toBe(
      `Released in wave W-${String(wave.number).padStart(6, '0')} (slot 1)`,
    )

    // Released once: the same orders again are not ready any more, and nothing changes.
    const again = await release({ orders: [first._id] })
    expect(again.status).toBe(409)
    expect((await op.get(`/api/waves/${wave._id}`)).body.wave.orders).toBe(2)
  })

  it('chooses by filters: single-item orders only, oldest first, up to the limit', async () => {
    const c = await t.tenantWithApi()
    const p = await stockedAt(c.client.id, 10, 'P-01-02-1')
    const single = await readyOrder(c, [{ product: p.id, quantity: 1 }])
    const multi = await readyOrder(c, [{ product: p.id, quantity: 3 }])
    const res = await release({ items: 'single', limit: 1000 })
    expect(res.status).toBe(201)
    const ids = res.body.orders.map((o: Json) => o._id)
    expect(ids).toContain(single._id)
    expect(ids).not.toContain(multi._id)
    const multiWave = await release({ items: 'multi', orders: undefined, limit: 1 })
    expect(multiWave.status).toBe(201)
    expect(multiWave.body.orders).toHaveLength(1)
  })

  it('refuses bad input with the field and changes nothing', async () => {
    expect((await release({ limit: 0 })).body.details).toMatchObject({ limit: 'must be 1 or more' })
    expect((await release({ orders: [] })).body.details).toMatchObject({
      orders: 'choose at least one order',
    })
    const unknown = await op.post('/api/waves', { warehouse: '0190a0f0-0000-7000-8000-000000000000' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.details).toMatchObject({ warehouse: 'is not a known warehouse' })
  })

  it('is the floor staff’s: a client and a finance user get 403', async () => {
    const c = await t.tenantWithApi()
    expect((await release({ limit: 1 }, c.api)).status).toBe(403)
    const finance = (await t.userWithToken({ roles: ['finance'] })).api
    expect((await finance.get('/api/waves')).status).toBe(403)
  })
})

describe('picking by scan', () => {
  it('answers a wrong location, product or quantity with a clear 400 and changes nothing; a right scan moves the goods to packing', async () => {
    const c = await t.tenantWithApi()
    const p = await stockedAt(c.client.id, 4, 'P-01-04-1')
    const order = await readyOrder(c, [{ product: p.id, quantity: 3 }])
    const { wave } = (await release({ orders: [order._id] })).body
    const next = await op.post(`/api/waves/${wave._id}/next`, {})
    expect(next.status).toBe(200)
    const line = next.body.line
    expect(line).toMatchObject({ location: { code: 'P-01-04-1' }, sku: p.sku, quantity: 3, status: 'open' })
    const pick = (body: Json) => op.post(`/api/waves/${wave._id}/lines/${line._id}/pick`, body)

    const wrongPlace = await pick({ location: 'P-01-01-1', barcode: p.sku, quantity: 3 })
    expect(wrongPlace.status).toBe(400)
    expect(wrongPlace.body.details).toEqual({ location: 'P-01-01-1 is not P-01-04-1' })
    const wrongGoods = await pick({ location: 'p-01-04-1', barcode: '4006381333931', quantity: 3 })
    expect(wrongGoods.status).toBe(400)
    expect(wrongGoods.body.details.barcode).toMatch(/^4006381333931 is not /)
    const tooMany = await pick({ location: 'P-01-04-1', barcode: p.sku, quantity: 4 })
    expect(tooMany.body.details).toEqual({ quantity: 'is more than the 3 left to pick' })
    expect((await lyingAt(op, warehouse, 'P-01-04-1'))[p.sku]).toBe(4)

    const two = await pick({ location: 'P-01-04-1', barcode: p.barcode, quantity: 2 })
    expect(two.status).toBe(200)
    expect(two.body.line).toMatchObject({ picked: 2, status: 'open' })
    const last = await pick({ location: 'P-01-04-1', barcode: p.sku, quantity: 1 })
    expect(last.body.line).toMatchObject({ picked: 3, status: 'picked' })
    expect(last.body.wave).toMatchObject({ status: 'picked', unitsPicked: 3, linesDone: 1 })
    expect((await lyingAt(op, warehouse, 'P-01-04-1'))[p.sku]).toBe(1)
    expect((await lyingAt(op, warehouse, 'PACKING'))[p.sku]).toBe(3)
    // Blocked stock stays blocked until it ships: a pick is a move, not a shipment.
    expect(await desk.card(c.client.id, p.sku)).toMatchObject({ available: 1, blocked: 3, total: 4 })
    expect((await op.post(`/api/waves/${wave._id}/next`, {})).body.line).toBeNull()

    const log = logLines((await c.api.get(`/api/orders/${order._id}`)).body)
    expect(log.slice(-2)).toEqual([`Picked 2 × ${p.sku} at P-01-04-1`, `Picked 1 × ${p.sku} at P-01-04-1`])

    // Shipping takes the picked units from the packing location.
    await walk(op, order._id, ['Packed', 'Shipping'])
    expect((await lyingAt(op, warehouse, 'PACKING'))[p.sku]).toBeUndefined()
    expect((await lyingAt(op, warehouse, 'P-01-04-1'))[p.sku]).toBe(1)
    await expectLocationInvariant(t)
    await desk.expectStockInvariants(c.client.id)
  })

  it('never gives two pickers the same line, and refuses a line another picker holds', async () => {
    const c = await t.tenantWithApi()
    const a = await stockedAt(c.client.id, 2, 'P-01-01-1')
    const b = await stockedAt(c.client.id, 2, 'P-01-02-1')
    const order = await readyOrder(c, [
      { product: a.id, quantity: 1 },
      { product: b.id, quantity: 1 },
    ])
    const { wave } = (await release({ orders: [order._id] })).body
    const [one, two] = [
      (await t.userWithToken({ roles: ['operator'] })).api,
      (await t.userWithToken({ roles: ['operator'] })).api,
    ]
    const [x, y] = await Promise.all([
      one.post(`/api/waves/${wave._id}/next`, {}),
      two.post(`/api/waves/${wave._id}/next`, {}),
    ])
    expect(x.body.line._id).not.toBe(y.body.line._id)
    const stolen = await two.post(`/api/waves/${wave._id}/lines/${x.body.line._id}/pick`, {
      location: x.body.line.location.code,
      barcode: x.body.line.sku,
      quantity: 1,
    })
    expect(stolen.status).toBe(409)
    expect(stolen.body.message).toMatch(/is picking this line$/)
    // The picker keeps their own line when they ask again.
    expect((await one.post(`/api/waves/${wave._id}/next`, {})).body.line._id).toBe(x.body.line._id)
  })

  it('a short pick takes what was there, raises a discrepancy, and confirming it adjusts the stock with the reason', async () => {
    const c = await t.tenantWithApi()
    const p = await stockedAt(c.client.id, 3, 'P-01-02-1')
    const order = await readyOrder(c, [{ product: p.id, quantity: 3 }])
    const { wave } = (await release({ orders: [order._id] })).body
    const { line } = (await op.post(`/api/waves/${wave._id}/next`, {})).body
    const tooMany = await op.post(`/api/waves/${wave._id}/lines/${line._id}/short`, {
      location: 'P-01-02-1',
      found: 3,
    })
    expect(tooMany.body.details).toEqual({ found: 'is not less than the 3 to pick: pick them instead' })
    const short = await op.post(`/api/waves/${wave._id}/lines/${line._id}/short`, {
      location: 'P-01-02-1',
      found: 1,
    })
    expect(short.status).toBe(200)
    expect(short.body.line).toMatchObject({ status: 'short', picked: 1 })
    expect(short.body.wave).toMatchObject({ discrepancies: 1, status: 'picked' })
    // Nothing in the ledger says the goods are gone until the operator confirms.
    expect((await lyingAt(op, warehouse, 'P-01-02-1'))[p.sku]).toBe(2)

    const open = await op.get('/api/waves/discrepancies')
    const mine = open.body.list.find((d: Json) => d._id === short.body.discrepancy)
    expect(mine).toMatchObject({ location: 'P-01-02-1', sku: p.sku, expected: 3, found: 1, status: 'open' })

    const confirmed = await op.post(`/api/waves/discrepancies/${mine._id}/confirm`, {
      reason: 'Damaged, binned',
    })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toMatchObject({ status: 'confirmed', reason: 'Damaged, binned' })
    expect((await lyingAt(op, warehouse, 'P-01-02-1'))[p.sku]).toBeUndefined()
    // The card lost the 2 missing units; the order holds only what was found.
    expect(await desk.card(c.client.id, p.sku)).toMatchObject({ total: 1, blocked: 1, available: 0 })
    const again = await op.post(`/api/waves/discrepancies/${mine._id}/dismiss`, {})
    expect(again.status).toBe(409)
    await expectLocationInvariant(t)
    await desk.expectStockInvariants(c.client.id)
  })

  it('an order cancelled during picking is flagged, its open lines drop, and its picked goods go back to a location', async () => {
    const c = await t.tenantWithApi()
    const a = await stockedAt(c.client.id, 2, 'P-01-01-1')
    const b = await stockedAt(c.client.id, 2, 'P-01-03-1')
    const order = await readyOrder(c, [
      { product: a.id, quantity: 2 },
      { product: b.id, quantity: 1 },
    ])
    const { wave } = (await release({ orders: [order._id] })).body
    const { line } = (await op.post(`/api/waves/${wave._id}/next`, {})).body
    expect(line.sku).toBe(a.sku)
    await op.post(`/api/waves/${wave._id}/lines/${line._id}/pick`, {
      location: 'P-01-01-1',
      barcode: a.sku,
      quantity: 2,
    })

    const cancel = await c.api.put(`/api/orders/${order._id}`, { status: 'Canceled' })
    expect(cancel.status).toBe(200)
    const detail = (await op.get(`/api/waves/${wave._id}`)).body
    expect(detail.orders[0]).toMatchObject({ canceled: true, status: 'Canceled' })
    expect(detail.lines.map((l: Json) => l.status).sort()).toEqual(['canceled', 'toReturn'])
    expect(detail.wave).toMatchObject({ status: 'picking', toReturn: 1 })

    const pickAgain = await op.post(`/api/waves/${wave._id}/lines/${line._id}/pick`, {
      location: 'P-01-01-1',
      barcode: a.sku,
      quantity: 1,
    })
    expect(pickAgain.status).toBe(409)
    const back = (await op.post(`/api/waves/${wave._id}/next`, {})).body.line
    expect(back).toMatchObject({ _id: line._id, status: 'toReturn' })
    const refused = await op.post(`/api/waves/${wave._id}/lines/${line._id}/return`, { location: 'PACKING' })
    expect(refused.body.details).toEqual({ location: 'PACKING is not a storage location' })
    const returned = await op.post(`/api/waves/${wave._id}/lines/${line._id}/return`, {
      location: 'P-01-04-1',
    })
    expect(returned.status).toBe(200)
    expect(returned.body.wave).toMatchObject({ status: 'picked', toReturn: 0 })
    expect((await lyingAt(op, warehouse, 'P-01-04-1'))[a.sku]).toBe(2)
    expect(await desk.card(c.client.id, a.sku)).toMatchObject({ available: 2, blocked: 0, total: 2 })
    await expectLocationInvariant(t)
  })
})

describe('the pick list', () => {
  it('is a PDF in the user’s language, by location in pick-path order, with the slots', async () => {
    const c = await t.tenantWithApi()
    const p = await stockedAt(c.client.id, 6, 'P-01-02-1')
    const o1 = await readyOrder(c, [{ product: p.id, quantity: 2 }])
    const o2 = await readyOrder(c, [{ product: p.id, quantity: 3 }])
    const { wave } = (await release({ orders: [o1._id, o2._id] })).body
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/waves/${wave._id}/picklist`,
      headers: { authorization: `Bearer ${desk.op.token}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    const text = pdfText(res.rawPayload)
    expect(text).toContain(`Pick list W-${String(wave.number).padStart(6, '0')}`)
    expect(text).toMatch(new RegExp(`P-01-02-1\\s+${p.sku}[\\s\\S]*5[\\s\\S]*1 × 2, 2 × 3`))
  })

  it('shows the product’s photo on each of its rows, the picture embedded once', async () => {
    const c = await t.tenantWithApi()
    const p = await desk.stocked(c.client.id, 6)
    for (const to of ['P-01-01-1', 'P-01-04-1'])
      await op.post('/api/locations/putaway', { warehouse, to, barcode: p.sku, quantity: 3 })
    const photo = await photoOf(c.api, 'products')
    expect((await c.api.put(`/api/products/${p.id}`, { photos: [photo] })).status).toBe(200)
    const o1 = await readyOrder(c, [{ product: p.id, quantity: 2 }])
    const o2 = await readyOrder(c, [{ product: p.id, quantity: 3 }])
    const { wave, lines } = (await release({ orders: [o1._id, o2._id] })).body
    expect(new Set(lines.map((l: Json) => l.location.code)).size).toBe(2)
    expect(lines[0].product.photo).toMatch(/^\/files\/products\//)
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/waves/${wave._id}/picklist`,
      headers: { authorization: `Bearer ${desk.op.token}` },
    })
    expect(res.statusCode).toBe(200)
    const raw = res.rawPayload.toString('latin1')
    // One picture XObject (a PNG with alpha brings its soft mask, an image too), drawn on both rows.
    const images = raw.match(/\/Subtype \/Image/g)?.length ?? 0
    const masks = raw.match(/\/SMask \d+ 0 R/g)?.length ?? 0
    expect(images - masks).toBe(1)
    expect(pdfText(res.rawPayload)).toContain('P-01-04-1')
  })
})

describe('concurrency', () => {
  it('a cancel racing picks never deadlocks or fails: each pick lands before the cancel (goods to put back) or is refused after it', async () => {
    const c = await t.tenantWithApi()
    const p = await stockedAt(c.client.id, 40, 'P-01-03-1')
    const orders = []
    for (let i = 0; i < 8; i++) orders.push(await readyOrder(c, [{ product: p.id, quantity: 2 }]))
    const { wave, lines } = (await release({ orders: orders.map((o) => o._id) })).body
    const answers = await Promise.all(
      lines.flatMap((line: Json) => [
        op.post(`/api/waves/${wave._id}/lines/${line._id}/pick`, {
          location: 'P-01-03-1',
          barcode: p.sku,
          quantity: 2,
        }),
        c.api.put(`/api/orders/${line.order._id}`, { status: 'Canceled' }),
      ]),
    )
    expect(answers.map((a) => a.status).filter((s) => s >= 500)).toEqual([])
    const after = (await op.get(`/api/waves/${wave._id}`)).body
    for (const line of after.lines) {
      // Picked before the cancel: its goods wait to go back; cancelled first: nothing was taken.
      expect(line.status === 'toReturn' ? line.picked : line.status).toBe(
        line.status === 'toReturn' ? 2 : 'canceled',
      )
    }
    const toReturn = after.lines.filter((l: Json) => l.status === 'toReturn').length
    expect((await lyingAt(op, warehouse, 'PACKING'))[p.sku] ?? 0).toBe(2 * toReturn)
    await expectLocationInvariant(t)
    await desk.expectStockInvariants(c.client.id)
  })
})
