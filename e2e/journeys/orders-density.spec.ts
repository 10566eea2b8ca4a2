import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { apiAs } from '../support/api.ts'
import { seriousViolations } from '../support/axe.ts'
import { launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'
import { tablesOverflowing } from '../support/layout.ts'

// Issue 9 "Speed and comfort": the orders list and an order detail at 1280×800 with the side menu open.
const en = (key: string) => tr('en', key)
const SCREEN = { width: 1280, height: 800 }
// axe reads the whole page: on a busy machine a check takes many seconds, and the screens after it wait.
const SLOW = 60_000
const SKU = 'ZR-KON-0001'
const run = Date.now().toString(36).toUpperCase()

/** An order of eshop1 with one product line (so the detail's Products table has every column). */
async function createOrder(): Promise<string> {
  const { call } = await apiAs('eshop1')
  const products = await call<{ list: { _id: string; codes: { sku: string } }[] }>(
    'GET',
    `/products?searchTerm=${SKU}`,
  )
  const product = products.list.find((p) => p.codes.sku === SKU)
  assert.ok(product, `${SKU} is in the demo catalogue`)
  const order = await call<{ _id: string }>('POST', '/orders/create/new', {
    clientOrderNr: `E2E-DENSITY-${run}`,
    shipTo: {
      country: 'Czech',
      city: 'Brno',
      street: 'Kounicova',
      streetNr: '10',
      postcode: '60200',
      client: { firstName: 'Jana', lastName: 'Nováková' },
    },
    items: [{ product: product._id, quantity: 1, price: 10 }],
  })
  return order._id
}

/** The list has its rows and nothing is loading any more. */
async function listSettled(page: Page) {
  await page.locator('tr.ant-table-row').first().waitFor()
  await page.waitForLoadState('networkidle')
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => {})
}

/** Order rows lying wholly inside the viewport, as the page is (not scrolled). */
function rowsInView(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll('tr.ant-table-row')].filter((row) => {
        const box = row.getBoundingClientRect()
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight
      }).length,
  )
}

/** The side menu is open (the measurements are meant with it open). */
async function menuOpen(page: Page) {
  const box = await page.locator('aside').first().boundingBox()
  assert.ok(box && box.width > 150, `the side menu is open (${box?.width} px)`)
}

describe('orders density and fit at 1280×800', () => {
  let browser: Browser
  let orderId: string
  before(async () => {
    browser = await launch()
    orderId = await createOrder()
  })
  after(async () => {
    await browser.close()
  })

  for (const user of ['operator', 'eshop1']) {
    it(`${user}: at least 8 orders in view, every column inside, no serious axe finding; the detail fits too`, async () => {
      const { page, context } = await newPage(browser, SCREEN)
      context.setDefaultTimeout(SLOW)
      await signIn(page, user)
      await page.goto('/orders?status=All')
      await listSettled(page)
      await menuOpen(page)
      assert.deepEqual(await tablesOverflowing(page), [])
      const inView = await rowsInView(page)
      assert.ok(inView >= 8, `${inView} order rows in view`)
      // One overflow menu for the statuses: the spec's 'Other', no '…' of antd's own.
      assert.equal(await page.locator('.ant-tabs-nav-operations').count(), 0)
      await page.getByRole('button', { name: en('orders:tabs.other') }).waitFor()
      assert.deepEqual(await seriousViolations(page), [])

      await page.goto(`/orders/${orderId}`)
      await page.getByRole('heading', { level: 1 }).waitFor()
      await page
        .locator('.ant-card', { hasText: en('order-detail:products.title') })
        .locator('tr.ant-table-row')
        .first()
        .waitFor()
      await page.waitForLoadState('networkidle')
      assert.deepEqual(await tablesOverflowing(page), [])
      assert.deepEqual(await seriousViolations(page), [])
      await context.close()
    })
  }

  it('More filters: open in the URL and after a reload; a filter set in it shows as a count when closed', async () => {
    const { page, context } = await newPage(browser, SCREEN)
    await signIn(page, 'operator')
    await listSettled(page)
    const toggle = page.getByRole('button', { name: new RegExp(en('orders:filters.more')) })
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false')
    assert.equal(await page.getByLabel(en('orders:filters.cod'), { exact: true }).count(), 0)
    await toggle.click()
    await page.waitForURL((url) => url.searchParams.get('more') === 'true')
    await page.reload()
    await listSettled(page)
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true')

    await page.getByLabel(en('orders:filters.cod'), { exact: true }).click()
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText(en('orders:filters.codYes'), { exact: true })
      .click()
    await page.waitForURL((url) => url.searchParams.get('cod') === 'has_cod')
    await toggle.click()
    await page.waitForURL((url) => !url.searchParams.has('more'))
    await page.reload()
    await listSettled(page)
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false')
    assert.equal(await page.getByTestId('more-filters-count').textContent(), '1')
    await context.close()
  })

  it('a search of 1 or 2 characters is not sent: a hint says to type at least 3', async () => {
    const { page, context } = await newPage(browser, SCREEN)
    await signIn(page, 'operator')
    await listSettled(page)
    const searches: string[] = []
    page.on('request', (req) => {
      if (req.url().includes('/api/orders/find/search')) searches.push(req.url())
    })
    const box = page.getByLabel(en('orders:search.label'), { exact: true })
    await box.fill('ab')
    await box.press('Enter')
    await page.getByText(en('orders:search.tooShort').replace('{{count}}', '3')).waitFor()
    await page.waitForLoadState('networkidle')
    assert.deepEqual(searches, [])
    assert.equal(new URL(page.url()).searchParams.get('q'), null)
    await context.close()
  })

  it('the change-status modal closes with one Escape', async () => {
    const { page, context } = await newPage(browser, SCREEN)
    await signIn(page, 'operator')
    await listSettled(page)
    await page
      .getByRole('button', { name: new RegExp(`^${en('orders:actions.changeStatus')}`) })
      .first()
      .click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    // The select has the focus and its list open once the modal has opened.
    await page.waitForFunction(() => document.activeElement?.closest('.ant-modal .ant-select') != null)
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'hidden' })
    await context.close()
  })
})
