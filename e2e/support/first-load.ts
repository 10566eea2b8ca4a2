import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContext } from 'playwright-core'
import { otherLoad } from '../../apps/api/test/load/machine-load.ts'
import { baseURL } from './browser.ts'
import { ConsoleGuard, type ExpectedReports } from './console-guard.ts'

/** One file the page fetched from the app (not the API): its path, kind and gzip -9 size. */
export interface LoadedFile {
  path: string
  kind: 'js' | 'css' | 'json' | 'html' | 'other'
  gzip: number
}

export interface FirstLoad {
  /** The files fetched, with their sizes; empty when the load was timed only (`sizes: false`). */
  files: LoadedFile[]
  /** gzip -9 bytes of the JavaScript files. */
  jsGzip: number
  /** gzip -9 bytes of every file (HTML, JS, CSS, catalogues, fonts, images). */
  totalGzip: number
  /** ms from navigation start to the first element matching `ready` in the DOM (Chromium's clock). */
  readyMs: number
  /** ms from navigation start to the start and the end of the first API call matching `apiCall`, if any. */
  apiCall?: { startMs: number; endMs: number }
  /** The app's files (not API calls) the page asked for before `ready` appeared, the page itself included. */
  requestedBeforeReady: number
}

declare global {
  interface Window {
    __readyAt?: number
  }
}

const kindOf = (path: string): LoadedFile['kind'] => {
  const ext = /\.(\w+)$/.exec(path)?.[1]
  if (ext === 'js' || ext === 'css' || ext === 'json' || ext === 'html') return ext
  return path.includes('.') ? 'other' : 'html'
}

/**
 * A fresh browser context on the app (empty cache, as a first visit or a new tab after a deploy), signed in
 * with `token` when given: the token the app keeps in localStorage, there before the app's scripts run.
 * Its `close()` fails on a CSP violation, console error or uncaught exception that `expected` does not
 * name (support/console-guard.ts), as in every journey.
 */
export async function freshContext(
  browser: Browser,
  options: { token?: string; viewport?: { width: number; height: number }; expected?: ExpectedReports } = {},
): Promise<BrowserContext> {
  const viewport = options.viewport ?? { width: 1366, height: 850 }
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US' })
  const guard = await ConsoleGuard.install(context, options.expected)
  const close = context.close.bind(context)
  context.close = async (...args) => {
    await close(...args)
    guard.throwIfAny()
  }
  if (options.token) {
    // Not in the blank page a new tab starts with, which has no storage (it would throw there).
    await context.addInitScript((token) => {
      if (location.protocol.startsWith('http')) localStorage.setItem('token', token)
    }, options.token)
  }
  return context
}

/**
 * A direct load of `path` in a fresh browser context (empty cache, as a first visit or a new tab after a
 * deploy), signed in with `token` when given (the token the app keeps in localStorage). Records every file
 * the page fetches from the app and, in the page, the moment (performance.now(): ms since navigation
 * start) an element matching `ready` first appears — a MutationObserver installed before the app's scripts.
 * With `sizes: false` the bodies are not read nor compressed: reading each body from the browser and
 * gzip -9 of 700 KB of JavaScript in this process took the same two cores the timed page needs.
 */
export async function measureFirstLoad(
  browser: Browser,
  options: { path: string; ready: string; token?: string; apiCall?: string; sizes?: boolean },
): Promise<FirstLoad> {
  const context = await freshContext(browser, { token: options.token })
  try {
    await context.addInitScript((selector) => {
      const seen = () => {
        if (window.__readyAt !== undefined || !document.querySelector(selector)) return false
        window.__readyAt = performance.now()
        return true
      }
      const observer = new MutationObserver(() => {
        if (seen()) observer.disconnect()
      })
      observer.observe(document, { childList: true, subtree: true })
    }, options.ready)
    const page = await context.newPage()
    const bodies: Promise<LoadedFile | null>[] = []
    if (options.sizes !== false)
      page.on('response', (response) => {
        const url = new URL(response.url())
        if (url.origin !== new URL(baseURL).origin || url.pathname.startsWith('/api/')) return
        bodies.push(
          response.body().then(
            (body) => ({
              path: url.pathname,
              kind: kindOf(url.pathname),
              gzip: gzipSync(body, { level: 9 }).length,
            }),
            () => null, // a redirect has no body
          ),
        )
      })
    await page.goto(options.path)
    await page.locator(options.ready).first().waitFor({ state: 'attached', timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    const { readyMs, apiCall, requestedBeforeReady } = await page.evaluate((apiPattern) => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      const call = apiPattern
        ? resources.find((entry) => new RegExp(apiPattern).test(new URL(entry.name).pathname))
        : undefined
      const readyAt = window.__readyAt ?? Number.POSITIVE_INFINITY
      const appFiles = resources.filter((entry) => {
        const url = new URL(entry.name)
        return (
          url.origin === location.origin && !url.pathname.startsWith('/api/') && entry.startTime < readyAt
        )
      })
      return {
        readyMs: window.__readyAt ?? Number.NaN,
        apiCall: call ? { startMs: call.startTime, endMs: call.responseEnd } : undefined,
        requestedBeforeReady: 1 + appFiles.length,
      }
    }, options.apiCall)
    const files = (await Promise.all(bodies)).filter((f): f is LoadedFile => f !== null)
    const sum = (list: LoadedFile[]) => list.reduce((total, f) => total + f.gzip, 0)
    return {
      files,
      jsGzip: sum(files.filter((f) => f.kind === 'js')),
      totalGzip: sum(files),
      readyMs,
      apiCall,
      requestedBeforeReady,
    }
  } finally {
    await context.close()
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** How many cores' worth of CPU the rest of the machine used over `ms` (while this test waits). */
export async function busyCores(ms = 1000): Promise<number> {
  const load = otherLoad(Number(process.env.E2E_ROOT_PID ?? process.ppid))
  await new Promise((r) => setTimeout(r, ms))
  return load.stop()
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`
