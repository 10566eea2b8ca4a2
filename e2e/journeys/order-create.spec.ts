import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { apiAs } from '../support/api.ts'
import { launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

// signIn picks English on the sign-in form, so the texts come from the English catalogues.
const en = (key: string) => tr('en', key)
const WAREHOUSE = 'Praha Hostivař'
const CLIENT = 'Zahradní ráj s.r.o.'
const shots = process.env.E2E_SCREENSHOTS
// Unique per run: the journeys create what they need and never depend on seeded counts.
const stamp = Date.now().toString(36).toUpperCase()

async function shot(page: Page, name: string) {
  if (!shots) return
  await mkdir(shots, { recursive: true })
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true })
}

/** A new product of eshop1's business client, with `stock` units received into the Prague warehouse. */
async function productWithStock(name: string, sku: string, stock: number) {
  const client = await apiAs('eshop1')
  const product = await client.call('POST', '/products', { name, codes: { sku, barcode: sku } })
  if (stock > 0) {
    const operator = await apiAs('operator')
    const warehouses = (await operator.call('GET', '/warehouse')) as unknown as {
      _id: string
      name: string
    }[]
    const warehouse = warehouses.find((w) => w.name === WAREHOUSE)
    assert.ok(warehouse, WAREHOUSE)
    const shipment = await operator.call('POST', '/shipments/inbound/create', {
      warehouse: warehouse._id,
      businessclient: client.businessclient,
      transporter: 'E2E orders',
    })
    await operator.call('POST', `/shipments/inbound/${shipment._id}/goodsreceived`, { sku, quantity: stock })
  }
  return { id: product._id, name, sku, client }
}

const formItem = (page: Page, label: string) =>
  page.locator('.ant-form-item').filter({ has: page.getByLabel(label, { exact: true }) })

async function isFlagged(page: Page, label: string) {
  return (await formItem(page, label).getAttribute('class'))?.includes('ant-form-item-has-error') ?? false
}

/** Opens an antd select by its label, types the search and clicks the option with exactly that text. */
async function choose(page: Page, label: string, search: string, option: string) {
  const box = page.getByLabel(label, { exact: true })
  await box.click()
  await box.fill(search)
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).first().click()
}

