import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launch, newPage } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

describe('a new e-shop owner', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
  })
  after(async () => {
    await browser.close()
  })

  it('signs up, lands on /profile/null, adds the company and sees its saved profile', async () => {
    const { page, context } = await newPage(browser)
    const username = `owner${Date.now()}`
    await page.goto('/signup')
    await page.locator('.language-select select').selectOption('ENG')
    await page.getByText('Join today.').waitFor()
    await page.getByLabel(tr('en', 'auth:fields.username')).fill(username)
    await page.getByLabel(tr('en', 'auth:fields.password')).fill('a-long-enough-password')
    await page.getByRole('button', { name: 'Sign me up!' }).click()
    await page.waitForURL('**/profile/null')

    await page.getByRole('button', { name: tr('en', 'business-clients:create.addNew') }).click()
    await page.getByLabel(tr('en', 'business-clients:company.name')).fill('Lesní plody s.r.o.')
    await page.getByRole('button', { name: tr('en', 'business-clients:create.submit') }).click()
    await page.waitForURL(/\/profile\/[0-9a-f-]{36}$/)
    const id = new URL(page.url()).pathname.split('/').pop()

    // Saved on the server: a fresh load shows it, and the session now carries the business client.
    await page.reload()
    await page.waitForFunction(
      (name) => Array.from(document.querySelectorAll('input')).some((input) => input.value === name),
      'Lesní plody s.r.o.',
    )
    const claims = await page.evaluate(() =>
      JSON.parse(atob((localStorage.getItem('token') ?? '').split('.')[1] ?? '')),
    )
    assert.equal(claims.businessclient, id)
    await context.close()
  })
})
