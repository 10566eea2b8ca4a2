import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_EVENT_LOOP_DELAY_MS: '50' } })
})
afterAll(() => t?.close())

/** Keeps the process busy, as a saturated event loop is. */
function busy(ms: number) {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // spin
  }
}

describe('a saturated event loop', () => {
  it('refuses API calls with 503 OVERLOADED and Retry-After, answers the health check, and recovers', async () => {
    const { api } = await t.userWithToken({ roles: ['admin'] })
    // Stalls for several sampling windows (the delay is averaged over a quarter second).
    for (let i = 0; i < 8; i++) {
      busy(150)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const refused = await api.get('/api/products')
    expect(refused.status).toBe(503)
    expect(refused.body).toMatchObject({ code: 'OVERLOADED' })
    expect(['1', '2', '3']).toContain(refused.headers['retry-after'])
    expect((await t.anon.get('/api/health')).status).toBe(200)
    // A quiet moment later the delay is measured again and calls are served.
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect((await api.get('/api/products')).status).toBe(200)
  })
})
