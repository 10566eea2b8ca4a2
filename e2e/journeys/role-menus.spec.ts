import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { can, type Permission, type Role } from '@expedo/domain'
import type { Browser } from 'playwright-core'
import { launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'

/** The left menu's top-level entries and what makes each visible (spec part 1 §2 "Layout"). */
const entries: { key: string; anyOf: Permission[] }[] = [
  { key: 'orders', anyOf: ['orders.read'] },
  { key: 'invoices', anyOf: ['invoices.read'] },
  { key: 'warehouse', anyOf: ['stock.read'] },
  { key: 'products', anyOf: ['products.read'] },
  { key: 'shipments', anyOf: ['inbound.read', 'parcels.read'] },
  { key: 'finance', anyOf: ['bills.read', 'transfers.read', 'refunds.read'] },
  { key: 'reports', anyOf: ['reports.read'] },
  { key: 'settings', anyOf: ['profile.read', 'eshops.read'] },
]

const demoUsers: { username: string; role: Role }[] = [
  { username: 'admin', role: 'admin' },
  { username: 'operator', role: 'operator' },
  { username: 'finance', role: 'finance' },
  { username: 'eshop1', role: 'client' },
]

describe('the left menu', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
  })
  after(async () => {
    await browser.close()
  })

  for (const { username, role } of demoUsers) {
    it(`shows ${username} (${role}) exactly the entries the role may use`, async () => {
      const { page, context } = await newPage(browser)
      await signIn(page, username)
      const menu = page.getByRole('navigation').or(page.locator('.ant-layout-sider')).first()
      await menu.getByText(tr('en', 'layout:menu.orders'), { exact: true }).waitFor()
      for (const entry of entries) {
        const expected = entry.anyOf.some((p) => can([role], p))
        const label = tr('en', `layout:menu.${entry.key}`)
        const count = await menu.getByText(label, { exact: true }).count()
        assert.equal(
          count > 0,
          expected,
          `${username}: menu entry "${label}" should be ${expected ? 'shown' : 'hidden'}`,
        )
      }
      await context.close()
    })
  }
})
