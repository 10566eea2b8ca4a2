import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { createOrder } from '../../../test/order-fixtures.ts'
import { productFor } from '../../../test/stock-fixtures.ts'
import { orders } from '../../db/schema/index.ts'
import { createEcontFake, type EcontFake } from '../../dev/fakes/econt/econt-fake.ts'

const credentials = { username: 'expedo-test', password: 'econt-secret-pw' }
let fake: EcontFake
let baseUrl: string
let t: TestApp
let econt: { _id: string }
let econtGr: { _id: string }
let ppl: { _id: string }

beforeAll(async () => {
  fake = createEcontFake({ credentials })
  baseUrl = await fake.start()
  t = await createTestApp({
    env: {
      ECONT_BASE_URL: baseUrl,
      ECONT_USERNAME: credentials.username,
      ECONT_PASSWORD: credentials.password,
      // Long enough that the fake always answers in time on a loaded machine (300 ms was not, at load 20);
      // the timeout case has the fake wait ten times as long.
      ECONT_TIMEOUT_MS: '3000',
      ECONT_CACHE_SECONDS: '0',
    },
  })
  econt = { _id: (await t.factory.courier({ name: 'ECONT', country: 'Bulgaria', isDefault: true })).id }
  econtGr = { _id: (await t.factory.courier({ name: 'ECONT_GR', country: 'Greece', isDefault: true })).id }
  ppl = { _id: (await t.factory.courier({ name: 'PPL', country: 'Czech', isDefault: true })).id }
})
afterEach(() => {
  fake.settings.failStatus = undefined
  fake.settings.latencyMs = 0
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})

const bulgaria = { country: 'Bulgaria', city: 'Sofia', street: 'Vitosha', streetNr: '12', postcode: '1000' }

/** An order of a new client shipping to `shipTo`, with `courierId` set as the assign-courier modal would. */
async function orderOf(shipTo: Json, courierId: string | null) {
  const c = await t.tenantWithApi()
  const product = await productFor(t, c.client.id)
  const created = await createOrder(c.api, [{ product: product.id, quantity: 1, price: 10 }], { shipTo })
  expect(created.status).toBe(201)
  await t.db.update(orders).set({ courierId }).where(eq(orders.id, created.body._id))
  return { ...c, orderId: created.body._id as string }
}

const sortedByName = (list: Json[]) =>
  [...list].sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code))

