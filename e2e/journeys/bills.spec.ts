import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { apiAs } from '../support/api.ts'
import { answerConfirm, launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'
import { firstPdfPage } from '../support/pdf-viewer.ts'

const en = (key: string) => tr('en', key)

type Bill = {
  _id: string
  locked: boolean
  kind: string
  sequenceNumber: string | null
  businessclient: { _id: string }
}

/**
 * Finance's month-end: run the bills, approve (lock) one, print it and mark it paid. It needs billable
 * services: the demo's services seed (the services area) makes them, and the demo's bills seed leaves the
 * last month of each client unlocked; the run here bills whatever came since.
 */
describe('bills', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
  })
  after(async () => {
    await browser.close()
  })

  it('finance runs the bills, locks one, sees its PDF drawn on /bill/{id}, downloads it, marks it paid and credits it with a reason the credit note prints', async () => {
    const { page } = await newPage(browser)
    await signIn(page, 'finance')
    await page.goto('/billing/bills')
    await page.getByRole('button', { name: en('bills:list.run') }).click()
    await page
      .locator('.ant-modal')
      .getByRole('button', { name: en('bills:list.run') })
      .click()
    await page.getByText(/Bills made: \d+/).waitFor()

    const finance = await apiAs('finance')
    const all = await finance.call<{ list: Bill[] }>('GET', '/bills?itemsPerPage=1000')
    const pending = all.list.find((b) => !b.locked && b.kind === 'bill')
    assert.ok(pending, 'an unlocked bill exists (the demo needs seeded services)')

    await page.goto(`/billing/bills/${pending._id}`)
    await page.getByText(en('bills:detail.pendingTitle')).waitFor()
    await page.getByRole('button', { name: en('bills:detail.lock'), exact: true }).click()
    await answerConfirm(page, /OK|Yes/)
    await page.getByRole('link', { name: en('bills:detail.pdf'), exact: true }).waitFor()
    const locked = await finance.call<Bill>('GET', `/bills/${pending._id}`)
    assert.ok(locked.sequenceNumber, 'the bill got its number')
    await page.getByText(`Bill ${locked.sequenceNumber}`).waitFor()

    await page.getByRole('link', { name: en('bills:detail.pdf'), exact: true }).click()
    await page.waitForURL(`**/bill/${pending._id}`)
    // Drawn in the app (pdf.js), not left to a browser PDF viewer in a frame.
    const shown = await firstPdfPage(page)
    assert.ok(
      shown.text.includes(locked.sequenceNumber),
      `page 1 shows the number: ${shown.text.slice(0, 300)}`,
    )
    assert.ok(shown.inked > 2000, `page 1 is drawn: ${shown.inked} of ${shown.pixels} pixels inked`)
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: en('bills:print.download') }).click()
    const file = await download
    assert.equal(file.suggestedFilename(), `${locked.sequenceNumber}.pdf`)
    const bytes = await readFile((await file.path()) as string)
    assert.equal(bytes.subarray(0, 4).toString(), '%PDF')

    await page.goto(`/billing/bills/${pending._id}`)
    await page.getByRole('button', { name: en('bills:detail.pay'), exact: true }).click()
    await answerConfirm(page, /OK|Yes/)
    await page.locator('.ant-tag', { hasText: en('bills:status.paid') }).waitFor()

    // A correction needs its reason (ZDPH § 45(1)): asked for, and printed on the credit note.
    const reason = `Storage billed twice ${Date.now().toString(36)}`
    await page.getByRole('button', { name: en('bills:detail.credit'), exact: true }).click()
    const dialog = page.getByRole('dialog')
    const issue = dialog.getByRole('button', { name: en('bills:detail.credit'), exact: true })
    assert.equal(await issue.isDisabled(), true, 'no credit note without a reason')
    await dialog.getByRole('textbox', { name: en('bills:detail.creditReason') }).fill(reason)
    await issue.click()
    await dialog.waitFor({ state: 'hidden' })
    const credited = await finance.call<Bill & { creditNote: { _id: string; creditNoteNr: string } | null }>(
      'GET',
      `/bills/${pending._id}`,
    )
    assert.ok(credited.creditNote, 'the bill has its credit note')
    await page.getByRole('link', { name: credited.creditNote.creditNoteNr }).waitFor()
    await page.goto(`/bill/${credited.creditNote._id}`)
    const note = await firstPdfPage(page)
    assert.ok(note.text.includes(reason), `the credit note prints its reason: ${note.text.slice(0, 600)}`)

    // The client sees it paid in its list, with the PDF link.
    const { page: clientPage } = await newPage(browser)
    const owner = (await apiAs('eshop1')).businessclient
    if (owner === locked.businessclient._id) {
      await signIn(clientPage, 'eshop1')
      await clientPage.goto('/billing/bills?status=paid')
      await clientPage.getByRole('link', { name: locked.sequenceNumber }).waitFor()
    }
  })
})
