import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, BrowserContext } from 'playwright-core'
import { launch, newPage } from '../support/browser.ts'
import { CSP_VIOLATION } from '../support/console-guard.ts'

/**
 * The console and CSP guard every journey runs (support/console-guard.ts) must not pass silently: these
 * pages, served by the browser itself under /__guard-selftest/ with a CSP as strict as the app's about
 * frames (default-src 'self'), make a blob: frame (as the PDF pages did before pdf.js drew them), write
 * console errors and throw.
 */
const pages: Record<string, string> = {
  frame: `const frame = document.createElement('iframe')
frame.title = 'PDF'
frame.src = URL.createObjectURL(new Blob(['<p>PDF</p>'], { type: 'text/html' }))
document.body.append(frame)`,
  refused: `document.querySelector('main').insertAdjacentHTML('beforeend',
  '<div role="dialog" aria-label="Register parcel"><p>Register parcel</p><div class="ant-form-item-explain-error">Enter the returned units</div></div>')`,
  noise: `console.error('expected noise from the self-test')
setTimeout(() => { throw new Error('self-test boom') }, 100)`,
}

async function serve(context: BrowserContext) {
  await context.route('**/__guard-selftest/**', (route) => {
    const name = new URL(route.request().url()).pathname.split('/')[2] ?? ''
    return route.fulfill({
      contentType: 'text/html',
      headers: { 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'" },
      body: `<!doctype html><html lang="en"><head><title>Self-test</title></head><body><main><h1>Self-test</h1></main><script>${pages[name] ?? ''}</script></body></html>`,
    })
  })
}

describe('the console and CSP guard of the journeys', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
  })
  after(async () => {
    await browser.close()
  })

  it('fails the next step on a CSP violation, naming the directive and what it refused', async () => {
    const { page, context } = await newPage(browser)
    await serve(context)
    const violation = page.waitForEvent('console', (m) => m.text().startsWith(CSP_VIOLATION))
    await page.goto('/__guard-selftest/frame')
    await violation
    await assert.rejects(page.title(), (error: Error) => {
      assert.match(error.message, /CSP violation: frame-src refused blob.* on \S+\/__guard-selftest\/frame/)
      return true
    })
    // Reported once: closing does not fail again on it.
    await context.close()
  })

  it('fails a step that waited in vain naming what the page showed: its address, an open dialog, a field error', async () => {
    const { page, context } = await newPage(browser)
    await serve(context)
    await page.goto('/__guard-selftest/refused')
    await assert.rejects(page.waitForURL(/\/parcels\/inbound\/\d+$/, { timeout: 500 }), (error: Error) => {
      assert.match(error.message, /The page showed:\n {2}- at \/__guard-selftest\/refused\n/)
      assert.match(
        error.message,
        /\n {2}- Register parcel Enter the returned units\n {2}- Enter the returned units/,
      )
      return true
    })
    await context.close()
  })

  it('lets through the console errors a journey expects, and fails at close on an uncaught exception', async () => {
    const { page, context } = await newPage(browser, undefined, { expected: [/^expected noise/] })
    await serve(context)
    const thrown = page.waitForEvent('pageerror')
    await page.goto('/__guard-selftest/noise')
    await thrown
    await assert.rejects(context.close(), (error: Error) => {
      assert.match(error.message, /1 unexpected .*\n {2}- Uncaught Error: self-test boom/)
      assert.doesNotMatch(error.message, /expected noise/)
      return true
    })
  })
})
