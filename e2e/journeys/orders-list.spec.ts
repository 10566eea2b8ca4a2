import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import ExcelJS from 'exceljs'
import type { Browser, Locator, Page } from 'playwright-core'
import { apiAs } from '../support/api.ts'
import { launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

// signIn picks English on the sign-in form, so the texts come from the English catalogue.
const en = (key: string) => tr('en', key)
// A SKU of the demo seed with stock in a warehouse of its client (Zahradní ráj, user eshop1).
const SKU = 'ZR-KON-0001'
const shots = process.env.E2E_SCREENSHOTS
const run = Date.now().toString(36).toUpperCase()
const READY = `E2E-L-${run}-A`
const NO_GOODS = `E2E-L-${run}-B`

async function shot(page: Page, name: string) {
  if (!shots) return
  await mkdir(shots, { recursive: true })
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true })
}

type Order = { _id: string; status: string; clientOrderNr: string }

/** eshop1 creates two orders of one SKU: one the stock covers (it allocates), one it cannot cover. */
async function createOrders(): Promise<void> {
  const { call } = await apiAs('eshop1')
  const products = await call<{ list: { _id: string; codes: { sku: string } }[] }>(
    'GET',
    `/products?searchTerm=${SKU}`,
  )
  const product = products.list.find((p) => p.codes.sku === SKU)
  assert.ok(product, `${SKU} is in the demo catalogue`)
  const shipTo = {
    country: 'Czech',
    city: 'Brno',
    street: 'Kounicova',
    streetNr: '10',
    postcode: '60200',
    client: { firstName: 'Jana', lastName: 'Nováková' },
  }
  const create = (clientOrderNr: string, quantity: number) =>
    call<Order>('POST', '/orders/create/new', {
      clientOrderNr,
      shipTo,
      items: [{ product: product._id, quantity, price: 10 * quantity }],
    })
  const ready = await create(READY, 1)
  const noGoods = await create(NO_GOODS, 1_000_000)
  assert.equal(ready.status, 'Order Ready for picking')
  assert.equal(noGoods.status, 'No goods')
}

/** The list has settled: no spinner, no request on the way. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle')
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => {})
}

/** The selected tab, when it is the one named (its name is the label and the count). */
const activeTab = (page: Page, label: string) =>
  page.getByRole('tab', { selected: true, name: new RegExp(`^${label}\\s`) })
const row = (page: Page, orderNr: string): Locator =>
  page.locator('tr.ant-table-row', { has: page.getByRole('link', { name: orderNr, exact: true }) })

/**
 * The options of the select list that is open, once it has finished opening: while antd's opening motion
 * runs (classes `*-appear*`, `*-enter*`), the list is for a moment collapsed to nothing, and a count taken
 * then finds no option at all.
 */
const openOptions = (page: Page): Locator =>
  page.locator(
    '.ant-select-dropdown:visible:not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"]) .ant-select-item-option',
  )

/** Opens a select by its label (typing `search` into it when given) and clicks an option. */
async function pick(page: Page, label: string, option: string, search?: string) {
  await page.getByLabel(label, { exact: true }).click()
  if (search) await page.getByLabel(label, { exact: true }).fill(search)
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).first().click()
}

