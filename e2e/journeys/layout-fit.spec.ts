import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { launch, newPage, signIn } from '../support/browser.ts'
import { layoutProblems, tablesOverflowing } from '../support/layout.ts'

/**
 * Issue 9: at 1280×800 with the side menu open, every list screen's table fits — its last column ends inside
 * the viewport, and no table scrolls sideways in its own box (the product page's stock card is narrower than
 * the viewport). Issue 27: in English and in Czech (the longest common language) each list also reads — no
 * header broken inside a word, no cell spilling over the next, no identifier wrapped or cut
 * (support/layout.ts `layoutProblems`).
 */
const viewport = { width: 1280, height: 800 }

/** Tables whose content is wider than their scrolling box (a column the user would have to scroll to). */
function tablesScrolling(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')]
      .filter((box) => box.offsetParent !== null && box.scrollWidth > box.clientWidth + 1)
      .map((box) => box.querySelector('thead th')?.textContent?.trim() ?? ''),
  )
}

/**
 * Opens a list screen and waits for its table's data rows and for the requests behind them to end. Once the
 * app is loaded (signed in) it goes there inside the app, as the menu's links do (the router follows the
 * address on popstate), instead of loading the whole app again for each of some twenty screens; the guarded
 * page settles after the route change (support/axe.ts) before it looks for the new screen's rows.
 */
async function showRows(page: Page, path: string) {
  if (new URL(page.url()).pathname === '/signin' || !/^https?:/.test(page.url())) await page.goto(path)
  else
    await page.evaluate((to) => {
      window.history.pushState(null, '', to)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, path)
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path)
  await page.locator('tbody tr.ant-table-row').first().waitFor()
  await page.waitForLoadState('networkidle')
}

/**
 * The list screens of the menu; `follow` picks the first row link leading on to a detail screen that has a
 * table too (a card's movements, a shipment's goods, a product's stock, a group's products).
 */
const screens: { path: string; follow?: RegExp; only?: string[] }[] = [
  { path: '/orders?status=All', only: ['operator', 'eshop1'] },
  { path: '/warehouse', follow: /\/inventory\/.+\/movement\// },
  { path: '/shipments/inbound', follow: /^\/shipments\/inbound\/[0-9a-f-]{36}$/ },
  { path: '/shipments/inbound/lists/unpaired' },
  { path: '/parcels/inbound', only: ['operator', 'eshop1'] },
  { path: '/products/list/product', follow: /^\/products\/[0-9a-f-]{36}$/ },
  { path: '/products/list/product?view=expanded' },
  { path: '/products/list/group', follow: /^\/productgroup\/[0-9a-f-]{36}$/ },
  { path: '/reports/nogoods' },
  { path: '/reports/stockturnover' },
  { path: '/couriers', follow: /^\/couriers\/[0-9a-f-]{36}$/, only: ['operator', 'eshop1'] },
  // The floor's screens (issue 25): locations (a client sees those holding its goods), waves (operators).
  { path: '/warehouse/locations', only: ['operator', 'eshop1'] },
  { path: '/warehouse/waves', follow: /^\/warehouse\/waves\/[0-9a-f-]{36}$/, only: ['operator'] },
  // The courier handover (issue 25): ready parcels and handovers, then one handover's parcels (operators).
  {
    path: '/warehouse/handover',
    follow: /^\/warehouse\/handover\/[0-9a-f-]{36}$/,
    only: ['operator'],
  },
  // The finance lists are not the warehouse's: a client's (its own) and finance's (every client's).
  { path: '/invoices', follow: /^\/invoices\/[0-9a-f-]{36}$/, only: ['eshop1', 'finance'] },
  { path: '/reports/invoices', only: ['eshop1', 'finance'] },
  // Bills exist once the demo has services (the services seed, then the bills seed).
  { path: '/billing/bills', follow: /^\/billing\/bills\/[0-9a-f-]{36}$/, only: ['eshop1', 'finance'] },
  { path: '/billing/services', only: ['eshop1', 'finance'] },
  { path: '/transfers', only: ['eshop1', 'finance'] },
  { path: '/refunds', only: ['eshop1', 'finance'] },
]

/** Finance sees only the finance lists (the warehouse's screens are the operator's and the client's). */
const financeScreens = new Set([
  '/invoices',
  '/reports/invoices',
  '/billing/bills',
  '/billing/services',
  '/transfers',
  '/refunds',
])

const users = [
  { username: 'operator', role: 'staff' },
  { username: 'finance', role: 'staff' },
  { username: 'eshop1', role: 'client' },
]

const languages = [
  { sysLang: 'ENG', lang: 'en' },
  { sysLang: 'CZ', lang: 'cs' },
] as const

describe('list screens at 1280×800 with the menu open', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
  })
  after(async () => {
    await browser.close()
  })

  for (const { username, role } of users)
    for (const { sysLang, lang } of languages)
      it(`fit the viewport and read for ${username} (${role}) in ${lang}`, async () => {
        const { page, context } = await newPage(browser, viewport)
        await signIn(page, username)
        if (sysLang !== 'ENG') {
          // The user's own choice (PUT /users settings.sys_lang), as the top bar's language select makes it.
          const saved = page.waitForResponse(
            (r) => r.url().endsWith('/api/users') && r.request().method() === 'PUT',
          )
          await page.locator('.language-select select').first().selectOption(sysLang)
          assert.equal((await saved).status(), 200)
        }
        await page.waitForFunction((want) => document.documentElement.lang === want, lang)
        const menu = await page.locator('.ant-layout-sider').first().boundingBox()
        assert.ok(menu && menu.width >= 200, 'the side menu is open')
        const problems: string[] = []
        const check = async (path: string) => {
          await showRows(page, path)
          for (const o of await tablesOverflowing(page))
            problems.push(
              `${path}: "${o.column}" of the table "${o.table}" ends at ${o.right} > ${o.viewport}`,
            )
          for (const table of await tablesScrolling(page))
            problems.push(`${path}: the table "${table}" scrolls sideways`)
          for (const problem of await layoutProblems(page)) problems.push(`${path}: ${problem}`)
        }
        for (const { path, follow, only } of screens) {
          if (only && !only.includes(username)) continue
          if (username === 'finance' && !financeScreens.has(path)) continue
          await check(path)
          if (!follow) continue
          const links = await page
            .locator('tbody a')
            .evaluateAll((as) => as.map((a) => a.getAttribute('href')))
          const link = links.find((href) => href && follow.test(href))
          assert.ok(link, `${path} links to ${follow}`)
          await check(link)
        }
        assert.deepEqual([...new Set(problems)], [])
        await context.close()
      })

  it('on a phone (390×844) in Czech, the list cards cut nothing without an ellipsis', async () => {
    // The language is chosen at desktop width (the top bar's select), then the screen narrows to a phone's.
    const { page, context } = await newPage(browser, viewport)
    await signIn(page, 'eshop1')
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/users') && r.request().method() === 'PUT',
    )
    await page.locator('.language-select select').first().selectOption('CZ')
    assert.equal((await saved).status(), 200)
    await page.waitForFunction(() => document.documentElement.lang === 'cs')
    await page.setViewportSize({ width: 390, height: 844 })
    const problems: string[] = []
    for (const path of ['/orders?status=All', '/refunds', '/billing/bills', '/transfers']) {
      await page.goto(path)
      await page.locator('li > .ant-card').first().waitFor()
      await page.waitForLoadState('networkidle')
      for (const problem of await layoutProblems(page)) problems.push(`${path}: ${problem}`)
    }
    assert.deepEqual([...new Set(problems)], [])
    await context.close()
  })
})
