import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import ExcelJS from 'exceljs'
import type { Browser } from 'playwright-core'
import { apiAs, stockedProduct } from '../support/api.ts'
import { launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

// signIn picks English on the sign-in form, so the texts come from the English catalogues.
const en = (key: string) => tr('en', key)
const run = Date.now().toString(36).toUpperCase()
// '0' sorts before the demo's SKUs: the product is on the report's first page.
const sku = `0E2E-TURN-${run}`
const name = `Obrátkový hrnek ${run}`

describe('stock turnover report', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
    // 10 received, 3 shipped to a customer today: 7 left, lasting 7 ÷ (3 ÷ days) days.
    const { productId } = await stockedProduct(sku, name, 10)
    const eshop = await apiAs('eshop1')
    const order = await eshop.call<{ _id: string; status: string }>('POST', '/orders/create/new', {
      clientOrderNr: `E2E-TURN-${run}`,
      shipTo: { country: 'Czech', city: 'Brno', street: 'Údolní', streetNr: '12', postcode: '602 00' },
      items: [{ product: productId, quantity: 3, price: 100 }],
    })
    const operator = await apiAs('operator')
    for (const status of ['Product Picking', 'Packed', 'Shipping'])
      await operator.call('PUT', `/orders/${order._id}`, { status })
  })
  after(async () => {
    await browser.close()
  })

  it('shows stock, units shipped and days of inventory for 7 and 30 days, with a chart, and exports a real .xlsx', async () => {
    const { page } = await newPage(browser)
    await signIn(page, 'eshop1')
    await page.goto('/reports/stockturnover')
    const row = page.locator('tr', { has: page.getByText(sku, { exact: true }) })
    await row.waitFor()
    const cells = async () => (await row.locator('td').allTextContents()).map((c) => c.trim())
    assert.deepEqual((await cells()).slice(1), [name, 'Praha Hostivař', '7', '3', '16.3'])
    await page.getByRole('img', { name: /units shipped in the last 7 days/ }).waitFor()

    // The days selector writes the URL; the numbers follow the window.
    await page.getByRole('combobox', { name: en('reports:turnover.filters.days') }).click()
    await page.getByTitle('30 days').click()
    await page.waitForURL(/days=30/)
    await page.getByText('Shipped in 30 days').waitFor()
    await row.locator('td', { hasText: '70.0' }).waitFor()

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: en('reports:turnover.export') }).click()
    const file = await download
    assert.match(file.suggestedFilename(), /^stock-turnover-30d-.*\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(await file.path())
    const rows: unknown[][] = []
    workbook.worksheets[0]?.eachRow((r) => rows.push((r.values as unknown[]).slice(1)))
    assert.deepEqual(rows[0], ['SKU', 'Product', 'Warehouse', 'Stock', 'Turnover', 'Days of inventory'])
    assert.deepEqual(
      rows.find((r) => r[0] === sku),
      [sku, name, 'Praha Hostivař', 7, 3, 70],
    )
  })
})
