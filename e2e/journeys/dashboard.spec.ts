import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

// signIn picks English on the sign-in form, so the texts come from the English catalogues.
const en = (key: string) => tr('en', key)

describe('home dashboard', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
  })
  after(async () => {
    await browser.close()
  })

  it('in Czech at 1280 px, every tile title reads in full (the unbilled title was cut: "Nevyfakturováno tent…")', async () => {
    const { page } = await newPage(browser, { width: 1280, height: 800 })
    await page.goto('/signin')
    await page.locator('.language-select select').selectOption('CZ')
    await page.getByLabel(tr('cs', 'auth:fields.username')).fill('admin')
    await page.getByLabel(tr('cs', 'auth:fields.password')).fill('demo-password')
    await page.keyboard.press('Enter')
    await page.waitForURL((url) => !url.pathname.startsWith('/signin'))
    await page.goto('/')
    const unbilled = tr('cs', 'dashboard:unbilled.title').split(' (')[0] ?? ''
    await page.getByRole('region', { name: new RegExp(`^${unbilled}`) }).waitFor()
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.ant-card-head-title')]
        .filter((title) => title.scrollWidth > title.clientWidth + 1)
        .map((title) => title.textContent),
    )
    assert.deepEqual(cut, [])
  })

  for (const username of ['admin', 'eshop1']) {
    it(`${username}: the tiles show, with a chart, and a tile's link opens the filtered orders list`, async () => {
      const { page } = await newPage(browser)
      await signIn(page, username)
      await page.goto('/')
      for (const key of ['dashboard:waiting.title', 'dashboard:alerts.title', 'dashboard:cod.title'])
        await page.getByRole('region', { name: en(key) }).waitFor()
      // Both roles read services: the unbilled tile is there too.
      await page.getByRole('region', { name: /^Not billed this month/ }).waitFor()
      await page.getByRole('img', { name: /orders created each day of the last 30 days/ }).waitFor()

      const cod = page.getByRole('region', { name: en('dashboard:cod.title') })
      const count = Number(
        (await cod.locator('.ant-statistic-content-value').textContent())?.replace(/\D/g, ''),
      )
      assert.ok(count > 0, 'the demo has COD WAITING orders')
      await cod.getByRole('link', { name: en('dashboard:open') }).click()
      await page.waitForURL(/\/orders\?status=COD\+WAITING/)
      await page.locator('tbody tr.ant-table-row').first().waitFor()
      // The list's COD WAITING tab is the one selected.
      await page.getByRole('tab', { name: /COD WAITING/, selected: true }).waitFor()
    })
  }
})
