import { count } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { createOrder } from '../../../test/order-fixtures.ts'
import { comments } from '../../db/schema/index.ts'

let t: TestApp
let c: Awaited<ReturnType<TestApp['tenantWithApi']>>
let other: Awaited<ReturnType<TestApp['tenantWithApi']>>
let order: Json

beforeAll(async () => {
  t = await createTestApp()
  c = await t.tenantWithApi()
  other = await t.tenantWithApi()
  order = (await createOrder(c.api, [])).body
})
afterAll(() => t?.close())

const target = (triggerId: string) => ({ trigger: 'order', triggerId })
const read = (api: TestApi, triggerId = order._id) =>
  api.request({ method: 'GET', url: '/api/comments', query: target(triggerId) })
const write = (api: TestApi, payload: Json, query: Record<string, string> = target(order._id)) =>
  api.request({ method: 'POST', url: '/api/comments', query, payload })
const commentCount = async () => (await t.db.select({ n: count() }).from(comments))[0]!.n

describe('GET and POST /api/comments?trigger=order', () => {
  it('adds trimmed comments and answers them oldest first with the author’s username', async () => {
    expect((await read(c.api)).body).toEqual([])
    const first = await write(c.api, { text: '  Call before delivery  ' })
    expect(first.status).toBe(200)
    expect(first.body).toEqual([
      {
        _id: expect.any(String),
        text: 'Call before delivery',
        user: { username: c.user.username },
        createdAt: expect.any(String),
      },
    ])
    // Operators and finance comment too (orders.read is enough).
    const { api: operator, user } = await t.userWithToken({ roles: ['operator'] })
    const second = await write(operator, { text: 'Parcel damaged, repacked' })
    expect(second.body.map((x: Json) => [x.text, x.user.username])).toEqual([
      ['Call before delivery', c.user.username],
      ['Parcel damaged, repacked', user.username],
    ])
    expect((await read(c.api)).body).toEqual(second.body)
  })

  it('answers 400 naming text for an empty, blank or too long text, and writes nothing', async () => {
    const before = await commentCount()
    for (const payload of [{}, { text: '   ' }, { text: 'x'.repeat(2001) }]) {
      const res = await write(c.api, payload)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('VALIDATION_FAILED')
      expect(res.body.details).toHaveProperty('text')
    }
    expect((await write(c.api, { text: 'x'.repeat(2000) })).status).toBe(200)
    expect(await commentCount()).toBe(before + 1)
  })

  it('answers 400 naming trigger or triggerId when they are missing or unknown', async () => {
    const before = await commentCount()
    const badTrigger = await write(c.api, { text: 'hi' }, { trigger: 'invoice', triggerId: order._id })
    expect(badTrigger.status).toBe(400)
    expect(badTrigger.body.details).toHaveProperty(['query.trigger'])
    const badId = await c.api.request({ method: 'GET', url: '/api/comments', query: { trigger: 'order' } })
    expect(badId.status).toBe(400)
    expect(badId.body.details).toHaveProperty(['query.triggerId'])
    expect(await commentCount()).toBe(before)
  })

  it('answers 404 for another tenant’s or an unknown order, reading and writing nothing', async () => {
    const before = await commentCount()
    const foreignRead = await read(other.api)
    expect(foreignRead.status).toBe(404)
    expect(JSON.stringify(foreignRead.body)).not.toContain('Call before delivery')
    expect((await write(other.api, { text: 'Intruder' })).status).toBe(404)
    expect((await read(c.api, '01a1fcd5-7db7-72c8-99dd-719f6835158e')).status).toBe(404)
    expect(await commentCount()).toBe(before)
    expect((await read(c.api)).body.map((x: Json) => x.text)).not.toContain('Intruder')
  })

  it('answers 401 without a session', async () => {
    expect((await read(t.anon)).status).toBe(401)
    expect((await write(t.anon, { text: 'hi' })).status).toBe(401)
  })
})
