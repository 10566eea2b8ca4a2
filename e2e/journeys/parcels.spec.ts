import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { apiAs, stockedProduct } from '../support/api.ts'
import { answerConfirm, launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

// signIn picks English on the sign-in form, so the texts come from the English catalogues.
const en = (key: string, vars: Record<string, string> = {}) =>
  Object.entries(vars).reduce((text, [k, v]) => text.replace(`{{${k}}}`, v), tr('en', key))
const run = Date.now().toString(36).toUpperCase()
const address = { country: 'Czech', city: 'Brno', street: 'Údolní', streetNr: '12', postcode: '602 00' }

describe('returned parcels', () => {
  let browser: Browser
  let sku: string
  let orderId: string
  let warehouseId: string
  const nr = `E2E-RET-${run}`
  let parcelNr = ''

  /** The available stock of the journey's SKU in the demo's Prague warehouse (eshop1's card). */
  const available = async () => {
    const operator = await apiAs('operator')
    const cards = await operator.call<{ available: number }[]>(
      'POST',
      `/warehouse/${warehouseId}/inventory/${sku}`,
    )
    return cards.reduce((sum, c) => sum + c.available, 0)
  }

  before(async () => {
    browser = await launch()
    const stocked = await stockedProduct(`E2E-RET-${run}`, `Vratka ${run}`, 10)
    sku = stocked.sku
    const eshop = await apiAs('eshop1')
    const order = await eshop.call<{ _id: string }>('POST', '/orders/create/new', {
      clientOrderNr: nr,
      shipTo: { ...address, client: { firstName: 'Eva', lastName: 'Vrácená' } },
      items: [{ product: stocked.productId, quantity: 3, price: 100 }],
    })
    orderId = order._id
    const operator = await apiAs('operator')
    for (const status of ['Product Picking', 'Packed', 'Shipping'])
      await operator.call('PUT', `/orders/${orderId}`, { status })
    const warehouses = await operator.call<{ _id: string; name: string }[]>('GET', '/warehouse')
    warehouseId = warehouses.find((w) => w.name === 'Praha Hostivař')!._id
  })
  after(async () => {
    await browser.close()
  })

  it('the operator registers a returned parcel of a shipped order and processes it: the stock comes back', async () => {
    const before = await available()
    const { page, context } = await newPage(browser)
    await signIn(page, 'operator')
    await page.goto('/parcels/inbound')
    await page.getByRole('button', { name: en('parcels:list.register') }).click()
    const dialog = page.getByRole('dialog')
    const find = dialog.getByRole('searchbox', { name: en('parcels:register.find') })
    await find.fill(nr)
    await find.press('Enter')
    await dialog.getByText(new RegExp(`${nr} · `)).waitFor()
    await dialog.getByRole('combobox', { name: en('parcels:register.warehouse') }).click()
    await page.getByTitle('Praha Hostivař').click()
    await dialog.getByRole('spinbutton', { name: `${en('parcels:register.returned')} ${sku}` }).fill('2')
    await dialog.getByRole('button', { name: en('parcels:register.submit'), exact: true }).click()

    // The new parcel's detail: New, its item, and the action.
    await page.waitForURL(/\/parcels\/inbound\/[0-9a-f-]{36}$/)
    const heading = page.getByRole('heading', { name: /RP\d{6}/ })
    await heading.waitFor()
    parcelNr = /RP\d{6}/.exec((await heading.textContent()) ?? '')![0]
    await page
      .locator('.ant-tag', { hasText: en('parcels:status.New') })
      .first()
      .waitFor()
    assert.equal(await available(), before, 'registering alone does not stock anything')

    await page.getByRole('button', { name: en('parcels:detail.process') }).click()
    await answerConfirm(page, en('components:confirm.yes'))
    await page
      .locator('.ant-tag', { hasText: en('parcels:status.Processed') })
      .first()
      .waitFor()
    await page.getByRole('button', { name: en('parcels:detail.process') }).waitFor({ state: 'detached' })
    assert.equal(await available(), before + 2, 'the two returned units are back on stock, once')

    // The stock movements show the return, linked to the parcel.
    await page.goto(`/${warehouseId}/inventory/${sku}/movement/0/10`)
    const row = page.locator('tr', { hasText: en('stock:movements.triggers.Return') })
    await row.first().waitFor()
    assert.equal(await row.first().getByRole('link', { name: parcelNr }).count(), 1)

    // The list finds it by the order number.
    await page.goto(`/parcels/inbound?q=${nr}`)
    await page.getByRole('link', { name: parcelNr }).waitFor()
    await context.close()
  })

  it('the client sees its parcel read-only, requests its refund from it, and the order shows it', async () => {
    assert.ok(parcelNr, 'the first journey registered a parcel')
    const { page, context } = await newPage(browser)
    await signIn(page, 'eshop1')
    await page.goto('/parcels/inbound')
    await page.getByRole('link', { name: parcelNr }).click()
    await page.getByRole('heading', { name: new RegExp(parcelNr) }).waitFor()
    await page.getByText(`Vratka ${run}`).waitFor()
    assert.equal(await page.getByRole('button', { name: en('parcels:detail.process') }).count(), 0)

    // The processed parcel's refund: prefilled from its order (Czech: account number and bank code).
    await page.getByRole('button', { name: en('refunds:form.createTitle') }).click()
    const modal = page.getByRole('dialog', { name: en('refunds:form.createTitle') })
    await modal.getByLabel(en('refunds:form.accountNr')).fill('19-2000145399')
    await modal.getByLabel(en('refunds:form.accountCode')).fill('0800')
    await modal.getByRole('button', { name: en('refunds:form.create') }).click()
    await page.getByText(en('refunds:form.created')).waitFor()
    const eshop = await apiAs('eshop1')
    const refunds = await eshop.call<{
      list: { order: { _id: string }; inboundparcel: { _id: string } | null }[]
    }>('GET', `/refunds?searchTerm=${nr}`)
    assert.ok(
      refunds.list.some((r) => r.order._id === orderId && r.inboundparcel),
      'the refund is the order’s, linked to the parcel',
    )
    await page.goto('/parcels/inbound')
    assert.equal(await page.getByRole('button', { name: en('parcels:list.register') }).count(), 0)

    await page.goto(`/orders/${orderId}`)
    await page.getByRole('link', { name: parcelNr }).waitFor()
    await context.close()
  })
})
