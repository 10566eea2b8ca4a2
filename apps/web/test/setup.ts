// Vitest setup for component tests: what jsdom lacks for antd, an English i18next, cleanup between tests,
// and no test passes that made React, antd or the app write to console.error or console.warn.
import { format } from 'node:util'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach } from 'vitest'
import { initTestI18n } from './i18n'

if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => {
    const list = {
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }
    return list as MediaQueryList
  }
}

// jsdom cannot compute styles of pseudo-elements; antd asks for them to measure scrollbars.
// jsdom also answers a border width as declared ('medium', the initial value) where a browser answers a
// length (0px without a border style): antd's auto-size TextArea adds the widths up, and got NaN.
const computedStyle = window.getComputedStyle.bind(window)
const keywordWidths: Record<string, string> = { thin: '1px', medium: '3px', thick: '5px' }
window.getComputedStyle = (element: Element) => {
  const style = computedStyle(element)
  const declared = style.getPropertyValue.bind(style)
  style.getPropertyValue = (name: string) => {
    const side = /^border-(top|right|bottom|left)-width$/.exec(name)?.[1]
    if (!side) return declared(name)
    if (['', 'none', 'hidden'].includes(declared(`border-${side}-style`))) return '0px'
    return keywordWidths[declared(name)] ?? declared(name)
  }
  return style
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

initTestI18n()

/**
 * How long a wait (findBy…, waitFor) looks for its condition: one limit for every test, sized for a
 * loaded machine (CI shares its two cores), not for a quiet one. A wait ends as soon as its condition
 * holds, so a passing test never spends it; only a test whose condition never comes does. Per-call
 * limits are not used: on a machine at load 30 the first render of a lazy page took 20–40 s, and a
 * test that passed its own shorter limit was abandoned still running, its late clicks and act() calls
 * failing the tests after it (the cascade issue 26 saw). vite.config.ts gives each test twice this.
 */
export const WAIT_LIMIT_MS = 60_000
configure({ asyncUtilTimeout: WAIT_LIMIT_MS })

/**
 * A warning is a defect the user may meet (an update outside act() is a state change no assertion saw;
 * a NaN style is a broken layout), so a test that prints one fails, naming it. What a test leaves running
 * and prints after its end fails the next test (or the file). A test that expects a message says so with
 * `vi.spyOn(console, 'error').mockImplementation(...)`, which takes the place of this guard for it.
 * No allowlist: every message so far had a cause in our code or our tests.
 */
const printed: string[] = []
for (const level of ['error', 'warn'] as const) {
  const print = console[level].bind(console)
  console[level] = (...args: unknown[]) => {
    printed.push(`console.${level}: ${format(...args)}`)
    print(...args)
  }
}
function failOnPrinted(when: string) {
  if (printed.length === 0) return
  const messages = printed.splice(0).join('\n\n')
  throw new Error(`${when} wrote to the console (fix the cause, do not silence it):\n\n${messages}`)
}
afterEach(() => {
  cleanup() // first: what unmounting prints belongs to this test, and a failure must not skip it
  failOnPrinted('The test (or what the test before it left running)')
})
afterAll(() => failOnPrinted('The last test of the file (or what it left running)'))