describe('orders list', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
    await createOrders()
  })
  after(async () => {
    await browser.close()
  })

  it('lands on Order Ready for picking; search, tabs and filters live in the URL and survive a reload', async () => {
    const { page, context } = await newPage(browser)
    await signIn(page, 'operator')
    await page.waitForURL((url) => url.pathname === '/orders')
    await settled(page)
    await activeTab(page, en('orders:status.Order Ready for picking')).waitFor()
    await shot(page, 'orders-desktop')

    // Search by order number.
    const box = page.getByLabel(en('orders:search.label'), { exact: true })
    await box.fill(READY)
    await box.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('q') === READY)
    // The search's one row replaces the tab's rows.
    await page.waitForFunction(() => document.querySelectorAll('tr.ant-table-row').length === 1)
    await row(page, READY).waitFor()
    await page.reload()
    await row(page, READY).waitFor()
    assert.equal(await box.inputValue(), READY)

    // Clearing the search goes to the New tab.
    await box.fill('')
    await box.press('Enter')
    await page.waitForURL((url) => url.searchParams.get('status') === 'New' && !url.searchParams.has('q'))
    await activeTab(page, en('orders:status.New')).waitFor()

    // The All tab without a from-date shows the last 30 days.
    await page.getByRole('tab', { name: new RegExp(`^${en('orders:tabs.all')}`) }).click()
    await page.waitForURL((url) => url.searchParams.get('status') === 'All' && url.searchParams.has('from'))
    const from = new Date(`${new URL(page.url()).searchParams.get('from')}T00:00:00Z`)
    const days = Math.round((Date.now() - from.getTime()) / 86_400_000)
    assert.ok(days >= 30 && days <= 31, `from-date ${days} days back`)

    // Filters COD = No COD and country Czech (behind More filters): in the URL, kept after a reload.
    await page.getByRole('button', { name: new RegExp(en('orders:filters.more')) }).click()
    await pick(page, en('orders:filters.cod'), en('orders:filters.codNo'))
    await page.waitForURL((url) => url.searchParams.get('cod') === 'no_cod')
    await pick(page, en('orders:filters.country'), 'Czech', 'Czech')
    await page.waitForURL((url) => url.searchParams.get('country') === 'Czech')
    await settled(page)
    await row(page, NO_GOODS).waitFor()
    await row(page, READY).waitFor()
    await page.reload()
    await row(page, NO_GOODS).waitFor()
    await activeTab(page, en('orders:tabs.all')).waitFor()
    assert.equal(new URL(page.url()).searchParams.get('cod'), 'no_cod')

    // Another tab keeps the filters and lists only its status.
    await page.getByRole('tab', { name: new RegExp(en('orders:status.Order Ready for picking')) }).click()
    await page.waitForURL((url) => url.searchParams.get('status') === null)
    await row(page, NO_GOODS).waitFor({ state: 'detached' })
    await row(page, READY).waitFor()
    assert.equal(new URL(page.url()).searchParams.get('country'), 'Czech')
    await context.close()
  })

  it('exports Per Order line as a real .xlsx with the listed orders', async () => {
    const { page, context } = await newPage(browser)
    await signIn(page, 'operator')
    await page.goto('/orders?status=No+goods&cod=no_cod&country=Czech')
    await settled(page)
    await row(page, NO_GOODS).waitFor()
    await page.getByRole('button', { name: en('orders:export.button') }).click()
    const download = page.waitForEvent('download')
    await page.getByRole('menuitem', { name: en('orders:export.perOrderLine') }).click()
    const file = await download
    assert.match(file.suggestedFilename(), /\.xlsx$/)
    await page.getByText(en('components:export.finished')).waitFor()
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(await file.path())
    const cells: string[] = []
    workbook.worksheets[0]!.eachRow((r) => {
      r.eachCell((c) => {
        cells.push(String(c.value))
      })
    })
    assert.ok(cells.includes(NO_GOODS), 'the export lists the No goods order')
    assert.ok(!cells.includes(READY), 'the export keeps to the filters')
    await context.close()
  })

  it('selects two orders by number and changes their status; the refused one is in the failed-orders record', async () => {
    const { page, context } = await newPage(browser)
    await signIn(page, 'operator')
    await settled(page)
    await page.getByRole('button', { name: en('orders:input.open') }).click()
    const refs = page.getByLabel(en('orders:input.label'))
    await refs.fill(`${READY}\n${NO_GOODS}`)
    await refs.press('Enter')
    await page
      .getByTestId('selected-count')
      .filter({ hasText: en('orders:bulk.selected_other').replace('{{count}}', '2') })
      .waitFor()

    await page.getByRole('button', { name: en('orders:bulk.actions') }).click()
    await page.getByRole('menuitem', { name: en('orders:actions.changeStatus') }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText(en('orders:bulk.forOrders_other').replace('{{count}}', '2')).waitFor()
    // An operator is offered the warehouse-flow move of the ready order; by keyboard: the list is open on
    // the focused select, Enter picks the option and moves the focus to Apply, Enter again sends it.
    await openOptions(page)
      .filter({ hasText: en('orders:status.Product Picking') })
      .waitFor()
    assert.equal(await openOptions(page).count(), 1)
    await page.waitForFunction(() => document.activeElement?.closest('.ant-modal .ant-select') != null)
    await page.keyboard.press('Enter')
    await page.waitForFunction(
      (label) => document.activeElement?.textContent === label,
      en('orders:bulk.apply'),
    )
    await page.keyboard.press('Enter')

    const record = page.getByRole('dialog').filter({ hasText: en('orders:failed.title') })
    await record.waitFor()
    await record.getByText('1 updated, 1 failed').waitFor()
    const failed = record.getByRole('table')
    await failed.getByRole('link', { name: NO_GOODS }).waitFor()
    // The reason in the user's language, from its key (not the server's English message).
    await failed
      .getByText(
        en('orders:failed.reasons.invalidTransition')
          .replace('{{from}}', en('orders:status.No goods'))
          .replace('{{to}}', en('orders:status.Product Picking')),
      )
      .waitFor()
    assert.equal(await failed.getByRole('link', { name: READY }).count(), 0)
    await shot(page, 'orders-failed-record')
    await record
      .locator('.ant-modal-footer')
      .getByRole('button', { name: en('orders:failed.close') })
      .click()

    await page.goto(`/orders?q=${READY}&status=All`)
    await row(page, READY).getByText(en('orders:status.Product Picking'), { exact: true }).waitFor()
    await page.goto(`/orders?q=${NO_GOODS}&status=All`)
    await row(page, NO_GOODS).getByText(en('orders:status.No goods'), { exact: true }).waitFor()
    await context.close()
  })

  it('shows cards instead of the table at phone width (375 px)', async () => {
    const { page, context } = await newPage(browser, { width: 375, height: 812 })
    await signIn(page, 'operator')
    await page.waitForURL((url) => url.pathname === '/orders')
    await page.goto(`/orders?q=${NO_GOODS}&status=All`)
    await page.locator('li .ant-card', { hasText: NO_GOODS }).waitFor()
    assert.equal(await page.locator('table').count(), 0)
    await shot(page, 'orders-375')
    await context.close()
  })
})
