import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { createOrder, logLines, orderDesk, shipTo, walk } from '../../../test/order-fixtures.ts'
import { createGlsFake } from '../../dev/fakes/gls/gls-fake.ts'
import { createPacketaFake } from '../../dev/fakes/packeta/packeta-fake.ts'

const packeta = createPacketaFake()
const gls = createGlsFake()
let t: TestApp
let desk: Awaited<ReturnType<typeof orderDesk>>
let op: TestApi
let finance: TestApi
/** The desk's warehouse's sender address (issue 25): every courier needs one. */
const hostivar = {
  contactName: 'Petr Dvořák',
  phone: '+420 222 333 444',
  email: 'sklad@expedo.test',
  street: 'Kutnohorská',
  houseNumber: '12',
  postCode: '109 00',
  city: 'Praha',
}
/** Couriers by name: Zásilkovna (Packeta's API), GLS (its API) and PPL (no label API here). */
const courier: Record<'zasilkovna' | 'gls' | 'ppl', string> = { zasilkovna: '', gls: '', ppl: '' }

beforeAll(async () => {
  const packetaUrl = await packeta.start()
  const glsUrl = await gls.start()
  t = await createTestApp({
    env: {
      PACKETA_BASE_URL: packetaUrl,
      PACKETA_API_PASSWORD: packeta.apiPassword,
      PACKETA_TIMEOUT_MS: '2000',
      GLS_BASE_URL: glsUrl,
      GLS_USERNAME: gls.username,
      GLS_PASSWORD: gls.password,
      GLS_CLIENT_NUMBER: String(gls.clientNumber),
      GLS_TIMEOUT_MS: '2000',
    },
  })
  desk = await orderDesk(t)
  op = desk.op.api
  const set = await (await t.asAdmin()).put(`/api/warehouses/${desk.op.warehouse.id}/address`, hostivar)
  expect(set.status).toBe(200)
  finance = (await t.userWithToken({ roles: ['finance'], username: t.factory.unique('fin') })).api
  courier.zasilkovna = (await t.factory.courier({ name: 'Zásilkovna' })).id
  courier.gls = (await t.factory.courier({ name: 'GLS' })).id
  courier.ppl = (await t.factory.courier({ name: 'PPL' })).id
})
afterAll(async () => {
  await t?.close()
  await packeta.close()
  await gls.close()
})

interface OrderOptions {
  /** The desk whose warehouse holds the goods (and sends the parcel): the one with an address by default. */
  from?: typeof desk
  via?: keyof typeof courier
  cod?: number
  office?: string
}

/** A new client's order of 2 units, with the courier (and office) set, Ready for picking. */
async function readyOrder({ from = desk, via = 'zasilkovna', cod, office }: OrderOptions = {}) {
  const c = await t.tenantWithApi()
  const mug = await from.stocked(c.client.id, 5)
  const created = await createOrder(c.api, [{ product: mug.id, quantity: 2, price: 500 }], {
    shipTo: {
      ...shipTo,
      phone: '+420777123456',
      client: { firstName: 'Jana', lastName: 'Nováková', email: 'jana@example.test' },
    },
    ...(cod ? { payment: { COD: { amount: cod } } } : {}),
  })
  expect(created.body.status).toBe('Order Ready for picking')
  const set = await op.put(`/api/orders/${created.body._id}`, {
    shipping: { courier: courier[via], weight: 1200 },
    ...(office ? { api_request: { office_code: office } } : {}),
  })
  expect(set.status, JSON.stringify(set.body)).toBe(200)
  return { c, mug, order: created.body as Json }
}

/** readyOrder moved to Packed by the operator; the label job has run. */
async function packedOrder(options: OrderOptions = {}) {
  const ready = await readyOrder(options)
  await walk(op, ready.order._id, ['Product Picking', 'Packed'])
  await t.queue.idle()
  return ready
}

const labelOf = (api: TestApi, id: string) => api.get(`/api/orders/${id}/label`)
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url })

