import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import { AxeBuilder } from '@axe-core/playwright'
import type { BrowserContext, Page } from 'playwright-core'

export interface Violation {
  id: string
  impact: string
  help: string
  targets: string[]
}

/** axe-core's serious and critical violations (WCAG 2.x A/AA rules) on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // In the page itself (the app has no frames): no helper page per run, and only the violations' details.
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }))
}

/** The route a URL belongs to: ids (UUIDs, numbers, SKUs: any segment with a digit) become `:id`, no query. */
export function routePattern(url: string): string {
  const { pathname } = new URL(url)
  return pathname
    .split('/')
    .map((segment) => (/\d/.test(segment) ? ':id' : segment))
    .join('/')
}

export interface Finding {
  route: string
  role: string
  width: number
  violations: Violation[]
}

/** A readable list of findings: route, role and width, then each rule with its help and first targets. */
export function describeFindings(findings: Finding[]): string {
  const lines = ['axe-core found serious or critical accessibility violations:']
  for (const f of findings) {
    lines.push(`  ${f.route} as ${f.role} at ${f.width} px:`)
    for (const v of f.violations) {
      lines.push(`    ${v.id} [${v.impact}] ${v.help}`)
      for (const target of v.targets) lines.push(`      - ${target}`)
    }
  }
  return lines.join('\n')
}

/**
 * The routes already checked in this run, shared by the journey files (each runs in its own process):
 * run.ts names a file in E2E_AXE_SEEN; without it, this process's own set.
 */
const seenHere = new Set<string>()
function alreadyChecked(key: string): boolean {
  if (seenHere.has(key)) return true
  const file = process.env.E2E_AXE_SEEN
  return Boolean(file && existsSync(file) && readFileSync(file, 'utf8').split('\n').includes(key))
}
function markChecked(key: string) {
  seenHere.add(key)
  const file = process.env.E2E_AXE_SEEN
  if (file) appendFileSync(file, `${key}\n`)
}

/**
 * Waits until the page is quiet: no request in flight and no DOM change for 250 ms, then the finite
 * animations (antd's motions) finished; again if a request started meanwhile (at most about 6 s).
 */
async function settle(page: Page, traffic: () => { inFlight: number; started: number }) {
  const deadline = Date.now() + 6_000
  for (;;) {
    let quietSince = Date.now()
    while (Date.now() < deadline) {
      if (traffic().inFlight > 0) quietSince = Date.now()
      if (Date.now() - quietSince >= 250) break
      await new Promise((r) => setTimeout(r, 50))
    }
    const before = traffic().started
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const quietFor = 250
          let timer = setTimeout(done, quietFor)
          const cap = setTimeout(done, 3_000)
          const observer = new MutationObserver(() => {
            clearTimeout(timer)
            timer = setTimeout(done, quietFor)
          })
          observer.observe(document, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
          })
          function done() {
            observer.disconnect()
            clearTimeout(timer)
            clearTimeout(cap)
            const finite = document
              .getAnimations()
              .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
            Promise.all(finite.map((a) => a.finished.catch(() => undefined))).then(() => resolve())
          }
        }),
    )
    if (traffic().started === before || Date.now() >= deadline) return
  }
}

/** The signed-in user's roles from the stored token, or 'visitor'. */
function roleOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    try {
      const payload = (localStorage.getItem('token') ?? '').split('.')[1] ?? ''
      const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))
      return Array.isArray(claims.roles) && claims.roles.length ? claims.roles.join('+') : 'visitor'
    } catch {
      return 'visitor'
    }
  })
}

/**
 * Runs axe on every distinct page a journey visits (see docs/architecture.md "Tests"). The main frame's
 * navigations, full loads and SPA route changes alike (Playwright's `framenavigated` fires for pushState),
 * mark the page as due. The check runs at the journey's next call on the page, its locators, keyboard or
 * mouse, or at `context.close()`: the journey is then between two steps, so nothing it does changes the
 * page under axe, and `settle` first waits for the requests, DOM changes and animations to end. Each route
 * (ids collapsed) is checked once per role and layout (phone or desktop) in a run. A route left while
 * being checked is checked again on its next visit. Findings are kept and `context.close()` throws them.
 */
