import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser, Locator, Page } from 'playwright-core'
import { apiAs, stockedProduct } from '../support/api.ts'
import { answerConfirm, launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

// signIn picks English on the sign-in form, so the texts come from the English catalogues.
const en = (key: string) => tr('en', key)
const WAREHOUSE = 'Praha Hostivař'
const run = Date.now().toString(36).toUpperCase()
const shots = process.env.E2E_SCREENSHOTS

async function shot(page: Page, name: string) {
  if (!shots) return
  await mkdir(shots, { recursive: true })
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true })
}

type Json = Record<string, unknown>

interface Setup {
  productId: string
  productName: string
  sku: string
}

/** A fresh product of eshop1's company with `quantity` units received into the Prague warehouse. */
const productWithStock = (quantity: number): Promise<Setup> =>
  stockedProduct(`E2E-OD-${run}`, `Konev detail ${run}`, quantity)

/** eshop1 creates an order through the API (the create screen has its own journey). */
async function createOrder(body: Json): Promise<{ _id: string; status: string; clientOrderNr: string }> {
  const eshop = await apiAs('eshop1')
  return eshop.call('POST', '/orders/create/new', body)
}

const address = { country: 'Czech', city: 'Brno', street: 'Údolní', streetNr: '12', postcode: '602 00' }

const badge = (page: Page, status: string) =>
  page.locator('header .ant-tag', { hasText: en(`orders:status.${status}`) })

/** The panel (antd Card) titled with a catalogue text. */
const card = (page: Page, titleKey: string) =>
  page.locator('.ant-card').filter({
    has: page.locator('.ant-card-head-title').getByText(en(titleKey), { exact: true }),
  })

async function openOrder(page: Page, id: string) {
  await page.goto(`/orders/${id}`)
  await page.getByRole('heading', { level: 1 }).waitFor()
}

/** A searchable antd select: open it, type, pick the option. */
async function choose(page: Page, select: Locator, search: string, option: string) {
  await select.click()
  await select.fill(search)
  await page.locator('.ant-select-dropdown:visible').getByText(option).first().click()
}

/** The Prague row of the product's stock card: available, blocked, total. */
async function stockOf(page: Page, productId: string) {
  await page.goto(`/products/${productId}`)
  const row = card(page, 'products:stock.title').locator('tr', { hasText: WAREHOUSE }).first()
  await row.waitFor()
  await page.waitForLoadState('networkidle')
  const cells = await row.locator('td').allTextContents()
  const [available = NaN, blocked = NaN, total = NaN] = cells.slice(1).map((c) => Number(c.trim()))
  return { available, blocked, total }
}

/** Changes the courier in the Shipping panel and waits until it shows. */
async function setCourier(page: Page, search: string, option: string) {
  const courier = en('order-detail:shipping.courier')
  await page
    .getByRole('button', { name: en('order-detail:field.edit').replace('{{field}}', courier) })
    .click()
  await choose(page, page.getByRole('combobox', { name: courier, exact: true }), search, option)
  await page
    .getByRole('button', { name: en('order-detail:field.save').replace('{{field}}', courier) })
    .click()
  await page.locator(`[data-field="${courier}"]`, { hasText: search }).waitFor()
}

async function pressStep(page: Page, status: string) {
  await page.getByRole('button', { name: en(`orders:status.${status}`), exact: true }).click()
  await badge(page, status).waitFor()
}

