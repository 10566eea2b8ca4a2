import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { type ShoptetTestbed, shoptetEnv, startShoptet } from '../../../test/shoptet.ts'
import { type ConnectedShop, connectedShop, importedOrders } from '../../../test/shoptet-orders-fixtures.ts'
import { eshops } from '../../db/schema/index.ts'

let bed: ShoptetTestbed
let t: TestApp

beforeAll(async () => {
  bed = await startShoptet()
  t = await createTestApp({ env: shoptetEnv(bed) })
})
afterAll(async () => {
  await t?.close()
  await bed?.close()
})

const connection = async (id: string) => (await t.db.select().from(eshops).where(eq(eshops.id, id)))[0]!

describe('order import by the pull (GET /api/orders/changes since the cursor)', () => {
  let s: ConnectedShop
  beforeAll(async () => {
    s = await connectedShop(t, bed)
  })

  it('imports an order created in the shop as a New order of the business client, allocated', async () => {
    const [a, b] = s.products
    const order = bed.fake.createOrder(s.shoptetEshopId, {
      items: [
        { code: a!.sku, amount: 2 },
        { code: b!.sku, amount: 1 },
      ],
      cod: true,
      country: 'CZ',
      fullName: 'Jana Testová',
      city: 'Brno',
      street: 'Údolní',
      houseNumber: '53',
      zip: '602 00',
      email: 'jana@example.test',
      phone: '+420600000001',
    })
    const result = await t.services.shoptetOrders.pull(s.eshop.id)
    expect(result).toMatchObject({ changes: 1, imported: 1, failed: 0 })

    const detail = await s.tenant.api.post('/api/orders', {})
    const listed = detail.body.orders ?? detail.body
    expect(JSON.stringify(listed)).toContain(order.code)
    const [row] = await importedOrders(t, s.eshop.id)
    expect(row).toMatchObject({
      businessclientId: s.tenant.client.id,
      clientOrderNr: order.code,
      eshopOrderCode: order.code,
      eshopUrl: s.eshop.eshopUrl,
      shipToCountry: 'Czech',
      shipToCity: 'Brno',
      shipToStreet: 'Údolní',
      shipToStreetNr: '53',
      shipToPostcode: '602 00',
      shipToPhone: '+420600000001',
      codApply: true,
      codAmount: Number(order.price.toPay),
      paymentType: 'COD',
      // New, then allocation blocked the stock.
      status: 'Order Ready for picking',
      generateInvoice: true,
    })
    const answer = await s.tenant.api.get(`/api/orders/${row!.id}`)
    expect(answer.status).toBe(200)
    expect(answer.body.items.map((i: { sku: string; quantity: number }) => [i.sku, i.quantity])).toEqual(
      expect.arrayContaining([
        [a!.sku, 2],
        [b!.sku, 1],
      ]),
    )
    expect(answer.body.eshop.eshopUrl).toBe(s.eshop.eshopUrl)
    expect(answer.body.changeLogs[0].what).toContain('Order imported from')

    const after = await connection(s.eshop.id)
    expect(after.lastSyncAt).not.toBeNull()
    expect(after.ordersCursor).not.toBeNull()
    expect(after.failCount).toBe(0)
  })

  it('applies the shop’s update while the order is before picking, and pulling again changes nothing', async () => {
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[0]!.sku, amount: 1 }] })
    await t.services.shoptetOrders.pull(s.eshop.id)
    bed.fake.updateOrder(s.shoptetEshopId, order.code, { city: 'Olomouc', street: 'Horní náměstí' })
    await t.services.shoptetOrders.pull(s.eshop.id)
    const rows = (await importedOrders(t, s.eshop.id)).filter((o) => o.eshopOrderCode === order.code)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ shipToCity: 'Olomouc', shipToStreet: 'Horní náměstí' })
    const again = await t.services.shoptetOrders.pull(s.eshop.id)
    expect(again?.imported).toBe(0)
    expect((await importedOrders(t, s.eshop.id)).filter((o) => o.eshopOrderCode === order.code)).toHaveLength(
      1,
    )
  })

  it('cancels the Expedo order when the shop deletes the order, releasing its stock', async () => {
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[1]!.sku, amount: 3 }] })
    await t.services.shoptetOrders.pull(s.eshop.id)
    const card = await s.desk.card(s.tenant.client.id, s.products[1]!.sku)
    bed.fake.deleteOrder(s.shoptetEshopId, order.code)
    const result = await t.services.shoptetOrders.pull(s.eshop.id)
    expect(result?.canceled).toBe(1)
    const [row] = (await importedOrders(t, s.eshop.id)).filter((o) => o.eshopOrderCode === order.code)
    expect(row!.status).toBe('Canceled')
    expect((await s.desk.card(s.tenant.client.id, s.products[1]!.sku)).available).toBe(card.available + 3)
    await s.desk.expectStockInvariants(s.tenant.client.id)
  })

  it('keeps an unknown SKU as an unpaired line with an error message', async () => {
    const order = bed.fake.createOrder(s.shoptetEshopId, {
      items: [{ code: 'NOT-OURS-1', amount: 1, name: 'Foreign thing', unitPrice: 10 }],
    })
    await t.services.shoptetOrders.pull(s.eshop.id)
    const [row] = (await importedOrders(t, s.eshop.id)).filter((o) => o.eshopOrderCode === order.code)
    expect(row!.errMsgs).toEqual(['Unknown SKU NOT-OURS-1'])
    expect(row!.status).toBe('No goods')
  })

  it('two concurrent imports of one code make one order', async () => {
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[0]!.sku, amount: 1 }] })
    const results = await Promise.all([
      t.services.shoptetOrders.importOrder(s.eshop.id, order.code),
      t.services.shoptetOrders.importOrder(s.eshop.id, order.code),
      t.services.shoptetOrders.importOrder(s.eshop.id, order.code),
    ])
    expect(results.map((r) => r.action).sort()).toEqual(['created', 'unchanged', 'unchanged'])
    expect((await importedOrders(t, s.eshop.id)).filter((o) => o.eshopOrderCode === order.code)).toHaveLength(
      1,
    )
    await s.desk.expectStockInvariants(s.tenant.client.id)
  })

  it('a client sees its imported orders; another client gets 404', async () => {
    const [row] = await importedOrders(t, s.eshop.id)
    const other = await t.tenantWithApi()
    expect((await other.api.get(`/api/orders/${row!.id}`)).status).toBe(404)
    expect((await s.tenant.api.get(`/api/orders/${row!.id}`)).status).toBe(200)
  })
})