describe('POST /api/orders/getoffices', () => {
  let api: TestApi
  beforeAll(async () => {
    api = (await t.tenantWithApi()).api
  })

  it("answers the courier's offices of the country by name, asking Econt's JSON API with Basic auth", async () => {
    const before = fake.calls.length
    const res = await api.post('/api/orders/getoffices', { country: 'Bulgaria', courierId: econt._id })
    expect(res.status).toBe(200)
    expect(res.body.length).toBeGreaterThan(20)
    expect(res.body).toEqual(sortedByName(res.body))
    expect(res.body).toContainEqual({
      name: 'Shumen Osmi mart',
      code: '9707',
      city: 'Shumen',
      address: 'Шумен Център ул. Осми март 22',
    })
    // Lockers (APS) are offices too: the business decides which to use.
    expect(res.body.map((o: Json) => o.name)).toContain('Econtomat Sofia Business Park')
    expect(res.body.every((o: Json) => o.name && o.code)).toBe(true)
    expect(fake.calls.slice(before)).toEqual([
      {
        path: 'Nomenclatures/NomenclaturesService.getOffices.json',
        body: { countryCode: 'BGR' },
        auth: 'valid',
      },
    ])
  })

  it('answers the Greek partner offices for ECONT_GR, with the address of the partner', async () => {
    const res = await api.post('/api/orders/getoffices', { country: 'Greece', courierId: econtGr._id })
    expect(res.status).toBe(200)
    expect(res.body.length).toBe(10)
    expect(res.body[0]).toEqual({
      name: 'ALEXANDROUPOLI',
      code: '7701',
      city: 'ALEXANDROUPOLI',
      address: 'ALEXANDROUPOLI ΛΕΩΦ. ΔΗΜΟΚΡΑΤΙΑΣ 310',
    })
  })

  it('answers an empty list for a country without Econt offices', async () => {
    const before = fake.calls.length
    expect(
      (await api.post('/api/orders/getoffices', { country: 'Romania', courierId: econt._id })).body,
    ).toEqual([])
    // Outside Europe nobody asks Econt at all.
    expect(
      (await api.post('/api/orders/getoffices', { country: 'Japan', courierId: econt._id })).body,
    ).toEqual([])
    expect(fake.calls.slice(before).map((c) => c.body)).toEqual([{ countryCode: 'ROU' }])
  })

  it('refuses an unknown courier, a courier without office pick-up and an unknown country with 400', async () => {
    const cases: [Json, string, string][] = [
      [
        { country: 'Bulgaria', courierId: '0195f5d0-0000-7000-8000-000000000000' },
        'courierId',
        'is not a courier',
      ],
      [{ country: 'Czech', courierId: ppl._id }, 'courierId', 'has no office pick-up'],
      [{ country: 'Narnia', courierId: econt._id }, 'country', 'must be a country of the list'],
    ]
    const before = fake.calls.length
    for (const [body, field, reason] of cases) {
      const res = await api.post('/api/orders/getoffices', body)
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { [field]: reason } })
    }
    const bad = await api.post('/api/orders/getoffices', { country: '', courierId: 'nope' })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.details).sort()).toEqual(['country', 'courierId'])
    expect(fake.calls.length).toBe(before)
  })

  it('answers 503 UNAVAILABLE with a clear message when Econt fails, times out or refuses the credentials', async () => {
    fake.settings.failStatus = 502
    const failed = await api.post('/api/orders/getoffices', { country: 'Bulgaria', courierId: econt._id })
    expect(failed.status).toBe(503)
    expect(failed.body).toMatchObject({
      code: 'UNAVAILABLE',
      message: 'Econt refused getOffices (HTTP 502, ExInternal): Service temporarily unavailable',
    })
    fake.settings.failStatus = undefined
    fake.settings.latencyMs = 30_000
    const slow = await api.post('/api/orders/getoffices', { country: 'Bulgaria', courierId: econt._id })
    expect(slow.status).toBe(503)
    expect(slow.body.message).toBe('Econt did not answer getOffices within 3 s')
    fake.settings.latencyMs = 0

    const wrong = await createTestApp({
      database: t.database,
      env: {
        ECONT_BASE_URL: baseUrl,
        ECONT_USERNAME: credentials.username,
        ECONT_PASSWORD: 'not-the-password',
      },
    })
    try {
      const { api: other } = await wrong.tenantWithApi()
      const refused = await other.post('/api/orders/getoffices', {
        country: 'Greece',
        courierId: econtGr._id,
      })
      expect(refused.status).toBe(503)
      expect(refused.body.message).toBe(
        'Econt refused getOffices (HTTP 401, ExAccessDenied): Invalid username or password',
      )
      expect(JSON.stringify(refused.body)).not.toContain('not-the-password')
    } finally {
      await wrong.close()
    }
  })

  it('answers 401 to an anonymous caller before validating', async () => {
    expect((await t.anon.post('/api/orders/getoffices', {})).status).toBe(401)
  })
})

