import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { eventually } from '../../../test/eventually.ts'
import { type ShoptetTestbed, shoptetEnv, startShoptet } from '../../../test/shoptet.ts'
import { connectedShop, importedOrders } from '../../../test/shoptet-orders-fixtures.ts'
import { type Jobs, startJobs } from '../../platform/jobs/jobs.ts'
import { SHOPTET_SYNC_JOB } from './index.ts'

let bed: ShoptetTestbed
let t: TestApp
let jobs: Jobs

beforeAll(async () => {
  bed = await startShoptet()
  t = await createTestApp({ env: shoptetEnv(bed) })
  // As server.ts does: pg-boss on the app's database, the features' handlers as its workers.
  jobs = await startJobs(t.database.url, pino({ level: 'silent' }))
  await t.queue.attach(jobs)
})
afterAll(async () => {
  await jobs?.stop()
  await t?.close()
  await bed?.close()
})

describe('the pull through the job queue (pg-boss)', () => {
  it('the 2-minute schedule’s task queues one sync per importing shop, and the worker imports', async () => {
    const s = await connectedShop(t, bed)
    const order = bed.fake.createOrder(s.shoptetEshopId, { items: [{ code: s.products[0]!.sku, amount: 1 }] })
    expect(await t.services.shoptetOrders.enqueuePulls()).toBeGreaterThanOrEqual(1)
    const rows = await eventually(
      () => importedOrders(t, s.eshop.id),
      (r) => r.length > 0,
    )
    expect(rows.map((r) => r.eshopOrderCode)).toEqual([order.code])
  })

  it('keeps at most one waiting sync per shop (stately queue, singleton key per shop)', async () => {
    const s = await connectedShop(t, bed)
    const ids = await Promise.all(
      Array.from({ length: 5 }, () =>
        jobs.send(SHOPTET_SYNC_JOB, { eshopId: s.eshop.id }, { singletonKey: s.eshop.id }),
      ),
    )
    // One is queued (a second may be queued once the first runs); the rest are refused.
    expect(ids.filter(Boolean).length).toBeLessThanOrEqual(2)
  })
})