describe('connection settings', () => {
  it('only orders whose products all allow import, when "only selected products" is on', async () => {
    const s = await connectedShop(t, bed, {
      settings: { importOrdersAll: false, importOrdersOnlySelectedProducts: true },
    })
    const [allowed, refused] = s.products
    await t.db.execute(`update products set allow_import_orders = false where id = '${refused!.id}'`)
    const ok = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: allowed!.sku, amount: 1 }] })
    const mixed = bed.fake.createOrder(s.shoptetEshopId, {
      items: [
        { code: allowed!.sku, amount: 1 },
        { code: refused!.sku, amount: 1 },
      ],
    })
    await t.services.shoptetOrders.pull(s.eshop.id)
    const codes = (await importedOrders(t, s.eshop.id)).map((o) => o.eshopOrderCode)
    expect(codes).toContain(ok.code)
    expect(codes).not.toContain(mixed.code)
  })

  it('does not ask for our invoice when Shoptet invoices the shop', async () => {
    const s = await connectedShop(t, bed, { settings: { invoicing: 'shoptet' } })
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[0]!.sku, amount: 1 }] })
    await t.services.shoptetOrders.pull(s.eshop.id)
    const [row] = (await importedOrders(t, s.eshop.id)).filter((o) => o.eshopOrderCode === order.code)
    expect(row!.generateInvoice).toBe(false)
  })

  it('pulls nothing while order import is off', async () => {
    const s = await connectedShop(t, bed, { settings: { importOrdersEnabled: false } })
    bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[0]!.sku, amount: 1 }] })
    expect(await t.services.shoptetOrders.pull(s.eshop.id)).toBeUndefined()
    expect(await importedOrders(t, s.eshop.id)).toEqual([])
  })
})