export class AccessibilityWatch {
  readonly findings: Finding[] = []
  private due = new Set<Page>()
  private running: Promise<void> | null = null
  private traffic = new Map<Page, { inFlight: number; started: number }>()

  readonly context: BrowserContext

  constructor(context: BrowserContext) {
    this.context = context
    for (const page of context.pages()) this.watch(page)
    context.on('page', (page) => this.watch(page))
  }

  private watch(page: Page) {
    const traffic = { inFlight: 0, started: 0 }
    this.traffic.set(page, traffic)
    page.on('request', () => {
      traffic.inFlight++
      traffic.started++
    })
    page.on('requestfinished', () => traffic.inFlight--)
    page.on('requestfailed', () => traffic.inFlight--)
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && /^https?:/.test(frame.url())) this.due.add(page)
    })
    page.on('close', () => this.due.delete(page))
  }

  /** A promise to wait for before the journey's next step when a page is due, otherwise undefined. */
  gate(): Promise<void> | undefined {
    if (this.running) return this.running
    if (this.due.size === 0) return undefined
    this.running = this.checkDue().finally(() => {
      this.running = null
    })
    return this.running
  }

  private async checkDue() {
    for (const page of [...this.due]) {
      this.due.delete(page)
      try {
        await this.check(page)
      } catch (error) {
        // A full load started under the check destroys its page context: that document is due again, or the
        // page is gone. Anything else is a failure of the check, never a pass.
        if (!(page.isClosed() || /Execution context was destroyed|has been closed/.test(String(error))))
          throw error
      }
    }
  }

  private async check(page: Page) {
    if (page.isClosed()) return
    const started = Date.now()
    await settle(page, () => this.traffic.get(page) ?? { inFlight: 0, started: 0 })
    const settled = Date.now()
    const route = routePattern(page.url())
    const role = await roleOf(page)
    const width = page.viewportSize()?.width ?? 0
    const key = `${role} ${width < 768 ? 'phone' : 'desktop'} ${route}`
    if (alreadyChecked(key)) return
    let violations = await seriousViolations(page)
    if (violations.length) {
      // On a loaded machine the page may not have settled within the limit: a button caught mid-transition
      // reads as low contrast (seen once on /bill/:id at load 12). A real violation is still there once the
      // page has settled again; only those are findings.
      await settle(page, () => this.traffic.get(page) ?? { inFlight: 0, started: 0 })
      if (page.isClosed() || routePattern(page.url()) !== route) return
      const first = violations
      violations = (await seriousViolations(page)).filter((v) => first.some((f) => f.id === v.id))
    }
    if (process.env.E2E_AXE_LOG) {
      console.log(`axe: ${key}: settled in ${settled - started} ms, checked in ${Date.now() - settled} ms`)
    }
    // Left (a redirect) while axe ran: the result mixes two screens; the new one is due already.
    if (page.isClosed() || routePattern(page.url()) !== route) return
    markChecked(key)
    if (violations.length) this.findings.push({ route, role, width, violations })
  }

  /** Checks what is still due, then throws the findings (once). */
  async assertClean() {
    await this.gate()
    if (this.findings.length) throw new Error(describeFindings(this.findings.splice(0)))
  }
}

/** Calls on these names only build objects or register listeners: they never wait for a check. */
const passThrough = new Set([
  'locator',
  'first',
  'last',
  'nth',
  'filter',
  'and',
  'or',
  'frameLocator',
  'contentFrame',
  'owner',
  'page',
  'context',
  'url',
  'mainFrame',
  'frames',
  'frame',
  'viewportSize',
  'isClosed',
  'pages',
  'browser',
  'on',
  'once',
  'off',
  'addListener',
  'removeListener',
  'removeAllListeners',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  // Registered before the action that causes them: waiting here could miss the event.
  'waitForEvent',
  'waitForResponse',
  'waitForRequest',
  'waitForNavigation',
  'toString',
])
const wrapped = new Set(['Locator', 'FrameLocator', 'Page', 'Frame', 'Keyboard', 'Mouse', 'Touchscreen'])
/** Playwright's class name without the bundler's decorations (`_Locator`, `Keyboard2`). */
const className = (value: object) => (value.constructor?.name ?? '').replace(/^_+|\d+$/g, '')