describe('a label at Packed', () => {
  it('is created through Packeta when the packer marks the order Packed: tracking number and AWB on the order, the PDF for its client only', async () => {
    const { c, mug, order } = await readyOrder()
    const packer = (await t.userWithToken({ roles: ['operator'], username: t.factory.unique('pk') })).api
    expect((await packer.post('/api/packing/open', { code: String(order.internalNumericId) })).status).toBe(
      200,
    )
    for (const _ of [1, 2]) await packer.post(`/api/packing/${order._id}/scan`, { code: mug.sku })
    const packed = await packer.post(`/api/packing/${order._id}/packed`, { weight: 1300, parcels: 1 })
    expect(packed.status).toBe(200)
    await t.queue.idle()

    const label = await labelOf(c.api, order._id)
    expect(label.status).toBe(200)
    expect(label.body).toMatchObject({ status: 'created', courier: 'Zásilkovna', error: null, attempts: 1 })
    const packet = packeta.packets.get(label.body.trackingId)
    expect(packet?.attributes).toMatchObject({
      number: String(order.internalNumericId),
      phone: '+420777123456',
    })
    expect(Number(packet?.attributes.weight)).toBe(1.3)
    expect(label.body.trackingUrl).toContain(label.body.trackingId)
    expect(label.body.awbPdf).toMatch(/^\/files\/awb\/[0-9a-f-]{36}\.pdf\?/)

    const detail = (await c.api.get(`/api/orders/${order._id}`)).body
    expect(detail.status).toBe('Packed')
    expect(detail.shipping).toMatchObject({ trackingId: label.body.trackingId })
    expect(logLines(detail).at(-1)).toBe(`Label created at Packeta: ${label.body.trackingId}`)
    const pdf = await fetchFile(label.body.awbPdf)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

    // Another client: no label, and the same file by a URL signed for it does not open.
    const other = await t.tenantWithApi()
    expect((await labelOf(other.api, order._id)).status).toBe(404)
    const key = label.body.awbPdf.slice('/files/'.length).split('?')[0]
    const foreignUrl = t.app.fileUrls.sign(key, { kind: 'client', businessclientId: other.client.id })
    expect((await fetchFile(foreignUrl)).statusCode).toBe(404)
  })

  it('gives the order answer the signed AWB URL and the print list', async () => {
    const { c, order } = await packedOrder()
    const detail = (await c.api.get(`/api/orders/${order._id}`)).body
    const awb = JSON.stringify(detail).match(/\/files\/awb\/[^"]+/g) ?? []
    expect(awb.length).toBeGreaterThan(0)
    for (const url of awb) expect((await fetchFile(url.replace(/\\u0026/g, '&'))).statusCode).toBe(200)
  })

  it('is unsupported for a courier without a label API: nothing else changes', async () => {
    const { c, order } = await packedOrder({ via: 'ppl' })
    const label = await labelOf(c.api, order._id)
    expect(label.body).toMatchObject({ status: 'unsupported', courier: 'PPL', trackingId: '', awbPdf: '' })
    const asked = await op.post(`/api/orders/${order._id}/label`)
    expect(asked.status).toBe(400)
    expect(asked.body.details).toEqual({ courier: 'PPL has no label API: type the tracking number' })
  })

  it('fails with the courier’s message when it refuses the address; the order stays Packed; a retry once the courier accepts it creates it and clears the error', async () => {
    packeta.settings.refuseAddresses = true
    let refused: Awaited<ReturnType<typeof packedOrder>>
    try {
      refused = await packedOrder()
    } finally {
      packeta.settings.refuseAddresses = false
    }
    const { c, order } = refused
    const label = (await labelOf(c.api, order._id)).body
    expect(label).toMatchObject({ status: 'failed', trackingId: '' })
    expect(label.error).toContain('street')
    let detail = (await c.api.get(`/api/orders/${order._id}`)).body
    expect(detail.status).toBe('Packed')
    expect(detail.errMsgs).toEqual([`Label: ${label.error}`])

    // A Packed order's address is not edited here: the courier's side is what changes (its refusal lifted).
    const retried = await op.post(`/api/orders/${order._id}/label`)
    expect(retried.status).toBe(202)
    expect(retried.body.status).toBe('requested')
    await t.queue.idle()
    expect((await labelOf(c.api, order._id)).body).toMatchObject({ status: 'created', error: null })
    detail = (await c.api.get(`/api/orders/${order._id}`)).body
    expect(detail.errMsgs).toEqual([])
    expect(logLines(detail).slice(-2)[0]).toMatch(/^Label refused by Packeta: /)
  })

  it('is sent by the client’s company from the warehouse’s address, its contact and phone', async () => {
    const { c, order } = await packedOrder({ via: 'gls', office: 'CZ10001-PARCELSHOP' })
    expect((await labelOf(c.api, order._id)).body.status).toBe('created')
    const [sent] = [...gls.parcels.values()].filter(
      (p) => p.parcel.ClientReference === `EXP-${order.internalNumericId}`,
    )
    expect(sent?.parcel.PickupAddress).toMatchObject({
      Name: c.client.name,
      Street: 'Kutnohorská',
      HouseNumber: '12',
      City: 'Praha',
      ZipCode: '10900',
      CountryIsoCode: 'CZ',
      ContactName: 'Petr Dvořák',
      ContactPhone: '+420 222 333 444',
      ContactEmail: 'sklad@expedo.test',
    })
  })

  it('fails at once, the courier not asked, while its warehouse’s sender address is incomplete; the retry works once an admin sets it', async () => {
    const bare = await orderDesk(t)
    const { c, order } = await packedOrder({ from: bare })
    const label = (await labelOf(c.api, order._id)).body
    const message = `The sender address of warehouse ${bare.op.warehouse.name} is incomplete: street, post code, phone`
    expect(label).toMatchObject({ status: 'failed', trackingId: '', error: message, attempts: 1 })
    let detail = (await c.api.get(`/api/orders/${order._id}`)).body
    expect(detail.status).toBe('Packed')
    expect(detail.errMsgs).toEqual([`Label: ${message}`])
    const asked = () =>
      packeta.calls.filter(
        (call) =>
          call.method === 'createPacket' &&
          (call.args.packetAttributes as Json)?.number === String(order.internalNumericId),
      )
    expect(asked()).toHaveLength(0)

    const admin = await t.asAdmin()
    expect((await admin.put(`/api/warehouses/${bare.op.warehouse.id}/address`, hostivar)).status).toBe(200)
    expect((await op.post(`/api/orders/${order._id}/label`)).status).toBe(202)
    await t.queue.idle()
    expect((await labelOf(c.api, order._id)).body).toMatchObject({ status: 'created', error: null })
    expect(asked()).toHaveLength(1)
    detail = (await c.api.get(`/api/orders/${order._id}`)).body
    expect(detail.errMsgs).toEqual([])
  })

  it('is retried while the courier is down, and created once it is back', async () => {
    packeta.settings.failStatus = 503
    const { c, order } = await packedOrder()
    let label = (await labelOf(c.api, order._id)).body
    expect(label).toMatchObject({ status: 'requested', attempts: 1 })
    expect(label.error).toBeTruthy()
    // The queue's retry (pg-boss in production; the in-process queue of the tests runs no retries).
    await expect(t.services.labels.runLabelJob({ orderId: order._id })).rejects.toThrow()
    packeta.settings.failStatus = undefined
    await t.services.labels.runLabelJob({ orderId: order._id })
    label = (await labelOf(c.api, order._id)).body
    expect(label).toMatchObject({ status: 'created', attempts: 3, error: null })
  })

  it('fails when the courier stays down past the retries', async () => {
    gls.settings.failStatus = 503
    try {
      const { c, order } = await packedOrder({ via: 'gls', office: 'CZ10001-PARCELSHOP' })
      for (let n = 0; n < 4; n++) await t.services.labels.runLabelJob({ orderId: order._id }).catch(() => {})
      await t.services.labels.runLabelJob({ orderId: order._id })
      const label = (await labelOf(c.api, order._id)).body
      expect(label).toMatchObject({ status: 'failed', attempts: 6 })
      expect((await c.api.get(`/api/orders/${order._id}`)).body.errMsgs).toEqual([`Label: ${label.error}`])
    } finally {
      gls.settings.failStatus = undefined
    }
  })

  it('gives the same parcel after an answer lost once the label existed: the courier holds one', async () => {
    gls.settings.dropAnswersAfterCreate = 1
    const { c, order } = await packedOrder({ via: 'gls', office: 'CZ10001-PARCELSHOP' })
    expect((await labelOf(c.api, order._id)).body.status).toBe('requested')
    await t.services.labels.runLabelJob({ orderId: order._id })
    const label = (await labelOf(c.api, order._id)).body
    expect(label.status).toBe('created')
    const held = [...gls.parcels.values()].filter(
      (p) => p.parcel.ClientReference === `EXP-${order.internalNumericId}`,
    )
    expect(held.map((p) => String(p.parcelNumber))).toEqual([label.trackingId])
  })

  it('is in doubt when Packeta, which cannot look a packet up, lost its answer: no second packet is made', async () => {
    packeta.settings.dropAnswersAfterCreate = 1
    const { c, order } = await packedOrder()
    expect((await labelOf(c.api, order._id)).body).toMatchObject({ status: 'requested', attempts: 1 })
    await t.services.labels.runLabelJob({ orderId: order._id })
    const label = (await labelOf(c.api, order._id)).body
    expect(label).toMatchObject({ status: 'inDoubt', trackingId: '' })
    expect(label.error).toContain('client.packeta.com')
    const made = () =>
      [...packeta.packets.values()].filter((p) => p.attributes.number === String(order.internalNumericId))
    expect(made()).toHaveLength(1)
    // the person checked client.packeta.com, found nothing and retries: this process creates the label now
    // (the adapter kept no doubt of its own that would refuse it until a restart)
    expect((await op.post(`/api/orders/${order._id}/label`)).status).toBe(202)
    await t.queue.idle()
    expect((await labelOf(c.api, order._id)).body).toMatchObject({ status: 'created' })
    expect(made()).toHaveLength(2)
  })

  it('answers a POST while the label is requested with its state, without a second job', async () => {
    packeta.settings.latencyMs = 300
    try {
      const { c, order } = await readyOrder()
      await walk(op, order._id, ['Product Picking', 'Packed'])
      const again = await op.post(`/api/orders/${order._id}/label`)
      expect(again.status).toBe(202)
      expect(again.body.status).toBe('requested')
      await t.queue.idle()
      expect((await labelOf(c.api, order._id)).body.status).toBe('created')
      const creates = packeta.calls.filter(
        (call) =>
          call.method === 'createPacket' &&
          (call.args.packetAttributes as Json)?.number === String(order.internalNumericId),
      )
      expect(creates).toHaveLength(1)
      expect((await op.post(`/api/orders/${order._id}/label`)).status).toBe(409)
    } finally {
      packeta.settings.latencyMs = 0
    }
  })

  it('refuses an order that is not Packed, naming its status', async () => {
    const { order } = await readyOrder()
    const res = await op.post(`/api/orders/${order._id}/label`)
    expect(res.status).toBe(400)
    expect(res.body.details).toEqual({
      status: "is 'Order Ready for picking': a label is created for a Packed order",
    })
    expect((await labelOf(op, order._id)).body.status).toBe('none')
  })

  it('is the floor’s to ask for: a client and finance get 403, finance reads it, another client gets 404', async () => {
    const { c, order } = await readyOrder()
    expect((await c.api.post(`/api/orders/${order._id}/label`)).status).toBe(403)
    expect((await finance.post(`/api/orders/${order._id}/label`)).status).toBe(403)
    expect((await finance.post(`/api/orders/${order._id}/tracking`)).status).toBe(403)
    expect((await labelOf(finance, order._id)).status).toBe(200)
    const other = await t.tenantWithApi()
    expect((await labelOf(other.api, order._id)).status).toBe(404)
    expect((await op.get('/api/orders/01900000-0000-7000-8000-000000000001/label')).status).toBe(404)
  })
})

describe('tracking', () => {
  const refresh = (id: string) => op.post(`/api/orders/${id}/tracking`)

  it('follows the parcel: Shipping once the courier has it (stock shipped), then Delivered', async () => {
    const { c, mug, order } = await packedOrder()
    const trackingId = (await labelOf(c.api, order._id)).body.trackingId
    let res = await refresh(order._id)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'Packed', label: { tracking: { state: 'labelCreated' } } })

    packeta.advance(trackingId)
    res = await refresh(order._id)
    expect(res.body).toMatchObject({ status: 'Shipping', label: { tracking: { state: 'inTransit' } } })
    const card = await desk.card(c.client.id, mug.sku)
    expect(card).toMatchObject({ available: 3, blocked: 0 })

    while (packeta.packets.get(trackingId)!.step < 5) packeta.advance(trackingId)
    res = await refresh(order._id)
    expect(res.body).toMatchObject({ status: 'Delivered', label: { tracking: { state: 'delivered' } } })
    const lines = logLines((await c.api.get(`/api/orders/${order._id}`)).body)
    expect(lines.filter((l) => l.startsWith('Parcel: '))).toEqual([
      'Parcel: labelCreated (We have received the packet data.)',
      'Parcel: inTransit (The packet has been accepted at our branch.)',
      'Parcel: delivered (The packet has been delivered.)',
    ])
    expect((await refresh(order._id)).status).toBe(400)
  })

  it('moves a delivered COD order to COD WAITING', async () => {
    const { c, order } = await packedOrder({ cod: 1000 })
    const trackingId = (await labelOf(c.api, order._id)).body.trackingId
    const attributes = packeta.packets.get(trackingId)!.attributes
    expect([Number(attributes.cod), attributes.currency]).toEqual([1000, 'CZK'])
    while (packeta.packets.get(trackingId)!.step < 5) packeta.advance(trackingId)
    const res = await refresh(order._id)
    expect(res.body.status).toBe('COD WAITING')
  })

  it('moves a returned parcel to Not shipped', async () => {
    const { c, order } = await packedOrder()
    const trackingId = (await labelOf(c.api, order._id)).body.trackingId
    packeta.advance(trackingId)
    expect((await refresh(order._id)).body.status).toBe('Shipping')
    packeta.advance(trackingId, 'return')
    packeta.advance(trackingId)
    const res = await refresh(order._id)
    expect(res.body).toMatchObject({ status: 'Not shipped', label: { tracking: { state: 'returned' } } })
  })

  it('the scheduled pass does the same for many orders, across couriers', async () => {
    const list = [
      ...(await Promise.all([1, 2, 3].map(() => packedOrder()))),
      ...(await Promise.all([1, 2].map(() => packedOrder({ via: 'gls', office: 'CZ10001-PARCELSHOP' })))),
    ]
    const ids: string[] = []
    for (const { c, order } of list) {
      const label = (await labelOf(c.api, order._id)).body
      expect(label.status).toBe('created')
      ids.push(label.trackingId)
      if (label.courier === 'GLS') gls.advance(label.trackingId)
      else packeta.advance(label.trackingId)
    }
    await t.services.labels.trackAll()
    for (const { c, order } of list) {
      expect((await c.api.get(`/api/orders/${order._id}`)).body.status).toBe('Shipping')
    }
  })
})
