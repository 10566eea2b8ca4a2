import assert from 'node:assert/strict'
import { readFile } from 'node:fs/promises'
import { after, before, describe, it } from 'node:test'
import type { Browser, Page } from 'playwright-core'
import { apiAs } from '../support/api.ts'
import { launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'
import { pickedOrder } from '../support/floor.ts'
import { scan } from '../support/scanner.ts'

// signIn picks English on the sign-in form, so the texts come from the English catalogues.
const en = (key: string, vars: Record<string, string | number> = {}) =>
  Object.entries(vars).reduce((text, [k, v]) => text.replaceAll(`{{${k}}}`, String(v)), tr('en', key))
const run = Date.now().toString(36).toUpperCase()
const desktop = { width: 1280, height: 800 }
const address = {
  country: 'Czech',
  city: 'Brno',
  street: 'Údolní',
  streetNr: '14',
  postcode: '602 00',
  phone: '+420 777 123 456',
}

/**
 * The demo's Packeta fake (its control endpoints under /_control), started by the server on a port the runner
 * chose (run.ts: E2E_PACKETA_URL; the server's PACKETA_FAKE_PORT).
 */
const packetaUrl = process.env.E2E_PACKETA_URL ?? ''

/** Moves the fake's packet one step along its statuses (received → arrived → … → delivered). */
async function advancePacket(packetId: string, steps = 1) {
  for (let i = 0; i < steps; i += 1) {
    const res = await fetch(`${packetaUrl}/_control/packets/${packetId}/advance`, { method: 'POST' })
    assert.equal(res.status, 200, `the Packeta fake advances packet ${packetId}`)
  }
}

const badge = (page: Page, status: string) =>
  page.locator('header .ant-tag', { hasText: en(`orders:status.${status}`) })

describe('courier labels and tracking (Zásilkovna through the Packeta fake)', () => {
  let browser: Browser
  let sku: string
  let orderId: string
  let slipCode: string

  // An order of Zahradní ráj with the Zásilkovna courier, picked through its wave (the set-up goes through
  // the API; the journey is the packing station and the order's Shipping panel).
  before(async () => {
    assert.ok(packetaUrl, 'E2E_PACKETA_URL names the Packeta fake (see e2e/run.ts)')
    browser = await launch()
    ;({ orderId, slipCode, sku } = await pickedOrder({
      tag: `L${run}`,
      orderNr: `LABEL-${run}`,
      productName: `Štítek ${run}`,
      shipTo: {
        ...address,
        client: { firstName: 'Eva', lastName: 'Štítková', email: 'eva@example.cz', phone: address.phone },
      },
      courier: 'Zásilkovna',
    }))
  })
  after(async () => {
    await browser.close()
  })

  it('packed at the station, the label is created and its AWB prints as a PDF; Refresh tracking moves the order to Shipping, then to Delivered', async () => {
    const { page, context } = await newPage(browser, desktop)
    await signIn(page, 'operator')

    // Packed at the station.
    await page.goto('/warehouse/packing')
    await page.getByText(en('packing:scanOrder')).waitFor()
    await page.getByRole('textbox', { name: en('packing:manual') }).click()
    await scan(page, slipCode)
    await page.getByRole('heading', { name: en('packing:titleOrder', { code: slipCode }) }).waitFor()
    await page.getByTestId('packing-prompt').click()
    await scan(page, sku)
    await page.getByTestId('packing-line').filter({ hasText: sku }).getByText('1 / 2').waitFor()
    await page.getByTestId('packing-prompt').click()
    await scan(page, sku)
    const weight = page.getByRole('spinbutton', { name: en('packing:pack.weight') })
    await weight.fill('900')
    await page.getByRole('button', { name: en('packing:pack.submit') }).click()
    await page
      .getByTestId('packing-done')
      .getByText(en('packing:done.title', { code: slipCode }))
      .waitFor()

    // The label: "Creating the label…" while the courier makes it, then Print label (the AWB PDF).
    const printLabel = page.getByRole('button', { name: en('packing:label.print') })
    await printLabel.waitFor()
    await page.getByRole('button', { name: en('packing:actions.slip') }).waitFor()
    const download = page.waitForEvent('download')
    await printLabel.click()
    const file = await download
    assert.match(file.suggestedFilename(), /\.pdf$/)
    const pdf = await readFile((await file.path())!)
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-')

    // The order's Shipping panel: the label created, with its tracking id.
    await page.goto(`/orders/${orderId}`)
    const label = page.getByTestId('label-block')
    await label.getByText(en('orders:label.status.created')).waitFor()
    const trackingId = ((await label.getByTestId('label-tracking-id').textContent()) ?? '').trim()
    assert.match(trackingId, /\d{6,}/, 'a tracking id from the courier')
    await badge(page, 'Packed').waitFor()

    // The AWB PDF downloads from the panel too.
    const again = page.waitForEvent('download')
    await label.getByRole('button', { name: en('order-detail:shipping.label.awbPdf') }).click()
    const awb = await readFile((await (await again).path())!)
    assert.equal(awb.subarray(0, 5).toString(), '%PDF-')

    // The courier takes the parcel: Refresh tracking moves the order to Shipping.
    const packetId = trackingId.replace(/\D/g, '')
    await advancePacket(packetId)
    const refresh = label.getByRole('button', { name: en('order-detail:shipping.label.refresh') })
    await refresh.click()
    await badge(page, 'Shipping').waitFor()

    // Delivered at the courier: Refresh tracking moves it to Delivered, with the parcel's last state.
    await advancePacket(packetId, 5)
    await refresh.click()
    await badge(page, 'Delivered').waitFor()
    await label
      .getByTestId('label-tracking')
      .getByText(en('orders:tracking.state.delivered'), { exact: true })
      .waitFor()

    const operator = await apiAs('operator')
    const order = await operator.call<{ status: string; shipping: { trackingId: string } }>(
      'GET',
      `/orders/${orderId}`,
    )
    assert.equal(order.status, 'Delivered')
    assert.equal(order.shipping.trackingId, trackingId)
    await context.close()
  })
})
