import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { apiAs } from '../support/api.ts'
import { answerConfirm, launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

// signIn picks English on the sign-in form, so the texts come from the English catalogues.
const en = (key: string) => tr('en', key)

type Courier = { _id: string; name: string; country: string; isDefault: boolean }

/** The list's row of a courier: its cells' texts and whether it carries the default check. */
async function listRow(page: Page, name: string) {
  const row = page.locator('tr', { has: page.getByRole('link', { name, exact: true }) })
  await row.waitFor()
  return { isDefault: (await row.getByLabel(en('couriers:list.isDefault')).count()) === 1 }
}

describe('couriers', () => {
  let browser: Browser
  let admin: Awaited<ReturnType<typeof apiAs>>
  let czech: Courier[]
  before(async () => {
    browser = await launch()
    admin = await apiAs('admin')
    czech = await admin.call<Courier[]>('GET', '/couriers?country=Czech')
  })
  after(async () => {
    // Leave the demo's default as it was for the other journeys.
    const original = czech.find((c) => c.isDefault)
    if (original) await admin.call('POST', `/couriers/${original._id}`)
    await browser.close()
  })

  it('an admin sets another courier as the default of its country and sees the badge move', async () => {
    const before = czech.find((c) => c.isDefault)!
    const other = czech.find((c) => !c.isDefault)!
    const { page, context } = await newPage(browser)
    await signIn(page, 'admin')
    await page.goto('/couriers?country=Czech')
    assert.equal((await listRow(page, before.name)).isDefault, true)
    assert.equal((await listRow(page, other.name)).isDefault, false)

    await page.getByRole('link', { name: other.name, exact: true }).click()
    await page.getByRole('heading', { name: other.name }).waitFor()
    await page.getByRole('button', { name: en('couriers:detail.setDefault') }).click()
    await answerConfirm(page, en('couriers:detail.setDefault'))
    await page.locator('.ant-tag', { hasText: en('couriers:detail.defaultBadge') }).waitFor()

    await page.getByRole('link', { name: en('couriers:detail.back') }).click()
    await page.waitForURL(/\/couriers\?country=Czech|\/couriers$/)
    await page.goto('/couriers?country=Czech')
    assert.equal((await listRow(page, other.name)).isDefault, true)
    assert.equal((await listRow(page, before.name)).isDefault, false)
    await context.close()
  })

  it('an admin adds a locker quotation, edits its price and deactivates it', async () => {
    const gls = czech.find((c) => c.name === 'GLS') ?? czech[0]!
    const { page, context } = await newPage(browser)
    await signIn(page, 'admin')
    await page.goto(`/couriers/${gls._id}`)
    const table = page.getByRole('region', { name: en('couriers:quotations.title') })
    await table.locator('tbody tr.ant-table-row').first().waitFor()
    const rowsBefore = await table.locator('tbody tr.ant-table-row').count()

    await page.getByRole('button', { name: en('couriers:quotations.add') }).click()
    const form = page.getByRole('form', { name: en('couriers:quotations.addTitle') })
    await form.getByLabel(en('couriers:quotations.service')).click()
    await page.locator('.ant-select-item-option', { hasText: en('couriers:services.locker') }).click()
    await form.getByLabel(en('couriers:quotations.currency')).fill('CZK')
    await page.locator('.ant-select-item-option', { hasText: /^CZK/ }).first().click()
    await form.getByLabel(en('couriers:fields.courier_transport')).fill('60')
    await form.getByLabel(en('couriers:fields.courier_fuel_charge')).fill('10')
    await page.getByRole('button', { name: en('couriers:quotations.save') }).click()
    const locker = table.locator('tr', { hasText: en('couriers:services.locker') })
    await locker.getByText('66.00 CZK').waitFor()
    assert.equal(await table.locator('tbody tr.ant-table-row').count(), rowsBefore + 1)

    await locker.getByRole('button', { name: en('couriers:quotations.edit') }).click()
    const edit = page.getByRole('form', { name: en('couriers:quotations.editTitle') })
    await edit.getByLabel(en('couriers:fields.courier_transport')).fill('70')
    await page.getByRole('button', { name: en('couriers:quotations.save') }).click()
    await locker.getByText('77.00 CZK').waitFor()

    await locker.getByRole('button', { name: en('couriers:quotations.deactivate') }).click()
    await answerConfirm(page, en('couriers:quotations.deactivate'))
    await locker.waitFor({ state: 'detached' })
    assert.equal(await table.locator('tbody tr.ant-table-row').count(), rowsBefore)
    await context.close()
  })
})