describe('order detail', () => {
  let browser: Browser
  let setup: Setup
  before(async () => {
    browser = await launch()
    setup = await productWithStock(10)
  })
  after(async () => {
    await browser.close()
  })

  it('a client edits an allocated order (city, a product line, a comment); the operator ships it and stock goes out', async () => {
    const order = await createOrder({
      clientOrderNr: `E2E-DET-${run}`,
      shipTo: { ...address, client: { firstName: 'Eva', lastName: 'Detailová' } },
      items: [{ product: setup.productId, quantity: 2, price: 200 }],
    })
    const { page, context } = await newPage(browser)
    await signIn(page, 'eshop1')
    await openOrder(page, order._id)
    await badge(page, 'Order Ready for picking').waitFor()
    assert.match((await page.getByRole('heading', { level: 1 }).textContent()) ?? '', /E2E-DET-/)

    // The city, inline.
    const city = en('order-detail:address.city')
    await page
      .getByRole('button', { name: tr('en', 'order-detail:field.edit').replace('{{field}}', city) })
      .click()
    await page.getByRole('textbox', { name: city, exact: true }).fill('Olomouc')
    await page.getByRole('textbox', { name: city, exact: true }).press('Enter')
    await page.locator(`[data-field="${city}"]`, { hasText: 'Olomouc' }).waitFor()

    // A product line: added with unit price × quantity, then deleted after its confirmation.
    const products = card(page, 'order-detail:products.title')
    const rows = products.locator('tbody tr.ant-table-row')
    assert.equal(await rows.count(), 1)
    await choose(
      page,
      page.getByRole('combobox', { name: en('order-detail:products.product'), exact: true }),
      setup.sku,
      `${setup.productName} (${setup.sku})`,
    )
    await page.getByRole('spinbutton', { name: en('order-detail:products.quantity') }).fill('3')
    await page.getByRole('spinbutton', { name: en('order-detail:products.unitPrice') }).fill('12.5')
    await page.getByTestId('line-price').getByText('37.50').waitFor()
    await page.getByRole('button', { name: en('order-detail:products.add') }).click()
    await rows.nth(1).waitFor()
    assert.match((await rows.nth(1).textContent()) ?? '', /37\.50/)
    await shot(page, 'order-detail-desktop')
    await rows
      .nth(1)
      .getByRole('button', { name: en('order-detail:products.deleteShort') })
      .click()
    // The line's own confirmation (by its question). Waiting for the DELETE's answer as well tells a failure
    // apart: the call never sent, or its line still shown after the answer.
    const question = en('order-detail:products.deleteConfirm').replace('{{name}}', setup.productName)
    const sent: string[] = []
    page.on('request', (req) => {
      if (req.method() === 'DELETE') sent.push(req.url())
    })
    const deleted = page.waitForResponse(
      (res) => res.request().method() === 'DELETE' && /\/api\/orders\/[^/]+\/items\//.test(res.url()),
    )
    await answerConfirm(page, en('components:confirm.yes'), question)
    const answer = await deleted.catch((error: Error) => {
      throw new Error(`no answer to the line's DELETE (sent: ${sent.join(', ') || 'none'}): ${error.message}`)
    })
    assert.equal(answer.status(), 200)
    await rows.nth(1).waitFor({ state: 'detached' })

    // A comment: Add is disabled until there is text.
    const add = page.getByRole('button', { name: en('order-detail:comments.add'), exact: true })
    assert.equal(await add.isDisabled(), true)
    await page.getByRole('textbox', { name: en('order-detail:comments.new') }).fill('Ring twice, please')
    await add.click()
    await page.getByText('Ring twice, please').waitFor()
    await context.close()

    // The operator walks it through the warehouse flow; shipping turns the blocked stock into an outbound movement.
    const op = await newPage(browser)
    await signIn(op.page, 'operator')
    const before = await stockOf(op.page, setup.productId)
    assert.equal(before.blocked, 2)
    await openOrder(op.page, order._id)
    await pressStep(op.page, 'Product Picking')
    await pressStep(op.page, 'Packed')
    await pressStep(op.page, 'Shipping')
    await op.page.getByText('Ring twice, please').waitFor()
    const afterShipping = await stockOf(op.page, setup.productId)
    assert.deepEqual(afterShipping, { available: before.available, blocked: 0, total: before.total - 2 })
    const movements = card(op.page, 'products:movements.title')
    const newest = movements.locator('tbody tr.ant-table-row').first()
    await newest.getByText(en('products:movements.triggers.Order'), { exact: true }).waitFor()
    assert.equal(((await newest.locator('td').nth(4).textContent()) ?? '').trim(), '-2')
    await op.context.close()
  })

  it('cancelling an order after its confirmation releases its stock', async () => {
    const order = await createOrder({
      clientOrderNr: `E2E-CAN-${run}`,
      shipTo: address,
      items: [{ product: setup.productId, quantity: 3, price: 300 }],
    })
    assert.equal(order.status, 'Order Ready for picking')
    const { page, context } = await newPage(browser)
    await signIn(page, 'eshop1')
    const blocked = await stockOf(page, setup.productId)
    await openOrder(page, order._id)
    await page.getByRole('button', { name: en('order-detail:actions.cancel'), exact: true }).click()
    await page.getByText(en('order-detail:actions.cancelConfirm')).waitFor()
    await page.getByRole('button', { name: en('order-detail:actions.cancelYes') }).click()
    await badge(page, 'Canceled').waitFor()
    const released = await stockOf(page, setup.productId)
    assert.deepEqual(released, {
      available: blocked.available + 3,
      blocked: blocked.blocked - 3,
      total: blocked.total,
    })
    await context.close()
  })

  it('choosing the courier ECONT brings the office pick-up panel; the chosen office is stored', async () => {
    const order = await createOrder({
      clientOrderNr: `E2E-ECONT-${run}`,
      shipTo: { country: 'Bulgaria', city: 'Sofia', street: 'Vitosha', postcode: '1000' },
    })
    const { page, context } = await newPage(browser)
    await signIn(page, 'eshop1')
    await openOrder(page, order._id)
    const officeTitle = page.getByText(en('order-detail:office.title'), { exact: true })
    // The demo has automatic courier assignment on: a Bulgarian order may already have ECONT. Another
    // courier hides the panel; ECONT brings it back.
    await setCourier(page, 'Speedy', 'Speedy (Bulgaria)')
    await officeTitle.waitFor({ state: 'detached' })
    await setCourier(page, 'ECONT', 'ECONT (Bulgaria)')
    await officeTitle.waitFor()

    const picker = page.getByRole('combobox', { name: en('order-detail:office.choose') })
    await picker.click()
    const first = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()
    await first.waitFor()
    const label = ((await first.textContent()) ?? '').split(' · ')[0] ?? ''
    await first.click()
    await page.getByTestId('current-office').getByText(label).waitFor()
    await shot(page, 'order-detail-econt')
    await page.reload()
    await page.getByTestId('current-office').getByText(label).waitFor()
    await context.close()
  })

  it('in Czech, the change log reads in Czech: no English event text, statuses and values translated', async () => {
    const order = await createOrder({
      clientOrderNr: `E2E-LOG-${run}`,
      shipTo: address,
      items: [{ product: setup.productId, quantity: 1, price: 120 }],
    })
    const eshop = await apiAs('eshop1')
    await eshop.call('PUT', `/orders/${order._id}`, {
      shipTo: { city: 'Olomouc' },
      payment: { COD: { amount: 150 } },
    })
    await eshop.call('PUT', `/orders/${order._id}`, { status: 'Canceled' })
    const { changeLogs } = await eshop.call<{ changeLogs: { what: string }[] }>('GET', `/orders/${order._id}`)

    const { page, context } = await newPage(browser)
    await signIn(page, 'eshop1')
    await page.goto('/')
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/users') && r.request().method() === 'PUT',
    )
    await page.locator('.language-select select').first().selectOption('CZ')
    assert.equal((await saved).status(), 200)
    await page.waitForFunction(() => document.documentElement.lang === 'cs')
    await openOrder(page, order._id)
    const cs = (key: string) => tr('cs', key)
    const log = page.locator('.ant-card').filter({
      has: page
        .locator('.ant-card-head-title')
        .getByText(cs('order-detail:changeLogs.title'), { exact: true }),
    })
    const created = cs('order-detail:changeLogs.events.created').replace(
      '{{status}}',
      cs('orders:status.New'),
    )
    await log.getByText(created).waitFor()
    const lines = await log.locator('.ant-timeline-item').allTextContents()
    assert.equal(lines.length, changeLogs.length)
    // The API's English sentences (each row's `what`) appear nowhere; the statuses are the Czech labels.
    for (const { what } of changeLogs)
      assert.ok(!lines.some((l) => l.includes(what)), `English shown: ${what}`)
    for (const status of ['Order Ready for picking', 'Canceled', 'New'])
      assert.ok(!lines.some((l) => l.includes(status)), `English status shown: ${status}`)
    const canceled = cs('order-detail:changeLogs.events.statusChangedNote')
      .replace('{{from}}', cs('orders:status.Order Ready for picking'))
      .replace('{{to}}', cs('orders:status.Canceled'))
      .replace('{{note}}', cs('order-detail:changeLogs.notes.stockReleased'))
    assert.ok(
      lines.some((l) => l.startsWith(canceled)),
      `no line "${canceled}" in ${lines.join(' | ')}`,
    )
    assert.ok(
      lines.some((l) => /^Částka dobírky: 0,00 → 150,00/.test(l)),
      lines.join(' | '),
    )
    await shot(page, 'order-detail-change-log-cs')
    await context.close()
  })

  it('panels stack at phone width (375 px)', async () => {
    const order = await createOrder({ clientOrderNr: `E2E-NARROW-${run}`, shipTo: address })
    const { page, context } = await newPage(browser, { width: 375, height: 812 })
    await signIn(page, 'eshop1')
    await openOrder(page, order._id)
    const addressCard = card(page, 'order-detail:address.title')
    const shipping = card(page, 'order-detail:shipping.title')
    const a = await addressCard.boundingBox()
    const s = await shipping.boundingBox()
    assert.ok(a && s && s.y > a.y && Math.abs(s.x - a.x) < 2 && a.width <= 375)
    await shot(page, 'order-detail-375')
    await context.close()
  })
})
