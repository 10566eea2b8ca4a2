import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import type { Browser } from 'playwright-core'
import { otherLoad, QUIET_CORES } from '../../apps/api/test/load/machine-load.ts'
import { apiAs } from '../support/api.ts'
import { launch } from '../support/browser.ts'
import {
  busyCores,
  type FirstLoad,
  freshContext,
  kb,
  measureFirstLoad,
  median,
} from '../support/first-load.ts'

/**
 * The first-load budgets (issue 9), measured in Chromium against the built app:
 * - /signin, signed out: ≤ 250 KB gzip -9 of everything it fetches (HTML, JS, CSS, catalogues).
 * - /orders, a direct load signed in: ≤ 450 KB gzip -9 of JavaScript, and the orders table's rows in the
 *   DOM within 2.0 s of navigation (median of FIRST_LOAD_RUNS loads, default 3, after a warm-up load).
 *   Issue 9's target is 1.0 s: measured and reported (met / not met) on every run, not enforced (below).
 *   At rest the rows appeared after 1.04 s (2026-11-28, median of 11), 0.87 s once the list call went ahead
 *   of the page's chunks, antd's styles came as a built stylesheet (apps/web/antd-static-styles.ts) and the
 *   list's cells got lighter (`npm run bench -- firstload`, docs/benchmarks.md).
 * - /orders with antd's built stylesheet looks exactly as with the styles antd makes at run time (the
 *   same pixels), and antd then makes few of its styles at run time.
 *
 * Sizes do not depend on the machine: they are always enforced. Time does, and a speed target is proven by
 * `npm run bench`, not by a timed test: the same build (stop 18's) answered its rows after 1.84 s on one day
 * and 3.3 s on another on the same kind of runner with the rest of the machine idle, so the CI runner's speed,
 * not the code, decided the journey. The time is measured and reported on every run (a test diagnostic and a
 * log line, with the target met or not); FIRST_LOAD_TIME=enforce fails the journey over the 2.0 s budget
 * (on a machine known to be quiet and fast), FIRST_LOAD_TIME=auto enforces it when the rest of the machine
 * is at rest (under half a core, /proc).
 * Each load has a fresh browser context (an empty cache: a first visit, or the first one after a deploy).
 */
const SIGNIN_BUDGET = 250_000
const ORDERS_JS_BUDGET = 450_000
/**
 * Issue 27: the files /orders asks for before its rows (79 JavaScript files at issue time, 89 files in all
 * before the signed-in pages' chunks were planned: apps/web/code-splitting.ts; 20 after).
 */
const ORDERS_FILES_BEFORE_ROWS = 30
/** Issue 9's target for the rows of /orders: reported, not enforced (the machine's speed decides it). */
const ORDERS_TIME_TARGET_MS = 1000
/** What is enforced at rest meanwhile: a regression guard (2.2 s before issue 9's work, 1.5 s after). */
const ORDERS_TIME_BUDGET_MS = 2000
const AT_REST_BUSY_CORES = QUIET_CORES
const runs = Math.max(1, Number(process.env.FIRST_LOAD_RUNS ?? 3))
const timeMode = process.env.FIRST_LOAD_TIME ?? 'report'