describe('create order and the no-goods report', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
  })
  after(async () => {
    await browser.close()
  })

  it('refuses an order with missing fields, then creates it; it allocates stock and is ready for picking', async () => {
    const product = await productWithStock(`E2E konev ${stamp}`, `E2E-OC-${stamp}`, 5)
    const { page, context } = await newPage(browser)
    await signIn(page, 'eshop1')
    await page.goto('/orders/create/new')
    await page.getByRole('heading', { name: en('order-create:title') }).waitFor()

    await page.getByLabel(en('order-create:fields.clientOrderNr'), { exact: true }).fill(`E2E-${stamp}`)
    await page.getByLabel(en('order-create:fields.firstName'), { exact: true }).fill('Jana')
    await page.getByLabel(en('order-create:fields.lastName'), { exact: true }).fill('Nováková')
    await page.getByLabel(en('order-create:fields.city'), { exact: true }).fill('Brno')
    await page.getByRole('button', { name: en('order-create:save') }).click()
    await page
      .getByRole('alert')
      .filter({ hasText: en('order-create:required') })
      .waitFor()
    for (const field of ['country', 'street', 'postcode']) {
      assert.equal(await isFlagged(page, en(`order-create:fields.${field}`)), true, field)
    }
    for (const field of ['city', 'province', 'streetNr', 'phone']) {
      assert.equal(await isFlagged(page, en(`order-create:fields.${field}`)), false, field)
    }
    assert.match(page.url(), /\/orders\/create\/new$/)
    await shot(page, 'order-create-missing')

    await choose(page, en('order-create:fields.country'), 'Czech', 'Czech')
    await page.getByLabel(en('order-create:fields.street'), { exact: true }).fill('Kounicova')
    await page.getByLabel(en('order-create:fields.streetNr'), { exact: true }).fill('12')
    await page.getByLabel(en('order-create:fields.postcode'), { exact: true }).fill('602 00')
    await page.getByRole('button', { name: en('order-create:items.add') }).click()
    await choose(page, en('order-create:items.product'), product.sku, `${product.name} (${product.sku})`)
    await page.getByLabel(en('order-create:items.quantity'), { exact: true }).fill('2')
    await page.getByLabel(en('order-create:items.unitPrice'), { exact: true }).fill('12.50')
    await page
      .getByRole('status', { name: en('order-create:items.linePrice') })
      .getByText('25.00')
      .waitFor()
    await shot(page, 'order-create-filled')
    // Enter in a field submits the form.
    await page.getByLabel(en('order-create:fields.postcode'), { exact: true }).press('Enter')
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/)
    const id = new URL(page.url()).pathname.split('/').pop() ?? ''

    const order = (await product.client.call('GET', `/orders/${id}`)) as unknown as {
      clientOrderNr: string
      status: string
      items: { product: string; quantity: number; price: number }[]
      shipping: { shipFrom: { name: string } | null; shipTo: { city: string; postcode: string } }
    }
    assert.equal(order.clientOrderNr, `E2E-${stamp}`)
    assert.equal(order.status, 'Order Ready for picking')
    assert.deepEqual(
      order.items.map(({ product: p, quantity, price }) => ({ p, quantity, price })),
      [{ p: product.id, quantity: 2, price: 25 }],
    )
    assert.equal(order.shipping.shipFrom?.name, WAREHOUSE)
    assert.deepEqual([order.shipping.shipTo.city, order.shipping.shipTo.postcode], ['Brno', '602 00'])
    await page.getByText(en('orders:status.Order Ready for picking'), { exact: true }).first().waitFor()
    await context.close()
  })

  it('refuses a second order with a number already in use, naming and linking the order that has it', async () => {
    const client = await apiAs('eshop1')
    const holder = (await client.call('POST', '/orders/create/new', {
      clientOrderNr: `E2E-TAKEN-${stamp}`,
      shipTo: { country: 'Czech', city: 'Brno', street: 'Kounicova', postcode: '602 00' },
    })) as unknown as { _id: string; internalNumericId: number }
    const { page, context } = await newPage(browser, undefined, {
      // The refusal of the number in use, which this journey provokes.
      expected: [/status of 409 \(Conflict\) \(\S+\/api\/orders\/create\/new\)/],
    })
    await signIn(page, 'eshop1')
    await page.goto('/orders/create/new')
    await page.getByRole('heading', { name: en('order-create:title') }).waitFor()
    await page.getByLabel(en('order-create:fields.clientOrderNr'), { exact: true }).fill(`E2E-TAKEN-${stamp}`)
    await choose(page, en('order-create:fields.country'), 'Czech', 'Czech')
    await page.getByLabel(en('order-create:fields.city'), { exact: true }).fill('Brno')
    await page.getByLabel(en('order-create:fields.street'), { exact: true }).fill('Kounicova')
    await page.getByLabel(en('order-create:fields.postcode'), { exact: true }).fill('602 00')
    await page.getByRole('button', { name: en('order-create:save') }).click()

    const name = String(holder.internalNumericId)
    const link = page.getByRole('link', { name: en('order-create:openOrder').replace('{{name}}', name) })
    await link.waitFor()
    assert.equal(await isFlagged(page, en('order-create:fields.clientOrderNr')), true)
    await page.getByText(en('order-create:duplicateNumber').replace('{{name}}', name)).waitFor()
    assert.match(page.url(), /\/orders\/create\/new$/)
    await shot(page, 'order-create-duplicate-number')
    // The link opens the order in a new tab: what was typed here stays.
    const [opened] = await Promise.all([context.waitForEvent('page'), link.click()])
    await opened.waitForURL(new RegExp(`/orders/${holder._id}$`))
    assert.equal(
      await page.getByLabel(en('order-create:fields.clientOrderNr'), { exact: true }).inputValue(),
      `E2E-TAKEN-${stamp}`,
    )
    await context.close()
  })

  it('the no-goods report shows the waiting product by client and country and opens its orders', async () => {
    const product = await productWithStock(`E2E květináč ${stamp}`, `E2E-NG-${stamp}`, 0)
    const order = await product.client.call('POST', '/orders/create/new', {
      clientOrderNr: `E2E-WAIT-${stamp}`,
      shipTo: { country: 'Slovakia', city: 'Bratislava', street: 'Obchodná', postcode: '811 06' },
      items: [{ product: product.id, quantity: 3, price: 30 }],
    })
    assert.equal(order.status, 'No goods')

    const { page, context } = await newPage(browser)
    await signIn(page, 'operator')
    await page.goto('/reports/nogoods')
    await page.getByRole('heading', { name: en('reports:noGoods.title') }).waitFor()
    await choose(page, en('reports:noGoods.filters.country'), 'Slovakia', 'Slovakia')
    await page.waitForURL(/country=Slovakia/)
    await page
      .getByRole('button', { name: en('components:filterBar.reset') })
      .and(page.locator(':enabled'))
      .waitFor()
    const group = page.getByRole('region', { name: `${CLIENT} · Slovakia` })
    const row = group.locator('tr', { hasText: product.sku })
    await row.waitFor()
    // Columns: product, quantity ordered, available now, orders waiting.
    const cells = (await row.locator('td').allTextContents()).map((c) => c.trim())
    assert.deepEqual(cells.slice(1), ['3', '0', '1'])
    await shot(page, 'no-goods-report')

    await row.getByRole('link', { name: product.name }).click()
    await page.waitForURL((url) => url.pathname === '/orders')
    const params = new URL(page.url()).searchParams
    assert.deepEqual(
      { status: params.get('status'), product: params.get('product'), country: params.get('country') },
      { status: 'No goods', product: product.id, country: 'Slovakia' },
    )
    await page.getByRole('heading', { name: en('reports:noGoods.title') }).waitFor({ state: 'detached' })
    await page.getByText(`E2E-WAIT-${stamp}`).first().waitFor()
    await shot(page, 'no-goods-orders')
    await context.close()
  })
})