/** The objects behind the proxies, for the arguments handed back to Playwright (`locator.or(other)`). */
const targets = new WeakMap<object, object>()
const unwrap = (arg: unknown): unknown => {
  if (arg === null || typeof arg !== 'object') return arg
  const target = targets.get(arg)
  if (target) return target
  if (Object.getPrototypeOf(arg) !== Object.prototype) return arg
  return Object.fromEntries(Object.entries(arg).map(([k, v]) => [k, targets.get(v as object) ?? v]))
}

/** What `guarded` waits on before each step, and asks at `context.close()`: an AccessibilityWatch, or more. */
export type StepWatch = Pick<AccessibilityWatch, 'context' | 'gate' | 'assertClean'> & {
  /** What the page reported meanwhile (console errors, CSP violations), to explain a step that failed. */
  meanwhile: () => string[]
}

/**
 * What the context's pages show that may explain a step that failed: each page's address, its messages and
 * notifications, alerts, field errors, and the text of an open dialog (each cut at 300 characters). A page
 * that does not answer within 2 s is left out.
 */
async function onScreen(context: BrowserContext): Promise<string[]> {
  const read = (page: Page) =>
    page.evaluate(() => {
      const texts = [
        ...document.querySelectorAll<HTMLElement>(
          '.ant-message-notice, .ant-notification-notice, .ant-alert, .ant-form-item-explain-error, [role="alert"], [role="dialog"]',
        ),
      ]
        .filter((el) => el.offsetParent !== null)
        .map((el) => el.innerText.replace(/\s+/g, ' ').trim().slice(0, 300))
        .filter(Boolean)
      return [`at ${location.pathname}${location.search}`, ...new Set(texts)]
    })
  const within = <T>(work: Promise<T>, fallback: T) =>
    Promise.race([work.catch(() => fallback), new Promise<T>((r) => setTimeout(() => r(fallback), 2000))])
  return (await Promise.all(context.pages().map((page) => within(read(page), [])))).flat()
}

/**
 * `target` seen through a proxy whose async calls first wait for `watch.gate()`; the objects it hands out
 * (locators, keyboard, ...) are proxied the same way. `context.close()` also asserts the findings.
 */
export function guarded<T extends object>(target: T, watch: StepWatch): T {
  const cache = new Map<PropertyKey, unknown>()
  const wrap = (value: unknown): unknown =>
    value !== null && typeof value === 'object' && wrapped.has(className(value))
      ? guarded(value, watch)
      : value
  const proxy = new Proxy(target, {
    get(object, name) {
      const value = Reflect.get(object, name)
      if (typeof value !== 'function') return wrap(value)
      if (typeof name !== 'string' || name.startsWith('_') || passThrough.has(name) || /^getBy/.test(name)) {
        return typeof name === 'string' && !name.startsWith('_')
          ? (...args: unknown[]) => wrap(value.apply(object, args.map(unwrap)))
          : value.bind(object)
      }
      if (!cache.has(name)) {
        const isContextClose = object === watch.context && name === 'close'
        cache.set(name, async (...args: unknown[]) => {
          if (isContextClose) {
            // Check the last page before it goes, then fail on what the whole test found.
            let failure: unknown = null
            await watch.assertClean().catch((error) => {
              failure = error
            })
            await value.apply(object, args.map(unwrap))
            if (failure) throw failure
            return
          }
          await watch.gate()
          try {
            return wrap(await value.apply(object, args.map(unwrap)))
          } catch (error) {
            // A step that timed out often waited for what a failed call never brought (a 503 under load):
            // the page's console errors meanwhile say so, where the guard would report them only later;
            // or for what a form refused: the messages, alerts and field errors on screen say that.
            if (error instanceof Error) {
              const said = error.message
              const add = (title: string, lines: string[]) => {
                if (lines.length) error.message += `\n${title}:\n${lines.map((r) => `  - ${r}`).join('\n')}`
              }
              add('Meanwhile the page reported', watch.meanwhile())
              add('The page showed', await onScreen(watch.context))
              error.stack = error.stack?.replace(said, error.message)
            }
            throw error
          }
        })
      }
      return cache.get(name)
    },
  })
  targets.set(proxy, target)
  return proxy
}
