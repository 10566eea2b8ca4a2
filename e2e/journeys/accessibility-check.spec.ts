import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, BrowserContext } from 'playwright-core'
import { routePattern } from '../support/axe.ts'
import { launch, newPage } from '../support/browser.ts'

/**
 * The accessibility check every journey runs (support/axe.ts) must not pass silently: these pages, served
 * by the browser itself under /__axe-selftest/, carry known violations, and closing the context must fail
 * with them.
 */
const html = (body: string, script = '') =>
  `<!doctype html><html lang="en"><head><title>Self-test</title></head><body><main>${body}</main><script>${script}</script></body></html>`

const pages: Record<string, string> = {
  clean: html('<h1>Clean</h1><button type="button">Next</button>'),
  // The violation appears only once the page's data has arrived (half a second later).
  loading: html(
    '<h1>Loading</h1><p id="state">Loading…</p>',
    `fetch('/__axe-selftest/data').then(() => { document.getElementById('state').innerHTML = '<button type="button"></button>' })`,
  ),
}

async function serve(context: BrowserContext) {
  await context.route('**/__axe-selftest/**', async (route) => {
    const name = new URL(route.request().url()).pathname.split('/')[2] ?? ''
    if (name === 'data') {
      await new Promise((r) => setTimeout(r, 500))
      return route.fulfill({ contentType: 'application/json', body: '{}' })
    }
    return route.fulfill({ contentType: 'text/html', body: pages[name] ?? pages.clean })
  })
}

describe('the accessibility check of the journeys', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
  })
  after(async () => {
    await browser.close()
  })

  it('collapses ids in the route it names', () => {
    assert.equal(routePattern('http://x/orders/01a2-33?tab=2'), '/orders/:id')
    assert.equal(
      routePattern('http://x/a/inventory/ZR-KON-0001/movement/0/10'),
      '/a/inventory/:id/movement/:id/:id',
    )
    assert.equal(routePattern('http://x/shipments/inbound/create/new'), '/shipments/inbound/create/new')
  })

  it('passes a clean page', async () => {
    const { page, context } = await newPage(browser)
    await serve(context)
    await page.goto('/__axe-selftest/clean')
    // Locators of the guarded page combine like plain ones.
    await page.getByRole('heading', { name: 'Clean' }).or(page.locator('h2')).waitFor()
    await page.locator('main', { has: page.getByRole('button', { name: 'Next' }) }).waitFor()
    await context.close()
  })

  it('fails the test on a violation, found once the page has settled and after an SPA route change', async () => {
    const { page, context } = await newPage(browser)
    await serve(context)
    await page.goto('/__axe-selftest/loading')
    // The journey's next call waits for the check, which waits for the page's data: the empty button is seen.
    assert.equal(await page.title(), 'Self-test')
    await page.goto('/__axe-selftest/clean')
    await page.evaluate(() => {
      history.pushState({}, '', '/__axe-selftest/spa/42')
      document.querySelector('main')!.innerHTML = '<h1>Item</h1><img src="data:,">'
    })
    await assert.rejects(context.close(), (error: Error) => {
      assert.match(
        error.message,
        /\/__axe-selftest\/loading as visitor at 1366 px:\n {4}button-name \[critical\]/,
      )
      assert.match(
        error.message,
        /\/__axe-selftest\/spa\/:id as visitor at 1366 px:\n {4}image-alt \[critical\]/,
      )
      assert.doesNotMatch(error.message, /__axe-selftest\/clean/)
      return true
    })
  })
})
