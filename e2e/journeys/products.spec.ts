import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import ExcelJS from 'exceljs'
import type { Browser, Page } from 'playwright-core'
import { launch, newPage, signIn } from '../support/browser.ts'

// signIn picks English on the sign-in form (the user's sys_lang becomes ENG): texts come from the English catalogue.
const en = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/locales/en/products.json'), 'utf8'),
)
// A SKU of the demo seed (Zahradní ráj's first product).
const SEEDED_SKU = 'ZR-KON-0001'

async function openCreate(page: Page) {
  await signIn(page, 'eshop1')
  await page.goto('/products/create/new')
  await page.getByRole('tab', { name: en.create.tabSingle }).waitFor()
}

async function spreadsheet(dir: string): Promise<string> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Products')
  sheet.addRow(['name', 'codes.sku', 'codes.barcode', 'color', 'size', 'proprieties.weight'])
  sheet.addRow(['Zahradní lopatka E2E', 'E2E-LOP-1', '8594000000017', 'zelená', 'M', 180])
  sheet.addRow(['Řádek bez kódu', 'E2E-LOP-2', '', 'modrá', 'L', 200])
  sheet.addRow(['Konev – duplicitní SKU', SEEDED_SKU, '8594000000024', '', '', 400])
  const file = path.join(dir, 'products.xlsx')
  await workbook.xlsx.writeFile(file)
  return file
}

describe('products', () => {
  let browser: Browser
  let dir: string
  before(async () => {
    browser = await launch()
    dir = await mkdtemp(path.join(tmpdir(), 'expedo-e2e-xlsx-'))
  })
  after(async () => {
    await browser.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('says a duplicate SKU must be unique, with Create disabled until a change', async () => {
    const { page, context } = await newPage(browser, undefined, {
      // The refusal of the duplicate SKU, which this journey provokes.
      expected: [/status of 409 \(Conflict\) \(\S+\/api\/products\)/],
    })
    await openCreate(page)
    // Not `exact`: antd's click wave adds an element inside the button that changes its accessible name.
    const create = page.getByRole('button', { name: en.create.create })
    assert.equal(await create.isDisabled(), true)
    await page.getByLabel(en.fields.name, { exact: true }).fill('Konev plastová – kopie')
    await page.getByLabel(en.fields.sku, { exact: true }).fill(SEEDED_SKU)
    await create.click()
    await page.getByText(en.create.duplicate).first().waitFor()
    // A unique SKU then saves, with a link to the product. antd ignores a click on a button that still
    // shows its spinner (it drops the spinner one render after the answer), so wait for it to go.
    await page.getByLabel(en.fields.sku, { exact: true }).fill('E2E-KON-UNIQUE')
    await page.locator('form[aria-label] button.ant-btn-loading').waitFor({ state: 'detached' })
    await create.click()
    await page.getByText(en.create.saved).waitFor()
    await page.getByRole('link', { name: en.create.seeProduct }).click()
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/)
    await context.close()
  })

  it('refuses a file that is not .xlsx, also a .csv renamed to .xlsx', async () => {
    const { page, context } = await newPage(browser)
    await openCreate(page)
    await page.getByRole('tab', { name: en.create.tabExcel }).click()
    const input = page.locator('input[type=file]')
    const csv = Buffer.from('name,sku,barcode\nRake,R-1,8594001234563\n')
    await input.setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: csv })
    await page.getByText(en.excel.mustBeXlsx).waitFor()
    await page.reload()
    await page.getByRole('tab', { name: en.create.tabExcel }).click()
    await input.setInputFiles({
      name: 'products.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: csv,
    })
    await page.getByText(en.excel.mustBeXlsx).waitFor()
    assert.equal(await page.getByText(en.excel.unreadable).count(), 0)
    await context.close()
  })

  it('previews an Excel file, marks the bad row and shows each product’s result', async () => {
    const { page, context } = await newPage(browser)
    await openCreate(page)
    await page.getByRole('tab', { name: en.create.tabExcel }).click()
    await page.locator('input[type=file]').setInputFiles(await spreadsheet(dir))
    await page.getByText(en.excel.required).waitFor()
    await page.getByText(en.excel.warning.replace('{{count}}', '1')).waitFor()
    await page.getByRole('button', { name: en.excel.save }).click()
    // Partial failure: 'Products Saved' and a row per product sent, the duplicate with its error.
    await page.getByText(en.excel.saved, { exact: true }).waitFor()
    const results = page.getByRole('table')
    await results.getByText('E2E-LOP-1').waitFor()
    const duplicate = results.getByRole('row').filter({ hasText: SEEDED_SKU })
    await duplicate.getByText(en.excel.failed).waitFor()
    assert.match((await duplicate.textContent()) ?? '', new RegExp(en.excel.errors.DUPLICATE_SKU))
    assert.equal(await results.getByText('E2E-LOP-2').count(), 0)
    await context.close()
  })
})
