import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { type ShoptetTestbed, shoptetEnv, startShoptet } from '../../../test/shoptet.ts'
import { type ConnectedShop, connectedShop, importedOrders } from '../../../test/shoptet-orders-fixtures.ts'
import { eshops } from '../../db/schema/index.ts'
import { ShoptetError } from '../../platform/providers/shoptet/index.ts'
import { createShoptetOrdersRepository } from './shoptet-orders.repository.ts'
import { pullOrders } from './use-cases/pull-orders.ts'

let bed: ShoptetTestbed
let t: TestApp
let s: ConnectedShop

beforeAll(async () => {
  bed = await startShoptet()
  t = await createTestApp({ env: { ...shoptetEnv(bed), SHOPTET_TIMEOUT_MS: '500' } })
})
afterAll(async () => {
  await t?.close()
  await bed?.close()
})
beforeEach(async () => {
  bed.fake.setLatency(0)
  bed.fake.failNext(0)
  bed.fake.rateLimitNext(0)
  s = await connectedShop(t, bed, { stock: 500 })
})

const connection = async (id: string) => (await t.db.select().from(eshops).where(eq(eshops.id, id)))[0]!
const quiet = { info: () => {}, warn: () => {} }

function createOrders(n: number) {
  return Array.from({ length: n }, (_, i) =>
    bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[i % 2]!.sku, amount: 1 }] }),
  )
}

async function expectEachImportedOnce(codes: string[]) {
  const rows = await importedOrders(t, s.eshop.id)
  expect(rows.map((r) => r.eshopOrderCode).sort()).toEqual([...codes].sort())
}

describe('Shoptet failing during the pull: it resumes and loses no order', () => {
  it('500: the pull fails with the cursor where it was, recorded on the connection; the next pull takes all', async () => {
    const orders = createOrders(3)
    bed.fake.failNext(1, 500)
    await expect(t.services.shoptetOrders.pull(s.eshop.id)).rejects.toMatchObject({
      retryable: true,
      status: 500,
    })
    const failed = await connection(s.eshop.id)
    expect(failed).toMatchObject({ failCount: 1, ordersCursor: null, lastSyncAt: null })
    expect(failed.lastError).toBeTruthy()
    expect(failed.lastErrorAt).not.toBeNull()
    await t.services.shoptetOrders.pull(s.eshop.id)
    await expectEachImportedOnce(orders.map((o) => o.code))
    expect(await connection(s.eshop.id)).toMatchObject({ failCount: 0 })
  })

  it('a failure on the second page keeps the first page committed and the cursor after it', async () => {
    const orders = createOrders(25) // pages of 20
    const real = s.api
    let calls = 0
    const failingSecondPage = {
      ...real,
      getOrder: (code: string) => real.getOrder(code),
      orderChanges: (q: { from?: string; page?: number }) => {
        calls++
        if (q.page === 2) return Promise.reject(new ShoptetError(503, 'service-unavailable', 'down'))
        return real.orderChanges(q)
      },
    }
    const repo = createShoptetOrdersRepository(t.db)
    const c = (await repo.connection(s.eshop.id))!
    await expect(pullOrders({ db: t.db, log: quiet }, c, failingSecondPage)).rejects.toBeInstanceOf(
      ShoptetError,
    )
    expect(calls).toBe(2)
    expect((await importedOrders(t, s.eshop.id)).length).toBe(20)
    const cursor = (await connection(s.eshop.id)).ordersCursor
    expect(cursor).not.toBeNull()
    await t.services.shoptetOrders.pull(s.eshop.id)
    await expectEachImportedOnce(orders.map((o) => o.code))
  })

  it('429 with Retry-After: the client waits and the pull goes on', async () => {
    const orders = createOrders(2)
    bed.fake.rateLimitNext(2, 1)
    const result = await t.services.shoptetOrders.pull(s.eshop.id)
    expect(result).toMatchObject({ imported: 2 })
    await expectEachImportedOnce(orders.map((o) => o.code))
  })

  it('a slow Shoptet times out (retryable); once it answers again nothing is missing', async () => {
    const orders = createOrders(2)
    bed.fake.setLatency(900)
    await expect(t.services.shoptetOrders.pull(s.eshop.id)).rejects.toMatchObject({
      code: 'timeout',
      retryable: true,
    })
    expect((await connection(s.eshop.id)).failCount).toBe(1)
    bed.fake.setLatency(0)
    await t.services.shoptetOrders.pull(s.eshop.id)
    await expectEachImportedOnce(orders.map((o) => o.code))
  })

  it('an expired token is refreshed once and the pull succeeds', async () => {
    const first = createOrders(1)
    await t.services.shoptetOrders.pull(s.eshop.id)
    bed.fake.expireAllTokens()
    const second = createOrders(1)
    await t.services.shoptetOrders.pull(s.eshop.id)
    await expectEachImportedOnce([...first, ...second].map((o) => o.code))
  })
})
