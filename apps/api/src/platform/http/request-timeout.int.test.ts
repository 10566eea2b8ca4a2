import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'

let t: TestApp
let port: number
beforeAll(async () => {
  t = await createTestApp({ env: { REQUEST_TIMEOUT_SECONDS: '1' } })
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 })
  port = Number(new URL(address).port)
})
afterAll(() => t?.close())

describe('every request has a deadline', () => {
  it('answers 503 TIMEOUT with Retry-After when the answer takes longer, and the next call is served', async () => {
    const { api } = await t.userWithToken({ roles: ['admin'] })
    const hang = vi.spyOn(t.services.products, 'list').mockImplementationOnce(() => new Promise(() => {}))
    const started = performance.now()
    const res = await api.get('/api/products')
    hang.mockRestore()
    expect(res.status).toBe(503)
    expect(res.body).toMatchObject({ code: 'TIMEOUT' })
    expect(['1', '2', '3']).toContain(res.headers['retry-after'])
    expect(performance.now() - started).toBeLessThan(3000)
    expect((await api.get('/api/products')).status).toBe(200)
  })

  it('answers a write by its outcome, not by the deadline: work that commits late is not reported as failed', async () => {
    const c = await t.tenantWithApi()
    const create = t.services.products.create.bind(t.services.products)
    // The write takes twice the 1 s deadline before it does its work, as a bulk change on a loaded machine does.
    const slow = vi.spyOn(t.services.products, 'create').mockImplementationOnce(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 2000))
      return create(...args)
    })
    const sku = t.factory.unique('LATE')
    const res = await c.api.post('/api/products', { name: 'Late but made', codes: { sku } })
    slow.mockRestore()
    expect(res.status).toBe(201)
    const listed = await c.api.get(`/api/products?searchTerm=${sku}`)
    expect(listed.body.list.map((p: { codes: { sku: string } }) => p.codes.sku)).toEqual([sku])
  })

  it('a bulk order change (PUT /orders, the spec gives it orders.read) is a write: answered by its outcome', async () => {
    const { api } = await t.userWithToken({ roles: ['admin'] })
    const bulk = t.services.orders.bulkUpdate.bind(t.services.orders)
    const slow = vi.spyOn(t.services.orders, 'bulkUpdate').mockImplementationOnce(async (...args) => {
      await new Promise((resolve) => setTimeout(resolve, 2000))
      return bulk(...args)
    })
    const res = await api.put('/api/orders', { orders: [crypto.randomUUID()], status: 'Product Picking' })
    const calls = slow.mock.calls.length
    slow.mockRestore()
    expect(calls).toBe(1)
    expect(res.status).toBe(200)
  })

  it('answers and closes a connection whose request never finishes arriving', async () => {
    const socket = connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    // Headers promise a body that never comes.
    socket.write(
      'POST /api/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    )
    let answer = ''
    socket.on('data', (chunk) => {
      answer += chunk
    })
    const started = performance.now()
    await new Promise((resolve) => socket.once('close', resolve))
    expect(performance.now() - started).toBeLessThan(5000)
    // The deadline answers first (503 TIMEOUT), or the server's request timeout (408); either way it closes.
    expect(answer).toMatch(/^HTTP\/1\.1 (503|408) /)
  })
})
