import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { apiAs } from '../support/api.ts'
import { baseURL, launch, newPage, signIn } from '../support/browser.ts'
import { inAnyLanguage, tr } from '../support/catalogues.ts'
import { tablesOverflowing } from '../support/layout.ts'
import { firstPdfPage } from '../support/pdf-viewer.ts'

/**
 * The Shoptet add-on in the browser, against the demo's in-process Shoptet fake (its control endpoint at
 * E2E_SHOPTET_URL): a fresh install's activation landing (valid, then used); then, on the demo's shop of
 * eshop1 (seeded by the demo, its products under eshop1's SKUs, so the journeys add no product to the demo
 * data that later journeys read), the settings page switching order import on and off (the webhooks appear
 * and disappear in the fake), the product import with its progress, a shop's order arriving in /orders, and
 * with the shop set to Shoptet invoices, Shoptet's invoice of an order on its page with the PDF.
 */
const shoptet = process.env.E2E_SHOPTET_URL ?? 'http://127.0.0.1:4020'
const en = (key: string) => tr('en', key)
const run = Date.now().toString(36)
const PASSWORD = 'shoptet-e2e-password'
const ORDER_EVENTS = ['order:create', 'order:delete', 'order:update']

type Json = Record<string, unknown>

/** One call to the fake's control endpoint; any answer but 2xx fails the step. */
async function control<T = Json>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${shoptet}/_control${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  assert.ok(res.ok, `${method} /_control${path} answered ${res.status}: ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

interface FakeShopState {
  webhooks: { id: number; event: string; url: string }[]
  products?: unknown[]
}
const webhookEvents = async (eshopId: number) =>
  (await control<FakeShopState>('GET', `/shops/${eshopId}`)).webhooks.map((w) => w.event).sort()

/** Polls `check` until it holds (the fake and the jobs work in the background). */
async function eventually(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 500))
  }
  assert.fail(`${what}: not within ${timeoutMs / 1000} s`)
}

/** Switches a setting's switch and waits for its PUT to succeed and for 'Updated' (spec §8). */
async function toggle(page: Page, label: string) {
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/api/settings/eshops/'),
  )
  await page.getByRole('switch', { name: label }).click()
  const answer = await saved
  assert.equal(answer.status(), 200, `PUT ${label}: ${await answer.text()}`)
  await page.getByText(en('eshops:settings.saved'), { exact: true }).first().waitFor()
}

describe('Shoptet add-on', () => {
  let browser: Browser
  // The fresh install (a new business client and user, activated by the landing).
  let eshopId: number
  let connectionId = ''
  let activationPath = ''
  let username = ''
  // The demo's connection of eshop1 and its shop in the fake.
  let demoShopId: number
  let demoConnectionId = ''
  let demoUrl = ''
  /** eshop1's browser, signed in once for the journeys on the demo shop. */
  let shopper: Awaited<ReturnType<typeof newPage>> | undefined
  const shopperPage = async () => {
    if (!shopper) {
      shopper = await newPage(browser)
      await signIn(shopper.page, 'eshop1')
    }
    return shopper.page
  }

  before(async () => {
    browser = await launch()
    // A fresh install: the merchant installs the add-on, Shoptet calls the installation URL.
    const shop = await control<{ eshopId: number; url: string }>('POST', '/shops', {
      name: `E2E shop ${run}`,
      url: `https://e2e-${run}.myshoptet.test/`,
      contactEmail: `owner-${run}@e2e.test`,
      products: [],
    })
    eshopId = shop.eshopId
    const installed = await control<{ ok: boolean }>('POST', `/shops/${eshopId}/install`, {
      installUrl: `${baseURL}/api/shoptet/install`,
    })
    assert.equal(installed.ok, true, 'the add-on answered the installation call in time')
    // Staff hand the activation link over (admin only).
    const admin = await apiAs('admin')
    const connections = await admin.call<{ _id: string; shoptet_eshopId: number | null }[]>(
      'GET',
      '/settings/eshops',
    )
    const connection = connections.find((c) => c.shoptet_eshopId === eshopId)
    assert.ok(connection, 'the install created a connection')
    connectionId = connection._id
    const auth = await admin.call<{ activationLink: string | null }>(
      'GET',
      `/settings/eshops/${connectionId}/auth`,
    )
    assert.ok(auth.activationLink, 'an activation link')
    activationPath = new URL(auth.activationLink, baseURL).pathname
    username = decodeURIComponent(activationPath.split('/')[5] ?? '')
    assert.ok(username, `a username in ${activationPath}`)

    const eshop1 = await apiAs('eshop1')
    const own = await eshop1.call<{ _id: string; eshopUrl: string; shoptet_eshopId: number | null }[]>(
      'GET',
      '/settings/eshops',
    )
    const demo = own.find((c) => c.shoptet_eshopId !== null)
    assert.ok(demo?.shoptet_eshopId, "the demo connected eshop1's shop")
    demoShopId = demo.shoptet_eshopId
    demoConnectionId = demo._id
    demoUrl = demo.eshopUrl
  })
  after(async () => {
    await shopper?.context.close()
    await browser.close()
  })

  it('the activation link sets the password and opens the connection; used again it has expired', async () => {
    const { page, context } = await newPage(browser)
    await page.goto(activationPath)
    await page.getByRole('heading', { name: inAnyLanguage('eshops:activation.heading') }).waitFor()
    assert.equal(await page.getByLabel(inAnyLanguage('eshops:activation.username')).inputValue(), username)
    await page.getByLabel(inAnyLanguage('eshops:activation.password'), { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Ok' }).click()
    await page.waitForURL(`**/eshops/shoptet/${connectionId}`)
    // Activated and signed in: the ribbon says connected (in the link's language, CZ by default).
    await page.locator('.ant-ribbon', { hasText: inAnyLanguage('eshops:settings.connected') }).waitFor()
    await context.close()

    // The key is single-use.
    const again = await newPage(browser, undefined, {
      // The refusal this step provokes.
      expected: [/status of 410 \(Gone\) \(\S+\/api\/shoptet\/newinstall\/activation\)/],
    })
    await again.page.goto(activationPath)
    await again.page.getByLabel(inAnyLanguage('eshops:activation.password'), { exact: true }).fill(PASSWORD)
    await again.page.getByRole('button', { name: 'Ok' }).click()
    await again.page
      .getByRole('alert')
      .filter({ hasText: inAnyLanguage('errors:ACTIVATION_EXPIRED') })
      .waitFor()
    assert.ok(again.page.url().includes('/shoptet/newinstall/activation/'), 'it stays on the landing')
    await again.context.close()
  })

  it('switching order import on registers the order webhooks in the shop; off removes them', async () => {
    const page = await shopperPage()
    await page.goto('/eshops')
    await page.getByRole('link', { name: en('eshops:list.settings').replace('{{eshop}}', demoUrl) }).click()
    await page.waitForURL(`**/eshops/shoptet/${demoConnectionId}`)
    const importSwitch = page.getByRole('switch', { name: en('eshops:orders.importOrders') })
    const isOn = async () => (await importSwitch.getAttribute('aria-checked')) === 'true'
    // The shop has the order webhooks exactly when the switch says import is on.
    assert.deepEqual(await webhookEvents(demoShopId), (await isOn()) ? ORDER_EVENTS : [])

    // The PUT registers or removes them before it answers: 'Updated' means the shop has them or not.
    await toggle(page, en('eshops:orders.importOrders'))
    assert.deepEqual(await webhookEvents(demoShopId), (await isOn()) ? ORDER_EVENTS : [])
    await toggle(page, en('eshops:orders.importOrders'))
    assert.deepEqual(await webhookEvents(demoShopId), (await isOn()) ? ORDER_EVENTS : [])
    if (!(await isOn())) await toggle(page, en('eshops:orders.importOrders'))
    assert.deepEqual(await webhookEvents(demoShopId), ORDER_EVENTS)

    // Switching the connection off (asked first) removes them; on again with import on brings them back.
    await page.getByRole('switch', { name: en('eshops:settings.connectionLabel') }).click()
    const switchedOff = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/api/settings/eshops/'),
    )
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en('eshops:settings.switchOff') })
      .click()
    assert.equal((await switchedOff).status(), 200)
    await page.locator('.ant-ribbon', { hasText: en('eshops:settings.disconnected') }).waitFor()
    assert.deepEqual(await webhookEvents(demoShopId), [])
    await toggle(page, en('eshops:settings.connectionLabel'))
    await page.locator('.ant-ribbon', { hasText: en('eshops:settings.connected') }).waitFor()
    if (!(await isOn())) await toggle(page, en('eshops:orders.importOrders'))
    assert.deepEqual(await webhookEvents(demoShopId), ORDER_EVENTS)
  })

  it('imports the shop’s products with progress to the final message, matched to the SKUs', async () => {
    const page = await shopperPage()
    await page.goto(`/eshops/shoptet/${demoConnectionId}`)
    await page.getByRole('button', { name: new RegExp(en('eshops:products.importAll')) }).click()
    await page
      .getByRole('progressbar', { name: en('eshops:products.progress') })
      .or(page.getByText(en('eshops:products.imported')))
      .first()
      .waitFor()
    const done = page.getByRole('status').filter({ hasText: en('eshops:products.imported') })
    await done.waitFor()
    // The shop sells eshop1's products under their SKUs: all matched, none created twice.
    const counts = (await done.textContent()) ?? ''
    assert.match(counts, /(^|[^0-9])0 imported, [1-9]\d* updated, 0 failed/)
  })

  it('an order created in the shop arrives in /orders', async () => {
    const code = `9${Date.now().toString().slice(-9)}`
    await control('POST', `/shops/${demoShopId}/orders`, { code, cod: true, country: 'CZ' })
    const page = await shopperPage()
    // The webhook brings it at once; the 2-minute pull would bring it anyway.
    await eventually(
      `order ${code} imported`,
      async () => {
        await page.goto(`/orders?q=${code}&status=All`)
        await page.locator('.ant-table, .ant-empty').first().waitFor()
        return (await page.getByText(code).count()) > 0
      },
      150_000,
    )
  })

  it('a shop set to Shoptet invoices shows Shoptet’s invoice on the order, and its PDF', async () => {
    const eshop1 = await apiAs('eshop1')
    const invoicing = (value: 'expedo' | 'shoptet') =>
      eshop1.call('PUT', `/settings/eshops/${demoConnectionId}`, { 'shoptet_settings.invoicing': value })
    await invoicing('shoptet')
    try {
      const code = `8${Date.now().toString().slice(-9)}`
      await control('POST', `/shops/${demoShopId}/orders`, { code, cod: false, country: 'CZ' })
      let orderId = ''
      await eventually(
        `order ${code} imported`,
        async () => {
          const found = await eshop1.call<{ list: { _id: string; clientOrderNr: string }[] }>(
            'POST',
            '/orders/find/search',
            { searchTerm: code, key: 'clientOrderNr' },
          )
          orderId = found.list.find((o) => o.clientOrderNr === code)?._id ?? ''
          return Boolean(orderId)
        },
        150_000,
      )
      const page = await shopperPage()
      await page.goto(`/orders/${orderId}`)
      await page.getByText(en('order-detail:invoice.shoptet.none')).waitFor()
      assert.equal(
        await page.getByRole('switch', { name: en('order-detail:invoice.generateInvoice') }).count(),
        0,
      )

      // The merchant marks the order done in Shoptet: Shoptet issues the invoice, its webhook brings it.
      await control('PATCH', `/shops/${demoShopId}/orders/${code}`, { statusId: -3 })
      const shop = await control<{ invoices: { code: string; orderCode: string }[] }>(
        'GET',
        `/shops/${demoShopId}`,
      )
      const number = shop.invoices.find((i) => i.orderCode === code)?.code
      assert.ok(number, 'Shoptet issued the invoice')
      const pdfLink = page.getByRole('link', {
        name: en('order-detail:invoice.shoptet.pdfOf').replace('{{number}}', number),
      })
      await eventually(
        `invoice ${number} shown`,
        async () => {
          await page.reload()
          await page.getByText(en('order-detail:invoice.shoptet.by')).first().waitFor()
          return (await pdfLink.count()) > 0
        },
        150_000,
      )
      await page.getByText(number).first().waitFor()

      await pdfLink.click()
      await page.waitForURL(`**/orders/${orderId}/shoptet-invoice`)
      const shown = await firstPdfPage(page)
      assert.ok(shown.text.includes(number), `page 1 shows ${number}: ${shown.text.slice(0, 300)}`)
      assert.ok(shown.inked > 1000, `page 1 is drawn: ${shown.inked} of ${shown.pixels} pixels inked`)
      const download = page.waitForEvent('download')
      await page.getByRole('button', { name: en('order-detail:shoptetInvoicePdf.download') }).click()
      const pdf = await download
      assert.equal(pdf.suggestedFilename(), `${number}.pdf`)
    } finally {
      await invoicing('expedo')
    }
  })

  it('the list shows the connections, and fits 1280 px', async () => {
    const { page, context } = await newPage(browser, { width: 1280, height: 800 })
    await signIn(page, 'admin')
    await page.goto('/eshops')
    const row = page.locator('tr', { hasText: `e2e-${run}` })
    await row.waitFor()
    await row.getByText(en('eshops:status.active')).waitFor()
    assert.deepEqual(await tablesOverflowing(page), [])
    // Phone width: cards instead of the table.
    await page.setViewportSize({ width: 390, height: 800 })
    await page.reload()
    await page.getByRole('link', { name: new RegExp(`e2e-${run}`) }).waitFor()
    assert.equal(await page.locator('table').count(), 0)
    await context.close()
  })
})
