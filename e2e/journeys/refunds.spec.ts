import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { apiAs, stockedProduct } from '../support/api.ts'
import { answerConfirm, launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

// signIn picks English on the sign-in form, so the texts come from the English catalogues.
const en = (key: string) => tr('en', key)
const run = Date.now().toString(36).toUpperCase()
const IBAN = 'SK6609000000005012345678'

/** The table row that shows `text`. */
const row = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text })

/** Opens the order, clicks Refund and answers the modal. */
async function requestRefund(
  page: Page,
  orderId: string,
  fill: (modal: ReturnType<Page['locator']>) => Promise<void>,
) {
  await page.goto(`/orders/${orderId}`)
  await page.getByRole('button', { name: en('order-detail:actions.refund'), exact: true }).click()
  const modal = page.getByRole('dialog', { name: en('refunds:form.createTitle') })
  await modal.waitFor()
  await fill(modal)
  await modal.getByRole('button', { name: en('refunds:form.create'), exact: true }).click()
  await page.getByText(en('refunds:form.created')).waitFor()
  await modal.waitFor({ state: 'hidden' })
}

describe('refunds', () => {
  let browser: Browser
  const orders: Record<'eur' | 'czk', { _id: string; nr: string }> = {} as never
  before(async () => {
    browser = await launch()
    const { productId } = await stockedProduct(`E2E-REF-${run}`, `Vratka ${run}`, 5)
    const eshop = await apiAs('eshop1')
    for (const [key, country, city] of [
      ['eur', 'Slovakia', 'Bratislava'],
      ['czk', 'Czech', 'Brno'],
    ] as const) {
      const nr = `E2E-REF-${run}-${key.toUpperCase()}`
      const order = await eshop.call<{ _id: string }>('POST', '/orders/create/new', {
        clientOrderNr: nr,
        shipTo: {
          country,
          city,
          street: 'Hlavná',
          streetNr: '7',
          postcode: '811 01',
          client: { firstName: 'Eva', lastName: `Vrátená ${key}` },
        },
        items: [{ product: productId, quantity: 1, price: 100 }],
      })
      orders[key] = { _id: order._id, nr }
    }
  })
  after(async () => {
    await browser.close()
  })

  it('eshop1 requests refunds from orders (EUR asks the IBAN, Czech the account and bank code) and approves them in bulk', async () => {
    const { page } = await newPage(browser)
    await signIn(page, 'eshop1')

    await requestRefund(page, orders.eur._id, async (modal) => {
      assert.equal(await modal.getByLabel(en('refunds:form.currency')).inputValue(), 'EUR')
      assert.equal(await modal.getByLabel(en('refunds:form.accountNr')).count(), 0)
      await modal.getByLabel(en('refunds:form.iban')).fill(IBAN)
      await modal.getByLabel(en('refunds:form.amount')).fill('24.90')
    })
    await requestRefund(page, orders.czk._id, async (modal) => {
      assert.equal(await modal.getByLabel(en('refunds:form.currency')).inputValue(), 'CZK')
      assert.equal(await modal.getByLabel(en('refunds:form.iban'), { exact: true }).count(), 0)
      await modal.getByLabel(en('refunds:form.accountNr')).fill('19-2000145399')
      await modal.getByLabel(en('refunds:form.accountCode')).fill('0800')
    })

    await page.goto(`/refunds?q=E2E-REF-${run}`)
    for (const key of ['eur', 'czk'] as const) {
      const r = row(page, orders[key].nr)
      await r.waitFor()
      await r.getByRole('checkbox').check()
    }
    await page.getByRole('button', { name: en('refunds:bulk.approve'), exact: true }).click()
    for (const key of ['eur', 'czk'] as const)
      await row(page, orders[key].nr)
        .locator('.ant-tag', { hasText: en('refunds:status.Approved') })
        .waitFor()
  })

  it('finance sends the EUR refund in a payment file and marks it Refunded', async () => {
    const { page } = await newPage(browser)
    await signIn(page, 'finance')
    await page.goto(`/refunds?q=${orders.eur.nr}`)
    // Finance's list shows the account paid, not the order (it is in the row's details).
    const r = row(page, IBAN)
    await r.waitFor()
    const refundid = (await r.locator('strong').first().textContent())?.trim() ?? ''
    assert.match(refundid, /^R-\d{6}$/)
    await r.getByRole('checkbox').check()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: /Send payment file \(1\)/ }).click()
    const file = await download
    assert.match(file.suggestedFilename(), /^refunds-\d{4}-\d{2}-\d{2}-1\.xml$/)
    const xml = await readFile((await file.path()) as string, 'utf8')
    assert.match(xml, /urn:iso:std:iso:20022:tech:xsd:pain\.001\.001\.03/)
    assert.ok(xml.includes(`<EndToEndId>${refundid}</EndToEndId>`), 'the refund is in the file')
    assert.ok(xml.includes(`<IBAN>${IBAN}</IBAN>`), 'to the customer’s IBAN')
    await r.locator('.ant-tag', { hasText: en('refunds:status.Pending Bank Confirmation') }).waitFor()

    await r.getByRole('button', { name: en('refunds:actions.markRefunded'), exact: true }).click()
    await answerConfirm(page, /OK|Yes/)
    await r.locator('.ant-tag', { hasText: en('refunds:status.Refunded') }).waitFor()
    // No edit or delete once refunded.
    assert.equal(await r.getByRole('button', { name: en('refunds:actions.edit'), exact: true }).count(), 0)
  })
})
