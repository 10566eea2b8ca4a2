import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import { courierQuotations, couriers } from '../../db/schema/index.ts'

let t: TestApp
let admin: TestApi

beforeAll(async () => {
  t = await createTestApp()
  admin = (await t.userWithToken({ roles: ['admin'] })).api
})
afterAll(() => t?.close())

const ppl = {
  country: 'Czech',
  currency: 'CZK',
  courier_transport: 100,
  courier_fuel_charge: 18.5,
  courier_toll_rate: 2.4,
}
const unknownId = '0195f5d0-0000-7000-8000-000000000000'

describe('GET /api/couriers/:id and set as default', () => {
  it('answers one courier, and 404 for an unknown id', async () => {
    const c = await t.factory.courier({ name: 'Get One Post', country: 'Austria', isDefault: true })
    const { api } = await t.tenantWithApi()
    expect((await api.get(`/api/couriers/${c.id}`)).body).toEqual({
      _id: c.id,
      name: 'Get One Post',
      country: 'Austria',
      isDefault: true,
      officePickup: false,
    })
    expect((await api.get(`/api/couriers/${unknownId}`)).status).toBe(404)
    expect((await api.get('/api/couriers/not-an-id')).status).toBe(400)
  })

  it('moves the default flag of the country to the chosen courier and leaves other countries alone', async () => {
    const a = await t.factory.courier({ name: 'Default A', country: 'Slovenia', isDefault: true })
    const b = await t.factory.courier({ name: 'Default B', country: 'Slovenia' })
    const other = await t.factory.courier({ name: 'Default C', country: 'Croatia', isDefault: true })
    const res = await admin.post(`/api/couriers/${b.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ _id: b.id, isDefault: true })
    const list = (await admin.get('/api/couriers', { name: 'Default ' })).body as Json[]
    expect(list.map((c) => [c.name, c.isDefault])).toEqual([
      ['Default A', false],
      ['Default B', true],
      ['Default C', true],
    ])
    // Setting the default again changes nothing.
    expect((await admin.post(`/api/couriers/${b.id}`)).body.isDefault).toBe(true)
    expect((await admin.get(`/api/couriers/${a.id}`)).body.isDefault).toBe(false)
    expect((await admin.get(`/api/couriers/${other.id}`)).body.isDefault).toBe(true)
  })

  it('leaves exactly one default when 10 calls for 2 couriers of one country run at once', async () => {
    const a = await t.factory.courier({ name: 'Race A', country: 'Estonia', isDefault: true })
    const b = await t.factory.courier({ name: 'Race B', country: 'Estonia' })
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => admin.post(`/api/couriers/${i % 2 ? a.id : b.id}`)),
    )
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200))
    const rows = await t.db.select().from(couriers).where(eq(couriers.country, 'Estonia'))
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1)
  })

  it('lets only an admin set the default (403 for finance, operator and client), 404 for an unknown courier', async () => {
    const c = await t.factory.courier({ name: 'Guarded Post', country: 'Latvia' })
    for (const roles of [['finance'], ['operator'], ['client']]) {
      const { api } = await t.userWithToken({ roles })
      expect((await api.post(`/api/couriers/${c.id}`)).status).toBe(403)
    }
    expect((await admin.get(`/api/couriers/${c.id}`)).body.isDefault).toBe(false)
    expect((await admin.post(`/api/couriers/${unknownId}`)).status).toBe(404)
  })
})

describe('courier quotations', () => {
  it('adds a quotation with the parcel price computed by the server and lists it with every spec field', async () => {
    const c = await t.factory.courier({ name: 'Quote Post', country: 'Czech' })
    const created = await admin.post(`/api/couriers/${c.id}/quotations`, {
      ...ppl,
      amount: 1, // ignored: the server keeps it
      courier_return: 55,
      courier_COD_Service_cash: 25,
      courier_COD_Service_card: 1.2,
    })
    expect(created.status).toBe(201)
    const expected = {
      _id: expect.any(String),
      courier: c.id,
      country: 'Czech',
      currency: 'CZK',
      isActive: true,
      courier_transport: 100,
      courier_return: 55,
      courier_COD_Service_cash: 25,
      courier_COD_Service_card: 1.2,
      courier_toll_rate: 2.4,
      courier_fuel_charge: 18.5,
      serviceType: { name: 'address' },
      amount: 120.9, // 100 + 18.50 fuel + 2.40 toll
      createdAt: expect.any(String),
    }
    expect(created.body).toEqual(expected)
    const { api } = await t.tenantWithApi()
    const list = await api.get(`/api/couriers/${c.id}/quotations`)
    expect(list.status).toBe(200)
    expect(list.body).toEqual([expected])
  })

  it('refuses a second active quotation for the same country and service with 409, but takes another service', async () => {
    const c = await t.factory.courier({ name: 'Twice Post', country: 'Czech' })
    expect((await admin.post(`/api/couriers/${c.id}/quotations`, ppl)).status).toBe(201)
    const again = await admin.post(`/api/couriers/${c.id}/quotations`, { ...ppl, courier_transport: 90 })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('CONFLICT')
    const office = await admin.post(`/api/couriers/${c.id}/quotations`, { ...ppl, serviceType: 'office' })
    expect(office.status).toBe(201)
    expect((await admin.get(`/api/couriers/${c.id}/quotations`)).body).toHaveLength(2)
  })

  it('a changed price deactivates the old row and answers a new one; services keep the old row', async () => {
    const c = await t.factory.courier({ name: 'Change Post', country: 'Slovakia' })
    const sk = { country: 'Slovakia', currency: 'EUR', courier_transport: 3.6, courier_fuel_charge: 19.5 }
    const first = (await admin.post(`/api/couriers/${c.id}/quotations`, sk)).body
    const changed = await admin.put(`/api/couriers/${c.id}/quotations/${first._id}`, {
      ...sk,
      courier_transport: 3.9,
    })
    expect(changed.status).toBe(200)
    expect(changed.body._id).not.toBe(first._id)
    expect(changed.body).toMatchObject({ courier_transport: 3.9, amount: 4.66, isActive: true }) // 3.90 + 0.76
    const [old] = await t.db.select().from(courierQuotations).where(eq(courierQuotations.id, first._id))
    expect(old).toMatchObject({ isActive: false, transport: '3.60', amount: '4.30' })
    expect((await admin.get(`/api/couriers/${c.id}/quotations`)).body.map((q: Json) => q._id)).toEqual([
      changed.body._id,
    ])
    // The old row is history: it cannot be edited any more.
    const stale = await admin.put(`/api/couriers/${c.id}/quotations/${first._id}`, sk)
    expect(stale.status).toBe(409)
    // Unchanged values answer the row as it is.
    const same = await admin.put(`/api/couriers/${c.id}/quotations/${changed.body._id}`, {
      ...sk,
      courier_transport: 3.9,
    })
    expect(same.body._id).toBe(changed.body._id)
  })

  it('deactivates a quotation: it leaves the list and a new one for that service can be added', async () => {
    const c = await t.factory.courier({ name: 'Stop Post', country: 'Romania' })
    const ro = { country: 'Romania', currency: 'RON', courier_transport: 14.5 }
    const q = (await admin.post(`/api/couriers/${c.id}/quotations`, ro)).body
    const del = await admin.delete(`/api/couriers/${c.id}/quotations/${q._id}`)
    expect(del.status).toBe(200)
    expect(del.body).toMatchObject({ _id: q._id, isActive: false })
    expect((await admin.get(`/api/couriers/${c.id}/quotations`)).body).toEqual([])
    expect((await admin.post(`/api/couriers/${c.id}/quotations`, ro)).status).toBe(201)
  })

  it('answers 400 naming each bad field and writes nothing', async () => {
    const c = await t.factory.courier({ name: 'Bad Input Post', country: 'Czech' })
    const res = await admin.post(`/api/couriers/${c.id}/quotations`, {
      country: 'Narnia',
      currency: 'XXX',
      serviceType: 'drone',
      courier_transport: -1,
      courier_return: 1.234,
      courier_COD_Service_card: 101,
      courier_fuel_charge: -0.5,
    })
    expect(res.status).toBe(400)
    expect(res.body.details).toMatchObject({
      country: 'must be a country of the list',
      currency: 'must be a currency of the list',
      serviceType: 'must be address, office or locker',
      courier_transport: 'must be 0 or more',
      courier_return: 'must have at most 2 decimals',
      courier_COD_Service_card: 'must be at most 100',
      courier_fuel_charge: 'must be 0 or more',
    })
    const rows = await t.db.select().from(courierQuotations).where(eq(courierQuotations.courierId, c.id))
    expect(rows).toEqual([])
  })

  it('lets only an admin write quotations and answers 404 for an unknown courier or another courier’s quotation', async () => {
    const c = await t.factory.courier({ name: 'Admin Only Post', country: 'Czech' })
    const other = await t.factory.courier({ name: 'Other Post', country: 'Czech' })
    const q = (await admin.post(`/api/couriers/${c.id}/quotations`, ppl)).body
    for (const roles of [['finance'], ['operator'], ['client']]) {
      const { api } = await t.userWithToken({ roles })
      expect(
        (await api.post(`/api/couriers/${c.id}/quotations`, { ...ppl, serviceType: 'locker' })).status,
      ).toBe(403)
      expect((await api.put(`/api/couriers/${c.id}/quotations/${q._id}`, ppl)).status).toBe(403)
      expect((await api.delete(`/api/couriers/${c.id}/quotations/${q._id}`)).status).toBe(403)
      expect((await api.get(`/api/couriers/${c.id}/quotations`)).status).toBe(200)
    }
    expect((await admin.post(`/api/couriers/${unknownId}/quotations`, ppl)).status).toBe(404)
    expect((await admin.get(`/api/couriers/${unknownId}/quotations`)).status).toBe(404)
    expect((await admin.put(`/api/couriers/${other.id}/quotations/${q._id}`, ppl)).status).toBe(404)
    expect((await admin.delete(`/api/couriers/${other.id}/quotations/${q._id}`)).status).toBe(404)
    expect((await admin.get(`/api/couriers/${c.id}/quotations`)).body).toHaveLength(1)
  })
})
