import type { BrowserContext, ConsoleMessage } from 'playwright-core'

/**
 * What a journey expects its pages to report (a 404 it provokes, a request it aborts): each pattern is
 * matched against the reported line, e.g. `Failed to load resource: … (http://…/api/orders/…/parcel)`.
 * Empty by default: anything reported fails the journey.
 */
export type ExpectedReports = readonly RegExp[]

/**
 * Reports of defects filed and not fixed yet, let through in every journey: each names its issue, and goes
 * when the fix lands (the journeys then fail if it comes back). Keep this list short and dated.
 */
export const openDefects: ExpectedReports = []

/** The prefix of a CSP violation's line: what the init script below writes as a console error. */
export const CSP_VIOLATION = 'CSP violation:'

/**
 * Fails a journey on what its pages report that it did not expect: Content-Security-Policy violations
 * (the `securitypolicyviolation` event, listened to by an init script in every document, which writes
 * them as console errors naming the directive and the blocked URL), console errors (the app's own, and
 * the browser's, such as a failed request) and uncaught exceptions. A blocked PDF frame, a script the
 * CSP refuses, a chunk that fails to load: all show up here, in every journey, without an assertion of
 * their own. `throwIfAny()` fails with the list (once); the journey's next step and `context.close()`
 * call it (support/browser.ts).
 */
export class ConsoleGuard {
  private readonly unexpected: string[] = []
  private readonly expected: ExpectedReports

  private constructor(expected: ExpectedReports) {
    this.expected = [...openDefects, ...expected]
  }

  static async install(context: BrowserContext, expected: ExpectedReports = []): Promise<ConsoleGuard> {
    const guard = new ConsoleGuard(expected)
    await context.addInitScript((prefix) => {
      // Capturing on the window: the event bubbles from the element or document that caused it.
      window.addEventListener(
        'securitypolicyviolation',
        (event) => {
          const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : ''
          console.error(
            `${prefix} ${event.effectiveDirective} refused ${event.blockedURI || '(inline)'}${where} on ${location.href}`,
          )
        },
        true,
      )
    }, CSP_VIOLATION)
    context.on('console', (message) => {
      if (message.type() === 'error') guard.note(describe(message))
    })
    context.on('weberror', (error) => {
      const page = error.page()?.url() ?? ''
      guard.note(`Uncaught ${error.error().stack ?? error.error().message}${page ? ` on ${page}` : ''}`)
    })
    return guard
  }

  private note(line: string) {
    if (!this.expected.some((pattern) => pattern.test(line))) this.unexpected.push(line)
  }

  /** The reports not expected so far, left for `throwIfAny` (to explain a step that failed meanwhile). */
  pending(): string[] {
    return [...this.unexpected]
  }

  /** Throws the reports not expected so far, once (the next call throws only what came since). */
  throwIfAny() {
    if (this.unexpected.length === 0) return
    const lines = this.unexpected.splice(0)
    throw new Error(
      `The page reported ${lines.length} unexpected CSP violation(s) or console error(s) ` +
        `(fix the cause, or name it in this journey's expected reports):\n${lines.map((l) => `  - ${l}`).join('\n')}`,
    )
  }
}

/** A console error's text, with the URL it concerns (a failed request's, else the script's) and the page. */
function describe(message: ConsoleMessage): string {
  const text = message.text()
  if (text.startsWith(CSP_VIOLATION)) return text
  const { url } = message.location()
  const source = url && !text.includes(url) ? ` (${url})` : ''
  const page = message.page()?.url()
  return `${text}${source}${page ? ` on ${page}` : ''}`
}