function report(title: string, load: FirstLoad) {
  const files = [...load.files].sort((a, b) => b.gzip - a.gzip)
  console.log(`\n${title}: ${files.length} files, ${kb(load.totalGzip)} gzip, of which JS ${kb(load.jsGzip)}`)
  for (const f of files) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.path}`)
}

describe('first load', () => {
  let browser: Browser
  before(async () => {
    browser = await launch()
  })
  after(async () => {
    await browser.close()
  })

  it('/signin fetches at most 250 KB gzip', async () => {
    const load = await measureFirstLoad(browser, { path: '/signin', ready: 'input[type="password"]' })
    report('/signin', load)
    assert.ok(
      load.totalGzip <= SIGNIN_BUDGET,
      `/signin: ${kb(load.totalGzip)} gzip, over the ${kb(SIGNIN_BUDGET)} budget`,
    )
  })

  it('/orders signed in: at most 450 KB gzip of JavaScript in at most 30 files before the rows, the table’s time reported (budget 2.0 s, target 1.0 s)', async (t) => {
    // The operator lands on /orders after sign-in and sees every client's orders.
    const { token } = await apiAs('operator')
    const options = { path: '/orders', ready: 'tr.ant-table-row', token, apiCall: '^/api/orders$' }
    const warmUp = await measureFirstLoad(browser, options)
    report('/orders (warm-up load)', warmUp)
    assert.ok(
      warmUp.jsGzip <= ORDERS_JS_BUDGET,
      `/orders: ${kb(warmUp.jsGzip)} gzip of JavaScript, over the ${kb(ORDERS_JS_BUDGET)} budget`,
    )
    assert.ok(
      warmUp.requestedBeforeReady <= ORDERS_FILES_BEFORE_ROWS,
      `/orders asked for ${warmUp.requestedBeforeReady} files before its rows, more than ${ORDERS_FILES_BEFORE_ROWS}`,
    )

    const busyBefore = await busyCores()
    const during = otherLoad(Number(process.env.E2E_ROOT_PID ?? process.ppid))
    const loads: FirstLoad[] = []
    for (let i = 0; i < runs; i++) loads.push(await measureFirstLoad(browser, { ...options, sizes: false }))
    const busy = Math.max(busyBefore, during.stop())
    const ready = median(loads.map((l) => l.readyMs))
    const callStart = median(loads.map((l) => l.apiCall?.startMs ?? Number.NaN))
    const callEnd = median(loads.map((l) => l.apiCall?.endMs ?? Number.NaN))
    const atRest = busy < AT_REST_BUSY_CORES
    const enforce = timeMode === 'enforce' || (timeMode === 'auto' && atRest)
    const summary =
      `/orders: rows after ${ready.toFixed(0)} ms (median of ${runs}: ` +
      `${loads.map((l) => l.readyMs.toFixed(0)).join(', ')}); POST /api/orders ${callStart.toFixed(0)}–${callEnd.toFixed(0)} ms; ` +
      `the rest of the machine used ${busy.toFixed(2)} cores before or during the loads ` +
      `(${enforce ? `${ORDERS_TIME_BUDGET_MS} ms enforced` : `${ORDERS_TIME_BUDGET_MS} ms budget reported, not enforced`}; ` +
      `target ${ORDERS_TIME_TARGET_MS} ms ${ready <= ORDERS_TIME_TARGET_MS ? 'met' : 'not met'}); ` +
      `${warmUp.requestedBeforeReady} files asked for before the rows`
    console.log(`\n${summary}`)
    t.diagnostic(summary)
    for (const load of loads) assert.ok(Number.isFinite(load.readyMs), 'the rows appeared')
    if (enforce) {
      assert.ok(
        ready <= ORDERS_TIME_BUDGET_MS,
        `/orders: rows after ${ready.toFixed(0)} ms, over the ${ORDERS_TIME_BUDGET_MS} ms budget`,
      )
    }
  })

  it("/orders signed in: antd's built stylesheet gives the same pixels as antd's own styles, and spares making them", async () => {
    const { token } = await apiAs('operator')
    // Orders up to two days ago: the demo shop's pulls add new orders meanwhile, not to this view.
    const to = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)
    const load = async (builtSheet: boolean) => {
      const context = await freshContext(browser, {
        token,
        viewport: { width: 1280, height: 800 },
        // The stylesheet this test refuses.
        expected: builtSheet
          ? []
          : [/^Failed to load resource: net::ERR_FAILED \(.*\/assets\/antd-[^/]*\.css\)/],
      })
      try {
        const page = await context.newPage()
        // Without the sheet (as on a failed load), antd makes every style itself, as before it existed.
        if (!builtSheet) await page.route('**/assets/antd-*.css', (route) => route.abort())
        await page.goto(`/orders?status=All&to=${to}`)
        await page.locator('tr.ant-table-row').first().waitFor()
        await page.waitForLoadState('networkidle')
        const made = await page.locator('style[data-css-hash]').count()
        return { made, shot: await page.screenshot({ animations: 'disabled', caret: 'hide' }) }
      } finally {
        await context.close()
      }
    }
    const withSheet = await load(true)
    const without = await load(false)
    assert.ok(withSheet.shot.equals(without.shot), 'the page looks the same with the built stylesheet')
    assert.ok(
      withSheet.made * 2 < without.made,
      `antd made ${withSheet.made} styles at run time with the built stylesheet, ${without.made} without it`,
    )
  })
})
