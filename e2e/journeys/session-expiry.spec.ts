import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launch, newPage, signIn } from '../support/browser.ts'

describe('a 401 from the API', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
  })
  after(async () => {
    await browser.close()
  })

  it('clears the stored session and sends the user to /signin', async () => {
    const { page, context } = await newPage(browser, undefined, {
      // The server's refusal of the spoilt token, which this journey provokes.
      expected: [/status of 401 \(Unauthorized\) \(\S+\/api\//],
    })
    await signIn(page, 'eshop1')
    // The token still decodes in the browser, but its signature is wrong: the server answers 401.
    await page.evaluate(() => {
      const token = localStorage.getItem('token') ?? ''
      localStorage.setItem('token', `${token.slice(0, -4)}AAAA`)
    })
    await page.goto('/user-profile-settings')
    await page.waitForURL('**/signin')
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null)
    await context.close()
  })
})
