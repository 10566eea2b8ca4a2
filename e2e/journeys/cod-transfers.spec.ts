import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import ExcelJS from 'exceljs'
import type { Browser } from 'playwright-core'
import { apiAs } from '../support/api.ts'
import { launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

const en = (key: string) => tr('en', key)

type Order = {
  _id: string
  clientOrderNr: string
  status: string
  shipping: { trackingId: string }
  payment: { COD: { amount: number } }
  processing: { codTransfferId: string | null }
}
type Transfer = { _id: string; tranfferNr: string; businessclient: { _id: string } }

/**
 * Finance's COD round: a courier's payout spreadsheet marks two of eshop1's COD WAITING orders collected or
 * short-paid, finance writes the short payment off with a reason, makes a transfer and sees the orders
 * Delivered in it; eshop1 then sees its own transfers only.
 */
describe('COD transfers', () => {
  let browser: Browser
  let dir: string
  before(async () => {
    browser = await launch()
    dir = await mkdtemp(path.join(tmpdir(), 'expedo-cod-'))
  })
  after(async () => {
    await browser.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('finance uploads a payout spreadsheet, resolves a mismatch, creates a transfer and sees its orders Delivered', async () => {
    const eshop = await apiAs('eshop1')
    // The newest waiting Czech COD orders: the demo's payout reports took the oldest ones.
    const waiting = await eshop.call<{ list: Order[] }>('POST', '/orders', {
      status: 'COD WAITING',
      country: 'Czech',
      itemsPerPage: 10,
      currentPage: 1,
    })
    const [paid, short] = waiting.list.filter((o) => o.shipping.trackingId && o.payment.COD.amount > 60)
    assert.ok(paid && short, 'two waiting Czech COD orders of eshop1 in the demo')
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Payouts')
    const today = new Date().toISOString().slice(0, 10)
    sheet.addRow(['Tracking id', 'Amount', 'Date'])
    sheet.addRow([paid.shipping.trackingId, paid.payment.COD.amount, today])
    sheet.addRow([short.shipping.trackingId, short.payment.COD.amount - 50, today])
    const file = path.join(dir, 'payouts.xlsx')
    await workbook.xlsx.writeFile(file)

    const { page } = await newPage(browser)
    await signIn(page, 'finance')
    await page.goto('/transfers/reconciliation')
    await page.locator('input[type=file]').setInputFiles(file)
    await page.locator('.ant-alert-success', { hasText: '1 matched, 1 mismatched' }).waitFor()

    const row = page.locator('tr', { hasText: short.shipping.trackingId })
    await row.getByRole('button', { name: en('cod:mismatch.actions') }).click()
    const dialog = page.locator('.ant-modal')
    await dialog.getByText(en('cod:mismatch.writeOff'), { exact: true }).click()
    await dialog.getByRole('button', { name: en('cod:mismatch.actions') }).click()
    await dialog.getByText(en('cod:mismatch.reasonRequired')).waitFor()
    await dialog.getByLabel(en('cod:mismatch.reason')).fill('Courier kept 50 CZK as a fee')
    await dialog.getByRole('button', { name: en('cod:mismatch.actions') }).click()
    await row.waitFor({ state: 'detached' })

    await page.goto('/transfers')
    await page.getByRole('button', { name: en('cod:list.newTransfer') }).click()
    const modal = page.locator('.ant-modal')
    await modal.getByRole('combobox', { name: en('cod:create.client') }).click()
    const clients = await (await apiAs('finance')).call<{ list: { _id: string; name: string }[] }>(
      'GET',
      '/businessclients',
    )
    const name = clients.list.find((c) => c._id === eshop.businessclient)?.name
    assert.ok(name, "eshop1's business client")
    await page.locator('.ant-select-item-option', { hasText: name }).click()
    await modal.getByText(en('cod:create.collected')).waitFor()
    await modal.getByRole('button', { name: en('cod:create.confirm') }).click()
    await page.waitForURL(/\/transfers\/[0-9a-f-]{36}/)
    const transferId = page.url().split('/').at(-1)!.split('?')[0]!
    await page.goto(`/transfers/${transferId}?pageSize=50`)
    for (const order of [paid, short]) {
      const line = page.locator('tr', { hasText: order.shipping.trackingId })
      await line.getByText('Delivered', { exact: true }).waitFor()
      assert.equal(await line.getByRole('link').first().getAttribute('href'), `/orders/${order._id}`)
      const now = await eshop.call<Order>('GET', `/orders/${order._id}`)
      assert.equal(now.status, 'Delivered')
      assert.equal(now.processing.codTransfferId, transferId)
    }
  })

  it('a client sees only its own transfers; another client’s answers not found', async () => {
    const eshop = await apiAs('eshop1')
    const finance = await apiAs('finance')
    const all = await finance.call<{ list: Transfer[] }>('GET', '/transffers?itemsPerPage=1000')
    const own = all.list.filter((t) => t.businessclient._id === eshop.businessclient)
    const foreign = all.list.find((t) => t.businessclient._id !== eshop.businessclient)
    assert.ok(own.length > 0 && foreign, 'the demo has transfers of eshop1 and of another client')

    const { page } = await newPage(browser, undefined, {
      // Another client's transfer, which this journey opens on purpose.
      expected: [/status of 404 \(Not Found\) \(\S+\/api\/transffers\/[^/?]+[?)]/],
    })
    await signIn(page, 'eshop1')
    await page.goto('/transfers?pageSize=50')
    await page.getByRole('link', { name: own[0]!.tranfferNr }).waitFor()
    const numbers = await page.locator('tbody tr a[href^="/transfers/"]').allTextContents()
    assert.deepEqual(
      numbers.sort(),
      own
        .slice(0, 50)
        .map((t) => t.tranfferNr)
        .sort(),
    )
    await page.goto(`/transfers/${foreign._id}`)
    await page.getByText(en('cod:detail.notFound')).waitFor()
  })
})