describe('POST /api/orders/:id/parcelshops', () => {
  it("answers the offices of the order's courier in the order's city, found by its English or local name", async () => {
    const o = await orderOf(bulgaria, econt._id)
    const before = fake.calls.length
    const res = await o.api.post(`/api/orders/${o.orderId}/parcelshops`, {})
    expect(res.status).toBe(200)
    expect(res.body.list.map((s: Json) => s.code)).toEqual([
      '1785', // Econtomat Sofia Business Park
      '1010', // Sofia Center
      '1592', // Sofia Druzhba 2
      '1134', // Sofia Lozenets
      '1324', // Sofia Lyulin 5
      '1127', // Sofia Mladost 1
      '1407', // Sofia Yuzhen Park
    ])
    expect(res.body.list.every((s: Json) => s.city === 'Sofia')).toBe(true)
    expect(fake.calls.slice(before).map((c) => [c.path.split('.')[1], c.body])).toEqual([
      ['getCities', { countryCode: 'BGR' }],
      ['getOffices', { countryCode: 'BGR', cityID: 41 }],
    ])
    const local = await o.api.post(`/api/orders/${o.orderId}/parcelshops`, { city: ' пловдив ' })
    expect(local.body.list.map((s: Json) => s.name)).toEqual([
      'Econtomat Plovdiv Maritsa',
      'Plovdiv Center',
      'Plovdiv Trakia',
    ])
  })

  it('uses the courier asked for, and answers an empty list for a courier without offices or a city without any', async () => {
    const o = await orderOf({ ...bulgaria, city: 'Varna' }, null)
    expect((await o.api.post(`/api/orders/${o.orderId}/parcelshops`, {})).body).toEqual({ list: [] })
    const asked = await o.api.post(`/api/orders/${o.orderId}/parcelshops`, { city: '', courierId: econt._id })
    expect(asked.body.list.map((s: Json) => s.name)).toEqual([
      'Varna Center',
      'Varna Levski',
      'Varna Vladislavovo',
    ])
    const czech = await o.api.post(`/api/orders/${o.orderId}/parcelshops`, { courierId: ppl._id })
    expect(czech.body).toEqual({ list: [] })
    const village = await o.api.post(`/api/orders/${o.orderId}/parcelshops`, {
      city: 'Ravda',
      courierId: econt._id,
    })
    expect(village.body).toEqual({ list: [] })
    const unknown = await o.api.post(`/api/orders/${o.orderId}/parcelshops`, {
      courierId: '0195f5d0-0000-7000-8000-000000000000',
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.details).toEqual({ courierId: 'is not a courier' })
  })

  it("answers 404 for another client's order and serves staff any order", async () => {
    const o = await orderOf(bulgaria, econt._id)
    const intruder = await t.tenantWithApi()
    const foreign = await intruder.api.post(`/api/orders/${o.orderId}/parcelshops`, {})
    expect(foreign.status).toBe(404)
    expect(JSON.stringify(foreign.body)).not.toContain('Sofia')
    const { api: operator } = await t.userWithToken({ roles: ['operator'] })
    expect((await operator.post(`/api/orders/${o.orderId}/parcelshops`, {})).body.list).toHaveLength(7)
    const missing = await operator.post('/api/orders/0195f5d0-0000-7000-8000-000000000000/parcelshops', {})
    expect(missing.status).toBe(404)
  })

  it('answers 503 when Econt is down', async () => {
    const o = await orderOf({ ...bulgaria, country: 'Greece', city: 'Athina' }, econtGr._id)
    fake.settings.failStatus = 500
    const res = await o.api.post(`/api/orders/${o.orderId}/parcelshops`, {})
    expect(res.status).toBe(503)
    expect(res.body.code).toBe('UNAVAILABLE')
    fake.settings.failStatus = undefined
    expect((await o.api.post(`/api/orders/${o.orderId}/parcelshops`, {})).body.list).toHaveLength(3)
  })
})

describe('the offices cache and the configuration', () => {
  it('asks Econt once per courier network, country and city while the cache holds', async () => {
    const cached = await createTestApp({ database: t.database, env: { ECONT_BASE_URL: baseUrl } })
    try {
      const { api } = await cached.tenantWithApi()
      const before = fake.calls.length
      const first = await Promise.all([
        api.post('/api/orders/getoffices', { country: 'Bulgaria', courierId: econt._id }),
        api.post('/api/orders/getoffices', { country: 'Bulgaria', courierId: econt._id }),
      ])
      const again = await api.post('/api/orders/getoffices', { country: 'bulgaria', courierId: econt._id })
      expect(again.body).toEqual(first[0]!.body)
      expect(first[1]!.body).toEqual(first[0]!.body)
      expect(fake.calls.length - before).toBe(1)
      // ECONT_GR is the same network: Bulgaria's list is already known.
      await api.post('/api/orders/getoffices', { country: 'Bulgaria', courierId: econtGr._id })
      expect(fake.calls.length - before).toBe(1)
      // A failure is not kept: the next call asks again.
      fake.settings.failStatus = 503
      expect(
        (await api.post('/api/orders/getoffices', { country: 'Greece', courierId: econtGr._id })).status,
      ).toBe(503)
      fake.settings.failStatus = undefined
      expect(
        (await api.post('/api/orders/getoffices', { country: 'Greece', courierId: econtGr._id })).status,
      ).toBe(200)
      expect(fake.calls.length - before).toBe(3)
    } finally {
      await cached.close()
    }
  })

  it('answers 503 "Econt is not configured" in production without ECONT_BASE_URL', async () => {
    const production = await createTestApp({
      database: t.database,
      env: { NODE_ENV: 'production' },
      devFakes: true,
    })
    try {
      const { api } = await production.tenantWithApi()
      const res = await api.post('/api/orders/getoffices', { country: 'Bulgaria', courierId: econt._id })
      expect(res.status).toBe(503)
      expect(res.body).toMatchObject({ code: 'UNAVAILABLE', message: 'Econt is not configured' })
    } finally {
      await production.close()
    }
  })

  it('answers from the local fake the entry point starts outside production without ECONT_BASE_URL (the demo)', async () => {
    const demo = await createTestApp({ database: t.database, devFakes: true })
    try {
      const { api } = await demo.tenantWithApi()
      const before = fake.calls.length
      const res = await api.post('/api/orders/getoffices', { country: 'Greece', courierId: econtGr._id })
      expect(res.status).toBe(200)
      expect(res.body.map((o: Json) => o.code)).toContain('7101')
      expect(fake.calls.length).toBe(before)
    } finally {
      await demo.close()
    }
  })
})
