import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BUILD_CHECK_INTERVAL_MS, checkBuild, startBuildCheck } from '@/lib/build-check'

const ours = '2026-05-01T10:00:00.000Z'
const newer = '2026-05-02T10:00:00.000Z'

function serve(body: unknown, init: ResponseInit = { status: 200 }) {
  const fetchMock = vi.fn(
    async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), init),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('build check', () => {
  const cacheKeys = ['workbox-precache', 'images']
  const caches = { keys: vi.fn(async () => cacheKeys), delete: vi.fn(async (_key: string) => true) }

  beforeEach(() => {
    sessionStorage.clear()
    caches.keys.mockClear()
    caches.delete.mockClear()
    vi.stubGlobal('caches', caches)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('fetches /meta.json without the HTTP cache', async () => {
    const fetchMock = serve({ buildDate: ours })
    await checkBuild(ours, vi.fn())
    expect(fetchMock).toHaveBeenCalledWith('/meta.json', { cache: 'no-store' })
  })

  it('clears every Cache Storage entry and reloads when the server build is newer', async () => {
    serve({ buildDate: newer })
    const reload = vi.fn()
    expect(await checkBuild(ours, reload)).toBe(true)
    expect(caches.delete.mock.calls.map(([key]) => key)).toEqual(cacheKeys)
    expect(reload).toHaveBeenCalledOnce()
  })

  it('does nothing when the server build is the same or older', async () => {
    const reload = vi.fn()
    serve({ buildDate: ours })
    expect(await checkBuild(ours, reload)).toBe(false)
    serve({ buildDate: '2026-04-01T00:00:00.000Z' })
    expect(await checkBuild(ours, reload)).toBe(false)
    expect(reload).not.toHaveBeenCalled()
    expect(caches.delete).not.toHaveBeenCalled()
  })

  it('is skipped when /meta.json is missing or is not JSON (the dev server answers index.html)', async () => {
    const reload = vi.fn()
    serve('Not found', { status: 404 })
    expect(await checkBuild(ours, reload)).toBe(false)
    serve('<!doctype html><html></html>', { status: 200, headers: { 'content-type': 'text/html' } })
    expect(await checkBuild(ours, reload)).toBe(false)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    expect(await checkBuild(ours, reload)).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })

  it('reloads only once for the same server build (a stale proxy cannot make it loop)', async () => {
    serve({ buildDate: newer })
    const reload = vi.fn()
    await checkBuild(ours, reload)
    await checkBuild(ours, reload)
    expect(reload).toHaveBeenCalledOnce()
  })

  it('checks on start, every 5 minutes and when the tab becomes visible', async () => {
    vi.useFakeTimers()
    const fetchMock = serve({ buildDate: __BUILD_DATE__ })
    const stop = startBuildCheck()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
    expect(fetchMock).toHaveBeenCalledTimes(3)
    stop()
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS)
    expect(fetchMock).toHaveBeenCalledTimes(3)
  })
})
