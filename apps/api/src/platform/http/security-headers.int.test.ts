import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

describe('security headers (helmet, built once)', () => {
  it('are on an API answer, an error and an answer after a refused session alike, request after request', async () => {
    const user = await t.factory.user()
    const token = await t.tokenFor(user)
    const signedIn = { authorization: `Bearer ${token}` }
    for (const [url, headers] of [
      ['/api/health', {}],
      ['/api/users', signedIn],
      ['/api/users', {}],
      ['/api/no-such-route', signedIn],
      ['/api/health', {}],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers })
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
      expect(res.headers['strict-transport-security']).toContain('max-age=')
      const csp = String(res.headers['content-security-policy'])
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("img-src 'self' data: blob:")
      expect(csp).toContain("style-src 'self' 'unsafe-inline'")
      // What pdf.js needs on the PDF pages and no more: its worker from our origin, no eval, no frames.
      expect(csp).toContain("worker-src 'self'")
      expect(csp).toContain("frame-src 'none'")
      // WebAssembly may compile (the camera's barcode reader); JavaScript's eval may not.
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'")
      expect(csp).not.toMatch(/'unsafe-eval'|(script|worker)-src[^;]*blob:/)
      expect(res.headers['x-powered-by']).toBeUndefined()
    }
  })
})
