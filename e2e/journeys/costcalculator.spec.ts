import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { apiAs } from '../support/api.ts'
import { launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

const en = (key: string) => tr('en', key)

/** The value of a result (antd Statistic) by its title. */
const statistic = (page: Page, titleKey: string) =>
  page
    .locator('.ant-statistic', { has: page.getByText(en(titleKey), { exact: true }) })
    .locator('.ant-statistic-content')
    .textContent()

/** Types the orders per month and waits for the own cost per order to show `expected`. */
async function ordersGive(page: Page, orders: number, expected: string) {
  await page.getByLabel(en('costcalculator:orders')).fill(String(orders))
  await page
    .locator('.ant-statistic', {
      has: page.getByText(en('costcalculator:results.ownPerOrder'), { exact: true }),
    })
    .getByText(expected)
    .waitFor()
}

describe('storage-cost calculator', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
  })
  after(async () => {
    await browser.close()
  })

  it('a visitor compares its own cost with the offer at 1000 and 4001 orders, in CZK and in RON', async () => {
    const { page, context } = await newPage(browser)
    // The visitor picked English (as on the sign-in page).
    await page.addInitScript(() => localStorage.setItem('guest_sys_lang', 'ENG'))
    await page.goto('/costcalculator')
    await ordersGive(page, 1000, '52.00 CZK')
    assert.equal(await statistic(page, 'costcalculator:results.offerPerOrder'), '26.00 CZK')
    assert.equal(await statistic(page, 'costcalculator:results.savingPerMonth'), '26,000.00 CZK')
    await ordersGive(page, 4001, '35.74 CZK')
    assert.equal(await statistic(page, 'costcalculator:results.savingPerMonth'), '38,980.50 CZK')

    await page.goto('/costcalculator/ro')
    await ordersGive(page, 1000, '3.65 RON')
    assert.equal(await statistic(page, 'costcalculator:results.offerPerOrder'), '3.25 RON')
    await ordersGive(page, 4001, '3.12 RON')
    await page.getByText(en('costcalculator:results.individual'), { exact: true }).waitFor()
    await page.getByRole('button', { name: en('costcalculator:results.contact') }).click()
    await page.waitForURL(/\/signup$/)
    await context.close()
  })

  it('a signed-in client starts from its own orders of the last 30 days', async () => {
    const me = await (await apiAs('eshop1')).call<{ orders: number }>('GET', '/costcalculator/me')
    const { page, context } = await newPage(browser)
    await signIn(page, 'eshop1')
    await page.goto('/costcalculator')
    const input = page.getByLabel(en('costcalculator:orders'))
    const expected = String(me.orders > 0 ? me.orders : 1000)
    await page.waitForFunction(
      ([value]) => (document.getElementById('orders') as HTMLInputElement | null)?.value === value,
      [expected],
    )
    assert.equal(await input.inputValue(), expected)
    // Typed quickly over the prefilled number, every keystroke stays (the URL used to reset the field to the
    // query before the last keys: "1000" became "100" in 4 of 5 tries). Five times, as a user would retype.
    for (const orders of ['1000', '4001', '1000', '4001', '1000']) {
      await input.selectText()
      await input.pressSequentially(orders)
      await page.waitForURL((url) => url.searchParams.get('orders') === orders)
      assert.equal(await input.inputValue(), orders)
    }
    await context.close()
  })
})
