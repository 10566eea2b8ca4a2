import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { apiAs, stockedProduct } from '../support/api.ts'
import { launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

// signIn picks English on the sign-in form, so the texts come from the English catalogues.
const en = (key: string) => tr('en', key)
const run = Date.now().toString(36).toUpperCase()
const address = { country: 'Czech', city: 'Brno', street: 'Údolní', streetNr: '12', postcode: '602 00' }

/** The card (antd Card) titled with a catalogue text. */
const card = (page: Page, titleKey: string) =>
  page.locator('.ant-card').filter({
    has: page.locator('.ant-card-head-title').getByText(en(titleKey), { exact: true }),
  })

describe('services', () => {
  let browser: Browser
  let productId: string
  before(async () => {
    browser = await launch()
    productId = (await stockedProduct(`E2E-SVC-${run}`, `Služba ${run}`, 10)).productId
  })
  after(async () => {
    await browser.close()
  })

  it('a shipped order lists its services on the order and in /billing/services as pending; the running bill adds them up', async () => {
    const eshop = await apiAs('eshop1')
    const nr = `E2E-SVC-${run}`
    const order = await eshop.call<{ _id: string }>('POST', '/orders/create/new', {
      clientOrderNr: nr,
      shipTo: { ...address, client: { firstName: 'Eva', lastName: 'Služebná' } },
      items: [{ product: productId, quantity: 3, price: 100 }],
    })
    const { page } = await newPage(browser)
    await signIn(page, 'eshop1')
    // Before shipping: no services.
    await page.goto(`/orders/${order._id}`)
    await card(page, 'services:panel.title').getByText(en('services:panel.empty')).waitFor()

    const operator = await apiAs('operator')
    for (const status of ['Product Picking', 'Packed', 'Shipping'])
      await operator.call('PUT', `/orders/${order._id}`, { status })

    // The order's Services panel: fulfilment (the client's own Czech card: 22.00), 2 extra items, packaging.
    await page.goto(`/orders/${order._id}`)
    const panel = card(page, 'services:panel.title')
    await panel.getByText(en('components:serviceNames.fulfilment'), { exact: true }).waitFor()
    const text = (await panel.textContent()) ?? ''
    assert.match(text, new RegExp(`${en('components:serviceNames.extra_item')} × 2`))
    assert.match(text, new RegExp(en('components:serviceNames.packaging')))
    assert.match(text, /22\.00 CZK/)
    assert.equal((await panel.getByText(en('services:panel.notBilled'), { exact: true }).count()) >= 3, true)

    // The services list, not billed: the order's rows link to it and show 'pending'.
    await page.goto('/billing/services?status=notbilled')
    const rows = page.locator('tr', { has: page.getByRole('link', { name: `Order ${nr}`, exact: true }) })
    await rows.first().waitFor()
    assert.ok((await rows.count()) >= 3, 'fulfilment, extra items and packaging are listed')
    assert.match((await rows.first().textContent()) ?? '', new RegExp(en('services:bill.pending')))
    const href = await rows
      .first()
      .getByRole('link', { name: `Order ${nr}`, exact: true })
      .getAttribute('href')
    assert.equal(href, `/orders/${order._id}`)

    // The running bill: the month's amount so far per service name; the drill-down filters to Not billed.
    await page.goto('/billing/services')
    const running = card(page, 'services:running.title')
    await running.getByText(en('components:serviceNames.fulfilment'), { exact: true }).waitFor()
    assert.match((await running.textContent()) ?? '', new RegExp(en('services:running.total')))
    const api = await eshop.call<{ currencies: { currency: string; total: number }[] }>(
      'GET',
      '/services/running',
    )
    const czk = api.currencies.find((c) => c.currency === 'CZK')
    assert.ok(czk && czk.total > 0)
    await running.getByRole('button', { name: en('services:running.drillDown') }).click()
    await page.waitForURL(/status=notbilled/)

    // At phone width the list is cards, and the page does not scroll sideways.
    const phone = await newPage(browser, { width: 375, height: 812 })
    await signIn(phone.page, 'eshop1')
    await phone.page.goto('/billing/services?status=notbilled')
    await phone.page
      .locator('li .ant-card', { hasText: `Order ${nr}` })
      .first()
      .waitFor()
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth)
    assert.ok(width <= 375, `the page is ${width} px wide at 375`)
    await phone.context.close()
  })

  it('finance reads the rate cards; admin sees the actions', async () => {
    const { page, context } = await newPage(browser)
    await signIn(page, 'finance')
    await page.goto('/billing/ratecards')
    await page.getByText(en('services:ratecards.readOnly')).waitFor()
    assert.equal(await page.getByRole('button', { name: en('services:ratecards.add') }).count(), 0)
    await page.getByText(en('services:ratecards.default')).first().waitFor()
    await context.close()
  })
})
