import assert from 'node:assert/strict'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { apiAs } from '../support/api.ts'
import { launch, newPage, signIn } from '../support/browser.ts'
import { tr } from '../support/catalogues.ts'
import { fakeCameraFilming } from '../support/fake-camera.ts'
import { pickedOrder } from '../support/floor.ts'
import { scan } from '../support/scanner.ts'

// signIn picks English on the sign-in form, so the texts come from the English catalogues.
const en = (key: string, vars: Record<string, string | number> = {}) =>
  Object.entries(vars).reduce((text, [k, v]) => text.replaceAll(`{{${k}}}`, String(v)), tr('en', key))
const run = Date.now().toString(36).toUpperCase()
const desktop = { width: 1280, height: 800 }
const address = { country: 'Czech', city: 'Brno', street: 'Údolní', streetNr: '14', postcode: '602 00' }

type WaveDetail = {
  wave: { number: number }
  orders: { _id: string; internalNumericId: number; slot: number; status: string }[]
  lines: { status: string; order: { _id: string } }[]
}

describe('packing station: scan-to-pack', () => {
  let browser: Browser
  let sku: string
  let orderId: string
  let slipCode: string

  // An order of two units picked through its wave (the set-up goes through the API; the journey is the
  // packing screen).
  before(async () => {
    browser = await launch()
    ;({ orderId, slipCode, sku } = await pickedOrder({
      tag: `P${run}`,
      orderNr: `PACK-${run}`,
      productName: `Balík ${run}`,
      shipTo: { ...address, client: { firstName: 'Eva', lastName: 'Balíková' } },
    }))
  })
  after(async () => {
    await browser.close()
  })

  it('an operator opens the order by its slip, a wrong item is refused in red, the right ones fill it, weight, Packed, and the slip downloads as a PDF', async () => {
    const { page, context } = await newPage(browser, desktop)
    await signIn(page, 'operator')
    await page.goto('/warehouse/packing')
    await page.getByText(en('packing:scanOrder')).waitFor()
    const feedback = page.getByTestId('packing-feedback')

    // In the scan field, the scanner types the slip's code into it.
    await page.getByRole('textbox', { name: en('packing:manual') }).click()
    await scan(page, slipCode)
    await page.getByRole('heading', { name: en('packing:titleOrder', { code: slipCode }) }).waitFor()
    await page.getByTestId('packing-order').getByText(`PACK-${run}`).waitFor()
    assert.equal(new URL(page.url()).searchParams.get('order'), orderId)
    // A reload resumes the order of the URL.
    await page.reload()
    await page.getByText(en('packing:scanItem')).waitFor()
    const line = page.getByTestId('packing-line').filter({ hasText: sku })
    await line.getByText('0 / 2').waitFor()

    // Scans anywhere on the page, outside the field.
    await page.getByTestId('packing-prompt').click()
    await scan(page, 'NOT-IN-THIS-ORDER')
    await feedback.getByText(en('packing:feedback.wrongItem', { scanned: 'NOT-IN-THIS-ORDER' })).waitFor()
    assert.equal(await feedback.getAttribute('data-kind'), 'error')
    assert.equal(
      await feedback.evaluate((el) => getComputedStyle(el).backgroundColor),
      'rgb(255, 241, 240)',
      'refused in red',
    )
    await line.getByText('0 / 2').waitFor()

    await scan(page, sku)
    await line.getByText('1 / 2').waitFor()
    assert.equal(await feedback.getAttribute('data-kind'), 'ok')
    await page.getByTestId('packing-prompt').click()
    await scan(page, sku)
    await feedback.getByText(en('packing:feedback.complete')).waitFor()
    await line.getByText('2 / 2').waitFor()

    // The weight field takes the focus: the scale (or the packer) types the grams and Enter.
    const weight = page.getByRole('spinbutton', { name: en('packing:pack.weight') })
    await page.waitForFunction((el) => el === document.activeElement, await weight.elementHandle())
    await scan(page, '1250')
    // The scale's Enter moves to Packed and does not press it: the packer still checks the parcels.
    const packed = page.getByRole('button', { name: en('packing:pack.submit') })
    await page.waitForFunction((el) => el === document.activeElement, await packed.elementHandle())
    assert.equal(await page.getByTestId('packing-done').count(), 0, 'not packed by the scale alone')
    await packed.click()
    await page
      .getByTestId('packing-done')
      .getByText(en('packing:done.title', { code: slipCode }))
      .waitFor()

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: en('packing:actions.slip') }).click()
    const file = await download
    assert.match(file.suggestedFilename(), /\.pdf$/)
    const pdf = await readFile((await file.path())!)
    assert.equal(pdf.subarray(0, 5).toString(), '%PDF-')

    const operator = await apiAs('operator')
    const order = await operator.call<{ status: string }>('GET', `/orders/${orderId}`)
    assert.equal(order.status, 'Packed')

    await page.getByRole('button', { name: en('packing:actions.next') }).click()
    await page.getByText(en('packing:scanOrder')).waitFor()
    assert.equal(new URL(page.url()).search, '')
    await context.close()
  })

  it('on a phone without a hardware scanner, the camera reads a picked tote of the demo wave (ZXing in the page: Chromium on Linux has no BarcodeDetector) and opens its order', async () => {
    const operator = await apiAs('operator')
    const waves = await operator.call<{ list: { _id: string; number: number }[] }>('GET', '/waves')
    const demo = waves.list.toSorted((a, b) => a.number - b.number)[0]!
    const detail = await operator.call<WaveDetail>('GET', `/waves/${demo._id}`)
    const tote = detail.orders.find(
      (o) =>
        o.status === 'Product Picking' &&
        detail.lines.filter((l) => l.order._id === o._id).every((l) => l.status === 'picked'),
    )
    assert.ok(tote, 'the demo wave has a picked tote (seed: its first three)')
    const code = `W-${String(detail.wave.number).padStart(6, '0')}-${tote.slot}`
    const video = fakeCameraFilming(code, await mkdtemp(path.join(tmpdir(), 'expedo-camera-')))
    const filming = await launch([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ])
    try {
      const { page, context } = await newPage(filming, { width: 390, height: 844 })
      await context.grantPermissions(['camera'])
      await signIn(page, 'operator')
      await page.goto('/warehouse/packing')
      assert.equal(await page.evaluate(() => 'BarcodeDetector' in window), false)
      await page.getByRole('button', { name: en('components:camera.open') }).click()
      const opened = en('packing:feedback.opened', { code: `O-${tote.internalNumericId}` })
      await page.getByTestId('packing-feedback').getByText(opened).waitFor()
      assert.equal(new URL(page.url()).searchParams.get('order'), tote._id)
      // Put down again: the order stays for whoever packs it.
      await page.getByRole('button', { name: en('packing:actions.leave') }).click()
      await page.getByText(en('packing:scanOrder')).waitFor()
      await context.close()
    } finally {
      await filming.close()
    }
  })
})
