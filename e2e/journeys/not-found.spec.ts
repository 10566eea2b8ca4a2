import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launch, newPage, signIn } from '../support/browser.ts'
import { inAnyLanguage } from '../support/catalogues.ts'

describe('an unknown path', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
  })
  after(async () => {
    await browser.close()
  })

  it('shows the not-found screen, then sends a signed-out visitor to /signin', async () => {
    const { page, context } = await newPage(browser)
    await page.goto('/no/such/page')
    // A visitor who has not picked a language sees the default (Czech); any translation of the text will do.
    await page.getByText(inAnyLanguage('common:notFound.text')).waitFor()
    await page.waitForURL('**/signin')
    await context.close()
  })

  it('sends a signed-in user to /orders', async () => {
    const { page, context } = await newPage(browser)
    await signIn(page, 'admin')
    await page.goto('/definitely-not-a-route')
    await page.getByText('Sorry,page not found.').waitFor()
    await page.waitForURL('**/orders')
    assert.equal(new URL(page.url()).pathname, '/orders')
    await context.close()
  })
})
