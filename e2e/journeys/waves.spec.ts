import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
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
const zone = `W${run}`.slice(0, 9)
const phone = { width: 390, height: 844 }
const address = { country: 'Czech', city: 'Brno', street: 'Údolní', streetNr: '12', postcode: '602 00' }

type Wave = { _id: string; number: number }
const code = (w: Wave) => `W-${String(w.number).padStart(6, '0')}`

describe('waves and picking by scan', () => {
  let browser: Browser
  let warehouseId: string
  let sku: string
  let orderId: string
  let wave: Wave

  before(async () => {
    browser = await launch()
    const operator = await apiAs('operator')
    const warehouses = await operator.call<{ _id: string; name: string }[]>('GET', '/warehouse')
    warehouseId = warehouses.find((w) => w.name === 'Praha Hostivař')!._id
    await operator.call('POST', '/locations/bulk', {
      warehouse: warehouseId,
      zone,
      aisles: { from: 1, to: 1 },
      racks: { from: 1, to: 2 },
      levels: { from: 1, to: 1 },
    })
    const stocked = await stockedProduct(`E2E-WAVE-${run}`, `Vlna ${run}`, 5)
    sku = stocked.sku
    await operator.call('POST', '/locations/putaway', {
      warehouse: warehouseId,
      to: `${zone}-01-02-1`,
      barcode: sku,
      quantity: 5,
    })
    const eshop = await apiAs('eshop1')
    const order = await eshop.call<{ _id: string; status: string }>('POST', '/orders/create/new', {
      clientOrderNr: `WAVE-${run}`,
      shipTo: { ...address, client: { firstName: 'Petr', lastName: 'Vlnový' } },
      items: [{ product: stocked.productId, quantity: 2, price: 100 }],
    })
    assert.equal(order.status, 'Order Ready for picking', 'the order is allocated')
    orderId = order._id
    // Released by hand (the filters would take the demo's other ready orders too).
    const released = await operator.call<{ wave: Wave }>('POST', '/waves', {
      warehouse: warehouseId,
      orders: [orderId],
    })
    wave = released.wave
  })
  after(async () => {
    await browser.close()
  })

  it('the operator finds the wave on a desktop, reads its pick list and prints it; the release form counts what it would take', async () => {
    const { page, context } = await newPage(browser)
    await signIn(page, 'operator')
    await page.goto(`/warehouse/waves?warehouse=${warehouseId}&status=picking`)
    await page.getByRole('heading', { name: en('waves:list.title') }).waitFor()
    await page.getByRole('link', { name: code(wave) }).click()
    await page.getByRole('heading', { name: en('waves:detail.title', { code: code(wave) }) }).waitFor()
    const card = (title: string) =>
      page
        .locator('.ant-card')
        .filter({ has: page.locator('.ant-card-head-title').getByText(title, { exact: true }) })
    const lines = card(en('waves:detail.lines'))
    await lines.getByText(`${zone}-01-02-1`).waitFor()
    await lines.getByText(sku).waitFor()
    await card(en('waves:detail.orders')).getByText(`WAVE-${run}`).waitFor()

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: en('waves:detail.pickList') }).click()
    const file = await download
    assert.equal(file.suggestedFilename(), `pick-list-${code(wave)}.pdf`)
    const pdf = await readFile((await file.path())!)
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-')

    // The release form: nothing is released until it is sent; the count comes from the server.
    await page.goto('/warehouse/waves')
    await page.getByRole('button', { name: en('waves:release.open') }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('wave-preview').waitFor()
    await dialog.getByRole('button', { name: en('waves:release.cancel') }).click()
    await dialog.waitFor({ state: 'hidden' })
    await context.close()
  })

  it('a picker picks the wave on a phone by scanning: a wrong location and a wrong product are refused at once and change nothing', async () => {
    const { page, context } = await newPage(browser, phone)
    await signIn(page, 'operator')
    await page.goto(`/warehouse/waves/${wave._id}/pick`)
    await page.getByTestId('pick-location').getByText(`${zone}-01-02-1`).waitFor()
    await page.getByText(en('waves:pick.scanLocation')).waitFor()
    const feedback = page.getByTestId('pick-feedback')
    // The scan lands wherever the focus is: first outside any field.
    await page.getByTestId('pick-line').click()

    await scan(page, `${zone}-01-01-1`)
    await feedback
      .getByText(en('waves:pick.wrongLocation', { scanned: `${zone}-01-01-1`, expected: `${zone}-01-02-1` }))
      .waitFor()
    assert.equal(await feedback.getAttribute('data-kind'), 'error')
    await scan(page, `${zone}-01-02-1`)
    await page.getByText(en('waves:pick.scanProduct')).waitFor()
    assert.equal(await feedback.getAttribute('data-kind'), 'ok')

    await scan(page, 'NOT-THIS-ONE')
    await feedback.getByText(en('waves:pick.wrongProduct', { scanned: 'NOT-THIS-ONE', sku })).waitFor()
    await scan(page, sku)
    await page.getByText(en('waves:pick.confirmQuantity')).waitFor()
    // A second scan of the goods counts the second unit.
    await page.getByTestId('pick-line').click()
    await scan(page, sku)
    const quantity = page.getByRole('spinbutton', { name: en('waves:pick.quantity') })
    await page.waitForFunction(
      (el) => (el as HTMLInputElement | null)?.value === '2',
      await quantity.elementHandle(),
    )
    await page.getByRole('button', { name: en('waves:pick.confirm_other', { count: 2 }) }).click()
    await page.getByText(en('waves:pick.done')).waitFor()

    const operator = await apiAs('operator')
    const packing = await operator.call<{ list: { sku: string; quantity: number }[] }>(
      'GET',
      `/locations/scan?warehouse=${warehouseId}&code=PACKING`,
    )
    assert.equal(packing.list.find((l) => l.sku === sku)?.quantity, 2)
    const shelf = await operator.call<{ list: { sku: string; quantity: number }[] }>(
      'GET',
      `/locations/scan?warehouse=${warehouseId}&code=${zone}-01-02-1`,
    )
    assert.equal(shelf.list.find((l) => l.sku === sku)?.quantity, 3)
    const order = await operator.call<{ status: string; changeLogs: { what: string }[] }>(
      'GET',
      `/orders/${orderId}`,
    )
    assert.equal(order.status, 'Product Picking')
    assert.equal(order.changeLogs.at(-1)?.what, `Picked 2 × ${sku} at ${zone}-01-02-1`)
    await context.close()
  })
})
