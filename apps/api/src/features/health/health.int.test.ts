import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

describe('GET /api/health', () => {
  it('answers ok with the database up and the build info, without a session', async () => {
    const res = await t.anon.get('/api/health')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: 'ok',
      database: 'up',
      version: expect.any(String),
      buildDate: expect.any(String),
    })
    expect(res.headers['x-request-id']).toEqual(expect.any(String))
  })

  // A check answers from the ping still running when it is not back within 50 ms (a loaded machine): the
  // failing ping is seen by the first check that starts one, so these poll until it is.
  it('answers 200 with the database busy when the ping times out (the database saturated, but alive)', async () => {
    expect((await t.anon.get('/api/health')).body.database).toBe('up')
    const ping = vi.spyOn(t.database, 'ping').mockRejectedValue(new Error('Query read timeout'))
    try {
      await expect
        .poll(async () => {
          const res = await t.anon.get('/api/health')
          return { status: res.status, database: res.body.database }
        })
        .toEqual({ status: 200, database: 'busy' })
    } finally {
      ping.mockRestore()
    }
  })

  it('answers 503 UNAVAILABLE, without the database error, when the ping fails', async () => {
    const ping = vi.spyOn(t.database, 'ping').mockRejectedValue(new Error('connection refused at 10.0.0.1'))
    try {
      let res = await t.anon.get('/api/health')
      await expect
        .poll(async () => {
          res = await t.anon.get('/api/health')
          return res.status
        })
        .toBe(503)
      expect(res.body).toMatchObject({
        statusCode: 503,
        code: 'UNAVAILABLE',
        message: 'Database unavailable',
      })
      expect(JSON.stringify(res.body)).not.toContain('10.0.0.1')
    } finally {
      ping.mockRestore()
    }
  })

  it('answers an unknown /api path with 404 NOT_FOUND in the error shape', async () => {
    const res = await t.anon.get('/api/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found' })
  })
})

describe('request ids', () => {
  it("echoes a caller's plain X-Request-Id and replaces markup or an overlong one everywhere", async () => {
    const plain = await t.anon.request({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { 'x-request-id': 'lb-42.a_b' },
    })
    expect(plain.headers['x-request-id']).toBe('lb-42.a_b')
    expect(plain.body.requestId).toBe('lb-42.a_b')
    for (const given of ['<script>alert(1)</script>', 'x'.repeat(6000)]) {
      const res = await t.anon.request({
        method: 'GET',
        url: '/api/no-such-thing',
        headers: { 'x-request-id': given },
      })
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
      expect(res.body.requestId).toBe(res.headers['x-request-id'])
      expect(JSON.stringify(res.body)).not.toContain('<script>')
    }
  })
})
