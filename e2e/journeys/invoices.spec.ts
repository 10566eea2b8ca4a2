import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, before, describe, it } from 'node:test'
import ExcelJS from 'exceljs'
import type { Browser, Page } from 'playwright-core'
import { apiAs, stockedProduct } from '../support/api.ts'
import { answerConfirm, launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'
import { firstPdfPage } from '../support/pdf-viewer.ts'

// signIn picks English on the sign-in form, so the texts come from the English catalogues.
const en = (key: string) => tr('en', key)
const run = Date.now().toString(36).toUpperCase()
const address = { country: 'Czech', city: 'Brno', street: 'Údolní', streetNr: '12', postcode: '602 00' }

type Order = {
  _id: string
  clientOrderNr: string
  invoice: { _id: string; sequenceNumber: string | null } | null
}

/** eshop1's order of the product (2 pieces for 242.00), optionally asking for an invoice when it ships. */
async function order(productId: string, nr: string, generateInvoice: boolean): Promise<Order> {
  const eshop = await apiAs('eshop1')
  const created = await eshop.call<Order>('POST', '/orders/create/new', {
    clientOrderNr: `${nr}-${run}`,
    shipTo: { ...address, client: { firstName: 'Eva', lastName: 'Fakturová' } },
    items: [{ product: productId, quantity: 2, price: 242 }],
  })
  if (generateInvoice)
    await eshop.call('PUT', `/orders/${created._id}`, { processing: { generate_invoice: true } })
  return created
}

/** Asserts the PDF page drew the document's first page in the app: inked, and showing `text`. */
async function assertFirstPageShows(page: Page, text: string) {
  const shown = await firstPdfPage(page)
  assert.ok(shown.text.includes(text), `page 1 shows ${text}; its text: ${shown.text.slice(0, 300)}`)
  assert.ok(shown.inked > 2000, `page 1 is drawn: ${shown.inked} of ${shown.pixels} pixels inked`)
}

/** The card (antd Card) titled with a catalogue text. */
const card = (page: Page, titleKey: string) =>
  page.locator('.ant-card').filter({
    has: page.locator('.ant-card-head-title').getByText(en(titleKey), { exact: true }),
  })

describe('invoices', () => {
  let browser: Browser
  let productId: string
  before(async () => {
    browser = await launch()
    productId = (await stockedProduct(`E2E-INV-${run}`, `Konev fakturační ${run}`, 20)).productId
  })
  after(async () => {
    await browser.close()
  })

  it('an order shipped with invoicing on gets its invoice: on the order, in /invoices (cards at phone width), as a PDF to download', async () => {
    const shipped = await order(productId, 'E2E-INV-SHIP', true)
    const operator = await apiAs('operator')
    for (const status of ['Product Picking', 'Packed', 'Shipping'])
      await operator.call('PUT', `/orders/${shipped._id}`, { status })
    const eshop = await apiAs('eshop1')
    // The invoicing task runs right after the shipping commit.
    let number: string | null = null
    for (let i = 0; i < 50 && !number; i++) {
      number = (await eshop.call<Order>('GET', `/orders/${shipped._id}`)).invoice?.sequenceNumber ?? null
      if (!number) await new Promise((r) => setTimeout(r, 200))
    }
    assert.ok(number, 'the shipped order was invoiced')

    const { page } = await newPage(browser)
    await signIn(page, 'eshop1')
    await page.goto(`/orders/${shipped._id}`)
    const panel = card(page, 'order-detail:invoice.title')
    await panel.getByRole('link', { name: number, exact: true }).waitFor()
    assert.match((await panel.textContent()) ?? '', /401\.50|242\.00/)

    await page.goto(`/invoices?order=${encodeURIComponent(shipped.clientOrderNr)}`)
    const row = page.locator('tr', { has: page.getByRole('link', { name: number, exact: true }) })
    await row.waitFor()
    await row.getByRole('link', { name: en('invoices:actions.pdfOf').replace('{{number}}', number) }).click()
    await assertFirstPageShows(page, number)
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: en('invoices:pdf.download') }).click()
    const file = await download
    assert.equal(file.suggestedFilename(), `${number}.pdf`)
    const bytes = await readFile(await file.path())
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-')

    // At phone width the list is cards, and the page does not scroll sideways.
    const phone = await newPage(browser, { width: 375, height: 812 })
    await signIn(phone.page, 'eshop1')
    await phone.page.goto(`/invoices?order=${encodeURIComponent(shipped.clientOrderNr)}`)
    await phone.page.locator('li .ant-card', { hasText: number }).waitFor()
    assert.equal(await phone.page.locator('table').count(), 0)
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth)
    assert.ok(width <= 375, `the page is ${width} px wide at 375`)
    await phone.context.close()
  })

  it('a draft’s items are added and removed, it is issued, and a credit note corrects it', async () => {
    const draftOrder = await order(productId, 'E2E-INV-DRAFT', false)
    const eshop = await apiAs('eshop1')
    const { page } = await newPage(browser)
    await signIn(page, 'eshop1')
    // Generated on the order: the button says it is working, then a message says what came out.
    await page.goto(`/orders/${draftOrder._id}`)
    const panel = card(page, 'order-detail:invoice.title')
    await panel.getByRole('button', { name: en('order-detail:invoice.generate') }).click()
    await page.getByText(en('order-detail:invoice.generated'), { exact: true }).waitFor()
    const draftLink = panel.getByRole('link', { name: 'DRAFT', exact: true })
    const invoiceId = ((await draftLink.getAttribute('href')) ?? '').split('/').pop()!
    await draftLink.click()
    await page.waitForURL(`**/invoices/${invoiceId}`)
    await page.getByText(en('invoices:edit.draft'), { exact: true }).first().waitFor()

    const form = page.getByRole('form', { name: en('invoices:items.add') })
    await form.getByLabel(en('invoices:items.name')).fill('Dárkové balení')
    await form.getByLabel(en('invoices:items.quantity')).fill('2')
    await form.getByLabel(en('invoices:items.nettoPrice')).fill('10')
    await form.getByLabel(en('invoices:items.vatPercent')).fill('21')
    await form.getByTestId('live-brutto').getByText('12.10').waitFor()
    await form.getByRole('button', { name: en('invoices:items.add') }).click()
    const added = page.locator('tr', { hasText: 'Dárkové balení' })
    await added.waitFor()
    await added.getByRole('button', { name: `${en('invoices:items.remove')} Dárkové balení` }).click()
    await answerConfirm(page, tr('en', 'components:confirm.yes'))
    await added.waitFor({ state: 'detached' })

    // A draft's PDF is a PROFORMA, saved under that name.
    await page.goto(`/invoices/${invoiceId}/pdf`)
    await assertFirstPageShows(page, 'PROFORMA')
    const proforma = page.waitForEvent('download')
    await page.getByRole('button', { name: en('invoices:pdf.download') }).click()
    const pdf = await proforma
    assert.equal(pdf.suggestedFilename(), 'PROFORMA.pdf')
    assert.equal((await readFile(await pdf.path())).subarray(0, 5).toString(), '%PDF-')
    await page.goto(`/invoices/${invoiceId}`)

    await page.getByRole('button', { name: en('invoices:edit.issue'), exact: true }).click()
    await answerConfirm(page, tr('en', 'components:confirm.yes'))
    // Offered once the invoice is issued: the number is then given.
    await page.getByRole('button', { name: en('invoices:edit.creditNote') }).waitFor()
    const issued = await eshop.call<{ sequenceNumber: string | null }>('GET', `/invoices/${invoiceId}`)
    await page
      .getByText(issued.sequenceNumber ?? 'not issued', { exact: true })
      .first()
      .waitFor()
    assert.ok(issued.sequenceNumber)

    await page.getByRole('button', { name: en('invoices:edit.creditNote') }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel(en('invoices:credit.reason')).fill('Vráceno zákazníkem')
    await dialog.getByRole('button', { name: en('invoices:credit.create') }).click()
    await page.waitForURL(/\/creditnote\//)
    await page.getByRole('link', { name: issued.sequenceNumber }).waitFor()
    await page.getByText('Vráceno zákazníkem').waitFor()

    // The credit note's PDF, drawn in the app as the invoice's.
    const creditId = new URL(page.url()).pathname.split('/').pop()!
    const credit = await eshop.call<{ sequenceNumber: string | null }>('GET', `/invoices/${creditId}`)
    assert.ok(credit.sequenceNumber, 'the credit note has its number')
    await page.goto(`/invoices/${creditId}/pdf`)
    await assertFirstPageShows(page, credit.sequenceNumber)
  })

  it('exports the period’s invoice lines as a real .xlsx, and the report shows the month with a chart', async () => {
    const { page } = await newPage(browser)
    await signIn(page, 'finance')
    await page.goto('/invoices')
    await page.locator('tbody tr').first().waitFor()
    // The menu button's name ends with its label (its icon comes first); 'Export by order numbers' is another.
    await page.getByRole('button', { name: new RegExp(`${en('invoices:export.button')}$`) }).click()
    const download = page.waitForEvent('download')
    await page.getByRole('menuitem', { name: en('invoices:export.invoices') }).click()
    const file = await download
    assert.match(file.suggestedFilename(), /\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(await file.path())
    const header = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)
    assert.ok(header.includes('Number') && header.includes('Total incl. VAT'), String(header))
    assert.ok(workbook.worksheets[0]!.rowCount > 1, 'the month has invoice lines')

    // Finance keeps the exchange rates foreign-currency invoices state their local VAT with.
    await page.goto('/settings/sequences')
    const fx = page.getByRole('form', { name: en('invoices:rates.setFx') })
    await fx.getByLabel(en('invoices:rates.day')).fill('01-01-2020')
    await fx.getByLabel(en('invoices:rates.day')).press('Enter')
    await fx.getByLabel(en('invoices:rates.rate')).fill('27.123')
    await fx.getByRole('button', { name: en('invoices:rates.setFx') }).click()
    await page.getByText('1 EUR = 27.123 CZK').waitFor()

    await page.goto('/reports/invoices')
    const month = `${String(new Date().getMonth() + 1).padStart(2, '0')}/${new Date().getFullYear()}`
    await page.getByRole('cell', { name: month }).first().waitFor()
    await page.locator('[data-testid="invoices-chart"] svg').first().waitFor()
    // One chart per currency (the demo invoices in several): CZK and EUR never share an axis.
    const currencies = await page
      .locator('[data-testid="invoices-chart"]')
      .evaluateAll((charts) => charts.map((chart) => (chart as HTMLElement).dataset.currency ?? ''))
    assert.ok(currencies.length >= 2, `charts: ${currencies.join(', ')}`)
    assert.equal(new Set(currencies).size, currencies.length)
    assert.ok(
      currencies.every((c) => /^[A-Z]{3}$/.test(c)),
      `charts: ${currencies.join(', ')}`,
    )
  })
})
