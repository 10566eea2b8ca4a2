import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { apiAs } from '../support/api.ts'
import { answerConfirm, launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'
import { type LabelledOrder, labelledOrder } from '../support/floor.ts'
import { firstPdfPage } from '../support/pdf-viewer.ts'
import { scan } from '../support/scanner.ts'

type Lang = 'en' | 'cs'
const text = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  Object.entries(vars).reduce((t, [k, v]) => t.replaceAll(`{{${k}}}`, String(v)), tr(lang, key))
// signIn picks English on the sign-in form, so the texts come from the English catalogues.
const en = (key: string, vars: Record<string, string | number> = {}) => text('en', key, vars)
const run = Date.now().toString(36).toUpperCase()
const desktop = { width: 1280, height: 800 }
const phone = { width: 390, height: 844 }
const courier = 'Zásilkovna'
const warehouse = 'Praha Hostivař'
const address = {
  country: 'Czech',
  city: 'Brno',
  street: 'Údolní',
  streetNr: '14',
  postcode: '602 00',
  phone: '+420 777 123 456',
}
/** The API's refusal of the unknown code the journey scans (a 4xx the browser reports in its console). */
const refusedScan = [/Failed to load resource: .*\/api\/handovers\/[0-9a-f-]{36}\/scan/]

type Detail = {
  handover: { _id: string; number: number; status: string; orders: number; scanned: number }
  parcels: { order: { _id: string; status: string } }[]
}

const feedbackOf = (page: Page) => page.getByTestId('handover-feedback')

/** A scanner's burst with the focus outside any field (the page's burst listener takes it). */
async function scanAnywhere(page: Page, code: string) {
  await page.getByText(en('handovers:scan.prompt')).click()
  await scan(page, code)
}

/** The order's status badge in its header, in the reader's language. */
const badge = (page: Page, lang: Lang, status: string) =>
  page.locator('header .ant-tag', { hasText: text(lang, `orders:status.${status}`) })

describe('courier handover: from the ready parcels to Shipping', () => {
  let browser: Browser
  let loaded: LabelledOrder
  let later: LabelledOrder

  // Two orders of Zahradní ráj for Zásilkovna, picked, packed and labelled through the API (the Packeta
  // fake makes the labels): the journey is the handover screens after it.
  before(async () => {
    browser = await launch()
    const shipTo = (lastName: string) => ({
      ...address,
      client: { firstName: 'Eva', lastName, email: 'eva@example.cz', phone: address.phone },
    })
    loaded = await labelledOrder({
      tag: `H${run}`,
      orderNr: `HAND-${run}`,
      productName: `Předání ${run}`,
      shipTo: shipTo('Předaná'),
      courier,
    })
    later = await labelledOrder({
      tag: `J${run}`,
      orderNr: `HANDL-${run}`,
      productName: `Později ${run}`,
      shipTo: shipTo('Pozdější'),
      courier,
    })
  })
  after(async () => {
    await browser.close()
  })

  it('creates a handover from the ready group, scans a parcel by a burst, refuses an unknown code, prints the manifest in the app and confirms it: the order is Shipping with its change-log line, in Czech too', async () => {
    const { page, context } = await newPage(browser, desktop, { expected: refusedScan })
    await signIn(page, 'operator')
    await page.goto('/warehouse/handover')
    const ready = page.getByRole('region', { name: en('handovers:ready.title') })
    const group = ready.locator('tr', { hasText: courier }).filter({ hasText: warehouse })
    await group.waitFor()
    await group.getByRole('button', { name: new RegExp(en('handovers:ready.create')) }).click()
    await page.waitForURL(/\/warehouse\/handover\/[0-9a-f-]{36}$/)
    const handoverId = new URL(page.url()).pathname.split('/').pop()!
    const operator = await apiAs('operator')
    const created = await operator.call<Detail>('GET', `/handovers/${handoverId}`)
    const code = `H-${String(created.handover.number).padStart(6, '0')}`
    await page.getByRole('heading', { name: en('handovers:detail.title', { code }) }).waitFor()
    const parcels = page.getByRole('region', { name: en('handovers:detail.parcels') })
    const row = (orderNr: string) => parcels.locator('tr', { hasText: orderNr })
    await row(`HAND-${run}`).getByText(loaded.trackingId).waitFor()
    assert.ok(
      created.parcels.some((p) => p.order._id === later.orderId),
      'every ready order of the group is on it',
    )

    // Only this journey's parcel goes into this van: the others (the demo's ready ones, the later order)
    // are taken off, each after the confirmation, and stay Packed and ready for the next handover.
    for (;;) {
      const other = parcels
        .locator('tbody tr.ant-table-row')
        .filter({ hasNotText: `HAND-${run}` })
        .first()
      if ((await other.count()) === 0) break
      const remove = other.getByRole('button', { name: new RegExp(`^${en('handovers:remove.button')} `) })
      const name = (await remove.getAttribute('aria-label')) ?? ''
      await remove.click()
      await answerConfirm(page, en('handovers:remove.yes'))
      await parcels.getByRole('button', { name, exact: true }).waitFor({ state: 'detached' })
    }
    await page
      .getByRole('progressbar', { name: en('handovers:detail.progress', { scanned: 0, orders: 1 }) })
      .waitFor()

    // A scanner's burst anywhere on the page scans the parcel into the van, in green.
    const feedback = feedbackOf(page)
    await scanAnywhere(page, loaded.trackingId)
    await feedback
      .getByText(en('handovers:scan.ok', { code: loaded.trackingId, scanned: 1, orders: 1 }))
      .waitFor()
    assert.equal(await feedback.getAttribute('data-kind'), 'ok')
    await row(`HAND-${run}`).locator('time').waitFor()

    // An unknown code is refused in red, and changes nothing.
    const unknown = `NOPE${run}`
    await scanAnywhere(page, unknown)
    await feedback.getByText(en('handovers:scan.unknown', { code: unknown })).waitFor()
    assert.equal(await feedback.getAttribute('data-kind'), 'error')
    assert.equal(
      await feedback.evaluate((el) => getComputedStyle(el).backgroundColor),
      'rgb(255, 241, 240)',
      'refused in red',
    )

    // The manifest opens in the app, drawn by the PDF viewer.
    await page.getByRole('link', { name: en('handovers:manifest.print') }).click()
    await page.waitForURL(`**/warehouse/handover/${handoverId}/manifest`)
    const manifest = await firstPdfPage(page)
    assert.ok(manifest.text.includes(code), `the manifest names ${code}: ${manifest.text.slice(0, 200)}`)
    assert.ok(manifest.text.includes(loaded.trackingId), 'the manifest lists the parcel')
    assert.ok(manifest.inked > 0, 'the page is drawn')
    await page.getByRole('link', { name: en('handovers:manifest.back') }).click()

    // Confirmed with the driver's name: the orders go to Shipping.
    await page.getByRole('button', { name: en('handovers:confirm.open') }).click()
    const dialog = page.getByRole('dialog', { name: en('handovers:confirm.title', { code }) })
    await dialog.getByText(en('handovers:confirm.all_one', { count: 1 })).waitFor()
    await dialog.getByRole('textbox', { name: en('handovers:confirm.driver') }).fill('Georgi Dimitrov')
    await dialog.getByRole('button', { name: en('handovers:confirm.submit') }).click()
    await page
      .getByTestId('handover-result')
      .getByText(/moved to Shipping/)
      .waitFor()
    await page.getByText(en('handovers:detail.readOnlyDone')).waitFor()
    assert.equal(await page.getByRole('textbox', { name: en('handovers:scan.manual') }).count(), 0)
    const done = await operator.call<Detail>('GET', `/handovers/${handoverId}`)
    assert.equal(done.handover.status, 'handedOver')

    // The order: Shipping, and the change log says to whom on which handover.
    await page.goto(`/orders/${loaded.orderId}`)
    await badge(page, 'en', 'Shipping').waitFor()
    const line = (lang: Lang) =>
      text(lang, 'order-detail:changeLogs.events.handedOver', { courier, handover: code })
    await page.getByText(line('en')).waitFor()
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/users') && r.request().method() === 'PUT',
    )
    await page.locator('.language-select select').first().selectOption('CZ')
    assert.equal((await saved).status(), 200)
    await page.waitForFunction(() => document.documentElement.lang === 'cs')
    await badge(page, 'cs', 'Shipping').waitFor()
    await page.getByText(line('cs')).waitFor()
    const order = await operator.call<{ status: string }>('GET', `/orders/${later.orderId}`)
    assert.equal(order.status, 'Packed', 'the order taken off stays Packed')
    await context.close()
  })

  it('on a phone, the handover reads as cards and a parcel scans in; cancelled, it is read-only', async () => {
    const operator = await apiAs('operator')
    const groups = await operator.call<
      { warehouse: { _id: string; name: string }; courier: { _id: string; name: string } }[]
    >('GET', '/handovers/ready')
    const group = groups.find((g) => g.courier.name === courier && g.warehouse.name === warehouse)
    assert.ok(group, 'the later order is ready again')
    const made = await operator.call<Detail>('POST', '/handovers', {
      warehouse: group.warehouse._id,
      courier: group.courier._id,
      orders: [later.orderId],
    })
    const code = `H-${String(made.handover.number).padStart(6, '0')}`

    const { page, context } = await newPage(browser, phone)
    await signIn(page, 'operator')
    await page.goto(`/warehouse/handover/${made.handover._id}`)
    await page.getByRole('heading', { name: en('handovers:detail.title', { code }) }).waitFor()
    await page
      .getByRole('progressbar', { name: en('handovers:detail.progress', { scanned: 0, orders: 1 }) })
      .waitFor()
    // Cards, not a table, at phone width.
    assert.equal(await page.locator('.ant-table').count(), 0, 'no table at 390 px')
    await page.getByText(later.trackingId).waitFor()

    // The scanner types into the field, as a handheld one does when the field has the focus.
    await page.getByRole('textbox', { name: en('handovers:scan.manual') }).click()
    await scan(page, later.trackingId)
    await feedbackOf(page)
      .getByText(en('handovers:scan.ok', { code: later.trackingId, scanned: 1, orders: 1 }))
      .waitFor()
    await page
      .getByRole('progressbar', { name: en('handovers:detail.progress', { scanned: 1, orders: 1 }) })
      .waitFor()
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth])
    assert.ok(widths[0]! <= widths[1]!, `no sideways scroll at 390 px (${widths.join(' > ')})`)

    await page.getByRole('button', { name: en('handovers:cancel.button') }).click()
    await answerConfirm(page, en('handovers:cancel.yes'))
    await page.getByText(en('handovers:detail.readOnlyCancelled')).waitFor()
    const order = await operator.call<{ status: string }>('GET', `/orders/${later.orderId}`)
    assert.equal(order.status, 'Packed')
    await context.close()
  })
})
