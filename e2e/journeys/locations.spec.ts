import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { apiAs, stockedProduct } from '../support/api.ts'
import { launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'
import { scan } from '../support/scanner.ts'

// signIn picks English on the sign-in form, so the texts come from the English catalogues.
const en = (key: string, vars: Record<string, string | number> = {}) =>
  Object.entries(vars).reduce((text, [k, v]) => text.replaceAll(`{{${k}}}`, String(v)), tr('en', key))
const run = Date.now().toString(36).toUpperCase()
const zone = `Z${run}`.slice(0, 9)
const phone = { width: 390, height: 844 }

describe('warehouse locations and putaway', () => {
  let browser: Browser
  let warehouseId: string
  let sku: string

  before(async () => {
    browser = await launch()
    const stocked = await stockedProduct(`E2E-LOC-${run}`, `Regál ${run}`, 10)
    sku = stocked.sku
    const operator = await apiAs('operator')
    const warehouses = await operator.call<{ _id: string; name: string }[]>('GET', '/warehouse')
    warehouseId = warehouses.find((w) => w.name === 'Praha Hostivař')!._id
  })
  after(async () => {
    await browser.close()
  })

  it('the operator creates locations by ranges on a desktop and finds them by the filters in the URL', async () => {
    const { page, context } = await newPage(browser)
    await signIn(page, 'operator')
    await page.goto(`/warehouse/locations?warehouse=${warehouseId}`)
    await page.getByRole('heading', { name: en('locations:list.title') }).waitFor()
    await page.getByRole('button', { name: en('locations:bulk.open') }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: en('locations:bulk.zone') }).fill(zone)
    const to = (what: string) =>
      dialog.getByRole('spinbutton', {
        name: en('locations:bulk.to', { what: en(`locations:bulk.${what}`) }),
      })
    await to('aisles').fill('2')
    await to('racks').fill('2')
    await to('levels').fill('1')
    await dialog
      .getByText(
        en('locations:bulk.preview', { count: 4, first: `${zone}-01-01-1`, last: `${zone}-02-01-1` }),
      )
      .waitFor()
    await dialog.getByRole('button', { name: en('locations:bulk.create_other', { count: 4 }) }).click()
    await dialog.waitFor({ state: 'hidden' })
    const operator = await apiAs('operator')
    const made = await operator.call<{ total: number }>(
      'GET',
      `/locations?warehouse=${warehouseId}&search=${zone}`,
    )
    assert.equal(made.total, 4)

    const search = page.getByRole('searchbox', { name: en('locations:list.search') })
    await search.fill(zone)
    await search.press('Enter')
    await page.waitForURL(new RegExp(`search=${zone}`))
    const table = page.locator('.ant-table')
    // The pick path walks aisle 2 back down: rack 02 before rack 01.
    await table.getByText(`${zone}-02-01-1`).waitFor()
    const codes = await table.locator('tbody tr.ant-table-row td:first-child').allTextContents()
    assert.deepEqual(codes, [`${zone}-01-01-1`, `${zone}-01-02-1`, `${zone}-02-02-1`, `${zone}-02-01-1`])
    await context.close()
  })

  it('puts received goods away and moves them by scanning on a phone; a wrong scan is refused and changes nothing', async () => {
    // The refused move is the API's 400: expected here.
    const { page, context } = await newPage(browser, phone, {
      expected: [/status of 400 \(Bad Request\) \(\S+\/api\/locations\/move\)/],
    })
    await signIn(page, 'operator')
    await page.goto(`/warehouse/floor?warehouse=${warehouseId}`)
    await page.getByText(en('locations:scan.prompt.product')).waitFor()
    // The scan lands wherever the focus is: first outside any field.
    await page.getByRole('heading', { name: en('locations:scan.title') }).click()
    await scan(page, sku)
    await page.getByText(en('locations:scan.prompt.to')).waitFor()
    await page.getByTestId('putaway-suggestion').waitFor()
    await scan(page, `${zone}-01-01-1`)
    await page.getByText(en('locations:scan.prompt.quantity')).waitFor()
    const quantity = page.getByRole('spinbutton', { name: en('locations:scan.prompt.quantity') })
    await quantity.fill('6')
    await quantity.press('Enter')
    await page
      .getByTestId('scan-result')
      .getByText(
        en('locations:scan.done', { quantity: 6, sku, from: 'RECEIVING', to: `${zone}-01-01-1`, left: 4 }),
      )
      .waitFor()

    // A move asking for more than lies there: refused in red, nothing moves.
    await page.getByText(en('locations:scan.move'), { exact: true }).click()
    await page.getByText(en('locations:scan.prompt.from')).waitFor()
    await scan(page, `${zone}-01-01-1`)
    await page.getByText(en('locations:scan.prompt.product')).waitFor()
    await scan(page, sku)
    await page.getByText(en('locations:scan.prompt.to')).waitFor()
    await scan(page, `${zone}-02-02-1`)
    const moveQuantity = page.getByRole('spinbutton', { name: en('locations:scan.prompt.quantity') })
    await moveQuantity.fill('9')
    await moveQuantity.press('Enter')
    await page
      .locator('.ant-alert-error')
      .getByText(en('locations:scan.errors.tooMany', { count: 6, code: `${zone}-01-01-1` }))
      .waitFor()
    await moveQuantity.fill('2')
    await moveQuantity.press('Enter')
    await page
      .getByTestId('scan-result')
      .getByText(
        en('locations:scan.done', {
          quantity: 2,
          sku,
          from: `${zone}-01-01-1`,
          to: `${zone}-02-02-1`,
          left: 4,
        }),
      )
      .waitFor()

    // A location's contents, by scan.
    await page.getByText(en('locations:scan.contents'), { exact: true }).click()
    await page.getByText(en('locations:scan.prompt.contents')).waitFor()
    await scan(page, `${zone}-02-02-1`)
    const contents = page.getByTestId('location-contents')
    await contents.getByText(sku).waitFor()
    assert.equal((await contents.locator('.ant-list-item strong').textContent())?.trim(), '2')

    const operator = await apiAs('operator')
    const lying = await operator.call<{ list: { sku: string; quantity: number }[] }>(
      'GET',
      `/locations/scan?warehouse=${warehouseId}&code=${zone}-02-02-1`,
    )
    assert.deepEqual(
      lying.list.map((l) => [l.sku, l.quantity]),
      [[sku, 2]],
    )

    // The card's ledger shows the moves with their locations; its total is unchanged.
    await page.goto(`/${warehouseId}/inventory/${sku}/movement/0/10`)
    await page.getByText(en('stock:movements.triggers.Move')).first().waitFor()
    await page.getByText(`${zone}-02-02-1`).first().waitFor()
    await context.close()
  })

  it('an admin sets a warehouse’s sender address from the keyboard; a reload shows it, in Czech on a phone too', async () => {
    const admin = await apiAs('admin')
    const warehouses = await admin.call<{ _id: string; name: string }[]>('GET', '/warehouse')
    const chiajna = warehouses.find((w) => w.name === 'Bucureşti Chiajna')!
    const street = `Strada Depozitului ${run}`
    const { page, context } = await newPage(browser)
    await signIn(page, 'admin')
    await page.goto(`/warehouse/locations?warehouse=${chiajna._id}`)
    const title = en('locations:address.titleOf', { name: chiajna.name })
    const card = page.locator('.ant-card', { has: page.getByRole('heading', { name: title }) })
    await card.getByRole('button', { name: en('locations:address.edit') }).click()
    const save = card.getByRole('button', { name: en('components:form.save') })
    assert.equal(await save.isDisabled(), true)
    // The street has the focus: type it, and Enter saves.
    const streetField = card.getByLabel(en('locations:address.street'))
    assert.equal(await streetField.evaluate((field) => field === document.activeElement), true)
    await streetField.fill(street)
    await page.keyboard.press('Enter')
    await page.getByText(en('locations:address.saved', { name: chiajna.name })).waitFor()
    await card.getByText(`${street} 29`).waitFor()

    await page.reload()
    await card.getByText(`${street} 29`).waitFor()
    const saved = await admin.call<{ street: string; complete: boolean }>(
      'GET',
      `/warehouses/${chiajna._id}/address`,
    )
    assert.deepEqual([saved.street, saved.complete], [street, true])
    await context.close()

    // In Czech on a phone: the same address under the Czech title, the form's labels in Czech.
    const czech = await newPage(browser, phone)
    await czech.page.goto('/signin')
    await czech.page.locator('.language-select select').selectOption('CZ')
    await czech.page.getByLabel(tr('cs', 'auth:fields.username')).fill('admin')
    await czech.page.getByLabel(tr('cs', 'auth:fields.password')).fill('demo-password')
    await czech.page.keyboard.press('Enter')
    await czech.page.waitForURL((url) => !url.pathname.startsWith('/signin'))
    await czech.page.goto(`/warehouse/locations?warehouse=${chiajna._id}`)
    const csTitle = tr('cs', 'locations:address.titleOf').replace('{{name}}', chiajna.name)
    const csCard = czech.page.locator('.ant-card', {
      has: czech.page.getByRole('heading', { name: csTitle }),
    })
    await csCard.getByText(`${street} 29`).waitFor()
    // The title names the warehouse in full beside the button: it wraps, nothing cut.
    const cut = await csCard
      .locator('.ant-card-head-title')
      .evaluate((title) => title.scrollWidth > title.clientWidth + 1)
    assert.equal(cut, false)
    await csCard.getByRole('button', { name: tr('cs', 'locations:address.edit') }).click()
    await csCard.getByLabel(tr('cs', 'locations:address.postCode')).waitFor()
    const width = await czech.page.evaluate(() => document.documentElement.scrollWidth)
    assert.ok(width <= phone.width, `the page is ${width} px wide on a ${phone.width} px phone`)
    await czech.page.keyboard.press('Escape')
    await csCard.getByText(`${street} 29`).waitFor()
    await czech.context.close()
  })
})
