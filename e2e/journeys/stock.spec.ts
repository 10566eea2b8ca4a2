import assert from 'node:assert/strict'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import ExcelJS from 'exceljs'
import type { Browser, Page } from 'playwright-core'
import { launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

// signIn picks English on the sign-in form, so the texts come from the English catalogue.
const en = (key: string) => tr('en', key)
// A SKU of the demo seed (Zahradní ráj's first product) and a demo warehouse.
const SKU = 'ZR-KON-0001'
const WAREHOUSE = 'Praha Hostivař'
const shots = process.env.E2E_SCREENSHOTS

async function shot(page: Page, name: string) {
  if (!shots) return
  await mkdir(shots, { recursive: true })
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true })
}

/** The Total of the SKU's row in a warehouse on /warehouse (0 when the warehouse has no card yet). */
async function totalIn(page: Page, warehouse: string): Promise<number> {
  await page.goto(`/warehouse?sku=${SKU}`)
  await page.getByRole('table').waitFor()
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => {})
  await page.waitForLoadState('networkidle')
  const row = page.locator('tr', { hasText: warehouse })
  if ((await row.count()) === 0) return 0
  return Number(((await row.first().locator('td').last().textContent()) ?? '').trim())
}

async function pick(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click()
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).first().click()
}

describe('stock and inbound shipments', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
  })
  after(async () => {
    await browser.close()
  })

  it('receives an inbound shipment and shows the stock and its movement', async () => {
    const { page, context } = await newPage(browser)
    await signIn(page, 'operator')
    const before = await totalIn(page, WAREHOUSE)
    await shot(page, 'warehouse-desktop')

    await page.goto('/shipments/inbound/create/new')
    await pick(page, en('inbound:columns.warehouse'), WAREHOUSE)
    await pick(page, en('inbound:columns.client'), 'Zahradní ráj s.r.o.')
    await page.getByLabel(en('inbound:columns.transporter')).fill('PPL E2E')
    await page.getByRole('button', { name: en('inbound:create.submit') }).click()
    await page.waitForURL(/\/shipments\/inbound\/[0-9a-f-]{36}$/)

    await page.getByLabel(en('inbound:receive.sku'), { exact: true }).fill(SKU)
    await page.getByLabel(en('inbound:receive.quantity'), { exact: true }).fill('7')
    await page.getByLabel(en('inbound:receive.position'), { exact: true }).fill('E2E-01')
    await page.getByRole('button', { name: en('inbound:receive.add') }).click()
    await page.getByRole('cell', { name: 'E2E-01' }).waitFor()
    await shot(page, 'inbound-detail-desktop')

    assert.equal(await totalIn(page, WAREHOUSE), before + 7)
    await page.locator('tr', { hasText: WAREHOUSE }).first().locator('td').last().getByRole('link').click()
    await page.waitForURL(/\/inventory\/ZR-KON-0001\/movement\/0\/10$/)
    const first = page.locator('.ant-table tbody tr.ant-table-row').first()
    await first.getByText(en('stock:movements.triggers.Inboundshipment'), { exact: true }).waitFor()
    // Columns: date, description, trigger, source, quantity, ...
    assert.equal(((await first.locator('td').nth(4).textContent()) ?? '').trim(), '7')
    await shot(page, 'movements-desktop')
    await page.getByRole('link', { name: en('stock:movements.back') }).click()
    await page.waitForURL(/\/warehouse$/)

    // The product's own page shows the same movement, newest first (the SKU links to the product).
    await totalIn(page, WAREHOUSE)
    await page.locator('tr', { hasText: WAREHOUSE }).first().getByRole('link', { name: SKU }).click()
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/)
    const card = page.locator('.ant-card', { hasText: tr('en', 'products:movements.title') })
    const newest = card.locator('tbody tr.ant-table-row').first()
    await newest.getByText(tr('en', 'products:movements.triggers.Inboundshipment'), { exact: true }).waitFor()
    // Columns: date, warehouse, source, description, quantity, ...
    assert.equal(((await newest.locator('td').nth(4).textContent()) ?? '').trim(), '7')
    await context.close()
  })

  it('shows the balance at a past date once a warehouse is chosen (beta)', async () => {
    const { page, context } = await newPage(browser)
    await signIn(page, 'operator')
    const now = await totalIn(page, WAREHOUSE)
    assert.ok(now > 0)
    const picker = page.getByLabel(en('stock:list.dateTo'), { exact: true })
    assert.equal(await picker.isDisabled(), true)
    await page.getByText(en('stock:list.beta'), { exact: true }).waitFor()
    await pick(page, en('stock:list.warehouse'), WAREHOUSE)
    await page.keyboard.press('Escape')
    assert.equal(await picker.isDisabled(), false)
    await picker.click()
    await picker.fill('01-01-2020')
    await picker.press('Enter')
    await page.getByText(en('stock:list.atDate').replace('{{date}}', '01-01-2020')).waitFor()
    await page.waitForLoadState('networkidle')
    const row = page.locator('tr', { hasText: WAREHOUSE }).first()
    assert.equal(((await row.locator('td').last().textContent()) ?? '').trim(), '0')
    // The export gives what the list shows: the balances at that date.
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: en('stock:list.export') }).click()
    const file = await download
    assert.match(file.suggestedFilename(), /^stock-at-\d{4}-\d{2}-\d{2}\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(await file.path())
    const totals: unknown[] = []
    workbook.worksheets[0]!.eachRow((r, n) => {
      if (n > 1) totals.push(r.getCell(8).value)
    })
    assert.ok(totals.length > 0, 'the export lists the warehouse’s cards')
    assert.deepEqual(new Set(totals), new Set([0]))
    await context.close()
  })

  it('shows cards instead of tables at phone width (375 px)', async () => {
    const { page, context } = await newPage(browser, { width: 375, height: 812 })
    await signIn(page, 'operator')
    await page.goto('/warehouse')
    await page.locator('li .ant-card').first().waitFor()
    assert.equal(await page.locator('table').count(), 0)
    await shot(page, 'warehouse-375')
    await page.goto('/shipments/inbound')
    await page.locator('li .ant-card').first().waitFor()
    assert.equal(await page.locator('table').count(), 0)
    await shot(page, 'inbound-375')
    await context.close()
  })
})
