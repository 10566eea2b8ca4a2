import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { AccessibilityWatch, guarded, type StepWatch } from './axe.ts'
import { ConsoleGuard, type ExpectedReports } from './console-guard.ts'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000'
export const DEMO_PASSWORD = 'demo-password'

/** The watches (accessibility, console) of the contexts not closed yet (see `newPage`). */
const open = new Set<StepWatch>()

/**
 * Debian's Chromium, headless, without the background traffic this closed network refuses. Its `close()`
 * also reports the accessibility findings and unexpected console reports of contexts a test left open,
 * so none is lost.
 */
export async function launch(extraArgs: readonly string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  })
  const close = browser.close.bind(browser)
  browser.close = async (...args) => {
    const failures: unknown[] = []
    for (const watch of open) await watch.assertClean().catch((error) => failures.push(error))
    open.clear()
    await close(...args)
    if (failures.length) throw failures[0]
  }
  return browser
}

/**
 * E2E_CPU_THROTTLE=8 runs every page as if on a CPU 8× slower (Chromium's DevTools throttling): journeys
 * that read the screen before it settles, or screens that lose a change made while they re-render, then
 * fail most runs instead of one run in many. Unset: full speed.
 */
const cpuThrottle = Number(process.env.E2E_CPU_THROTTLE ?? 1)

/**
 * A fresh context and page. Every page the journey then visits is checked with axe (support/axe.ts,
 * `AccessibilityWatch`): the journey's calls on `page` wait for the check of a newly entered route, and
 * `context.close()` fails the test with the list of serious and critical findings. And every page is
 * watched for CSP violations, console errors and uncaught exceptions (support/console-guard.ts): the
 * journey's next call on `page`, or `context.close()`, fails on any that `expected` does not name.
 */
export async function newPage(
  browser: Browser,
  viewport = { width: 1366, height: 850 },
  options: { expected?: ExpectedReports } = {},
) {
  const context: BrowserContext = await browser.newContext({ baseURL, viewport, locale: 'en-US' })
  // A step waits for its condition, not a time: this is only how long a step may wait before it is called
  // stuck. Sized for a shared 2-core machine under two full suites, each with two journey lanes (load 15–17):
  // a first page load took over 15 s at load 10–12, and a settings PUT that calls the Shoptet fake went
  // unanswered for 45 s at load 16 (both later passed on a quiet machine in a few seconds).
  context.setDefaultTimeout(90_000)
  const consoleGuard = await ConsoleGuard.install(context, options.expected)
  const accessibility = new AccessibilityWatch(context)
  const watch: StepWatch = {
    context,
    gate() {
      consoleGuard.throwIfAny()
      return accessibility.gate()
    },
    meanwhile: () => consoleGuard.pending(),
    async assertClean() {
      const failures: string[] = []
      for (const check of [() => accessibility.assertClean(), async () => consoleGuard.throwIfAny()])
        await check().catch((error: Error) => failures.push(error.message))
      if (failures.length) throw new Error(failures.join('\n\n'))
    },
  }
  open.add(watch)
  context.on('close', () => open.delete(watch))
  const page: Page = await context.newPage()
  if (cpuThrottle > 1) {
    const devtools = await context.newCDPSession(page)
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle })
  }
  return { context: guarded(context, watch), page: guarded(page, watch) }
}

/**
 * Signs in through the sign-in form in English (the language picked on the form becomes the user's
 * sys_lang), so journeys do not depend on what an earlier journey left the demo user's language at.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/signin')
  await page.locator('.language-select select').selectOption('ENG')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'))
}

/**
 * Answers the open antd confirmation (Popconfirm) with its `button`, once the popover has finished opening:
 * a button clicked while it still zooms in does nothing (order-detail's DELETE that never went out).
 * `question` picks the confirmation by its text when another popover may be open.
 */
export async function answerConfirm(page: Page, button: string | RegExp, question?: string) {
  await page
    .locator('.ant-popover:visible:not([class*="-appear"])', question ? { hasText: question } : {})
    .getByRole('button', { name: button })
    .click()
}
