import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApi, type TestApp } from '../../../test/app.ts'

let t: TestApp
let api: TestApi

beforeAll(async () => {
  t = await createTestApp()
  api = (await t.tenantWithApi()).api
})
afterAll(() => t?.close())

const post = (payload: string) =>
  api.request({
    method: 'POST',
    url: '/api/settings/sequences',
    payload,
    headers: { 'content-type': 'application/json' },
  })

describe('a JSON body with a key that reaches the prototype', () => {
  it.each([
    ['__proto__', '{"__proto__":{"isAdmin":true},"documentType":"invoice"}', '__proto__'],
    ['constructor.prototype', '{"constructor":{"prototype":{"x":1}}}', 'constructor.prototype'],
    ['a nested __proto__', '{"documentType":"invoice","items":[{"__proto__":{}}]}', 'items.0.__proto__'],
  ])('answers 400 VALIDATION_FAILED naming the refused key (%s)', async (_name, payload, key) => {
    const res = await post(payload)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { [key]: 'is not allowed as a key' },
    })
    expect(res.body.message).toContain(key)
    expect(res.body.message).not.toMatch(/not valid JSON/)
  })

  it('still answers a malformed or empty body as not valid JSON, and parses a plain one', async () => {
    const malformed = await post('{"documentType":')
    expect(malformed.status).toBe(400)
    expect(malformed.body.message).toMatch(/not valid JSON/)
    expect((await post('')).status).toBe(400)
    // A plain key named like a prototype property's owner is fine when it holds no prototype.
    const plain = await post('{"documentType":"invoice","constructor":"x"}')
    expect(plain.status).toBe(400)
    expect(plain.body.details.constructor).not.toBe('is not allowed as a key')
    expect(plain.body.details).toHaveProperty('country')
  })

  it('keeps the body size limit (413 past 2 MB)', async () => {
    const res = await post(JSON.stringify({ documentType: 'x'.repeat(3 * 1024 * 1024) }))
    expect(res.status).toBe(413)
  })
})
