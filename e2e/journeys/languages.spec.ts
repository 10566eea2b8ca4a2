import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

const languages = [
  { sysLang: 'RO', locale: 'ro' },
  { sysLang: 'CZ', locale: 'cs' },
  { sysLang: 'SK', locale: 'sk' },
  { sysLang: 'RU', locale: 'ru' },
  { sysLang: 'ENG', locale: 'en' },
] as const

describe('switching the language', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
  })
  after(async () => {
    await browser.close()
  })

  it('changes the labels into each of the five languages and keeps the choice after a reload', async () => {
    const { page, context } = await newPage(browser)
    await signIn(page, 'admin')
    await page.goto('/')
    for (const { sysLang, locale } of languages) {
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/api/users') && r.request().method() === 'PUT',
      )
      await page.locator('.language-select select').first().selectOption(sysLang)
      assert.equal((await saved).status(), 200)
      // Czech and Slovak share some words, so wait for the document's language, then check a label.
      await page.waitForFunction((lang) => document.documentElement.lang === lang, locale)
      const orders = tr(locale, 'layout:menu.orders')
      await page.getByText(orders, { exact: true }).first().waitFor()
      await page.reload()
      await page.getByText(orders, { exact: true }).first().waitFor()
      assert.equal(await page.locator('.language-select select').first().inputValue(), sysLang)
    }
    await context.close()
  })
})
