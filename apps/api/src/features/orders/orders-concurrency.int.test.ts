import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApi, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'
import { createOrder as createFor, orderDesk } from '../../../test/order-fixtures.ts'
import { inventoryCards, orderBlocks } from '../../db/schema/index.ts'

let t: TestApp
let a: Tenant
let asA: TestApi
let desk: Awaited<ReturnType<typeof orderDesk>>

beforeAll(async () => {
  t = await createTestApp()
  a = await t.factory.tenant({ client: { name: 'Alpha Concurrency s.r.o.' } })
  asA = t.as(await t.tokenFor(a.user))
  desk = await orderDesk(t)
})
afterAll(() => t?.close())

const stocked = (clientId: string, quantity: number) => desk.stocked(clientId, quantity)
const card = (clientId: string, sku: string) => desk.card(clientId, sku)
const expectStockInvariants = (clientId: string) => desk.expectStockInvariants(clientId)

describe('concurrency: 200 parallel orders for 1 unit each against a stock of 100', () => {
  for (const round of [1, 2, 3]) {
    it(`never blocks more than there is (round ${round})`, async () => {
      const p = await stocked(a.client.id, 100)
      const started = performance.now()
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => createFor(asA, [{ product: p.id, quantity: 1 }])),
      )
      const ms = performance.now() - started
      expect(answers.filter((r) => r.status >= 500)).toEqual([])
      expect(answers.every((r) => r.status === 201)).toBe(true)
      const statuses = answers.map((r) => r.body.status)
      const ready = statuses.filter((s) => s === 'Order Ready for picking').length
      const noGoods = statuses.filter((s) => s === 'No goods').length
      console.info(
        `orders concurrency round ${round}: 200 creations in ${ms.toFixed(0)} ms → ${ready} ready, ${noGoods} no goods`,
      )
      expect(ready).toBe(100)
      expect(noGoods).toBe(100)
      expect(await card(a.client.id, p.sku)).toMatchObject({ available: 0, blocked: 100, total: 100 })
      const blocks = await t.db
        .select({ n: count() })
        .from(orderBlocks)
        .innerJoin(inventoryCards, eq(inventoryCards.id, orderBlocks.inventoryCardId))
        .where(eq(inventoryCards.sku, p.sku))
      expect(blocks[0]!.n).toBe(100)
      await expectStockInvariants(a.client.id)
    })
  }

  it('keeps the invariants when cancels and creations interleave', async () => {
    const c = await t.tenantWithApi()
    const p = await stocked(c.client.id, 60)
    const held = await Promise.all(
      Array.from({ length: 50 }, () => createFor(c.api, [{ product: p.id, quantity: 1 }])),
    )
    expect(held.every((r) => r.body.status === 'Order Ready for picking')).toBe(true)
    // 10 available; 40 cancels free 40 more while 100 new orders compete for whatever is free at the time.
    const answers = await Promise.all([
      ...held.slice(0, 40).map((r) => c.api.post(`/api/orders/${r.body._id}/cancel`)),
      ...Array.from({ length: 100 }, () => createFor(c.api, [{ product: p.id, quantity: 1 }])),
    ])
    expect(answers.filter((r) => r.status >= 400)).toEqual([])
    const created = answers.slice(40).map((r) => r.body.status)
    const ready = created.filter((s) => s === 'Order Ready for picking').length
    expect(ready).toBeGreaterThanOrEqual(10)
    expect(ready).toBeLessThanOrEqual(50)
    expect(ready + created.filter((s) => s === 'No goods').length).toBe(100)
    // Stock held = the 10 orders never cancelled + the new ones that got stock.
    expect(await card(c.client.id, p.sku)).toMatchObject({
      blocked: 10 + ready,
      available: 50 - ready,
      total: 60,
    })
    await expectStockInvariants(c.client.id)
  })
})
