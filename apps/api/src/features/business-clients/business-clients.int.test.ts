import { count, eq } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApi, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'
import { businessClients, users } from '../../db/schema/index.ts'

let t: TestApp
let a: Tenant
let b: Tenant
let asA: TestApi
let asB: TestApi

beforeAll(async () => {
  t = await createTestApp()
  a = await t.factory.tenant({ client: { name: 'Alpha Garden s.r.o.' } })
  b = await t.factory.tenant({ client: { name: 'Beta 100% Cotton SRL' } })
  asA = t.as(await t.tokenFor(a.user))
  asB = t.as(await t.tokenFor(b.user))
})
afterAll(() => t?.close())

const staffApi = async (role: 'admin' | 'operator' | 'finance') =>
  (await t.userWithToken({ roles: [role] })).api
const clientCount = async () => (await t.db.select({ n: count() }).from(businessClients))[0]!.n
const listIds = (body: Json): string[] => body.list.map((c: { _id: string }) => c._id)

describe('GET /api/businessclients', () => {
  it.each(['admin', 'operator', 'finance'] as const)('shows %s staff every business client', async (role) => {
    const res = await (await staffApi(role)).get('/api/businessclients')
    expect(res.status).toBe(200)
    expect(listIds(res.body)).toEqual(expect.arrayContaining([a.client.id, b.client.id]))
    expect(res.body.total).toBe(res.body.list.length)
  })

  it('shows a client only its own business client', async () => {
    const res = await asA.get('/api/businessclients')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ list: [{ _id: a.client.id, name: 'Alpha Garden s.r.o.' }], total: 1 })
  })

  it('shows a client without a business client an empty list', async () => {
    const { api } = await t.userWithToken({ roles: ['client'] })
    expect((await api.get('/api/businessclients')).body).toEqual({ list: [], total: 0 })
  })

  it('filters by searchTerm case-insensitively and treats % and _ literally', async () => {
    const admin = await t.asAdmin()
    expect(listIds((await admin.get('/api/businessclients', { searchTerm: 'alpha GARDEN' })).body)).toEqual([
      a.client.id,
    ])
    expect(listIds((await admin.get('/api/businessclients', { searchTerm: '100%' })).body)).toEqual([
      b.client.id,
    ])
    expect(listIds((await admin.get('/api/businessclients', { searchTerm: 'a_p' })).body)).toEqual([])
    // A client's search never reaches beyond its own business client.
    expect((await asA.get('/api/businessclients', { searchTerm: 'Beta' })).body).toEqual({
      list: [],
      total: 0,
    })
  })

  it('refuses a searchTerm over 100 characters (400 naming query.searchTerm)', async () => {
    const res = await asA.get('/api/businessclients', { searchTerm: 'x'.repeat(101) })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty(['query.searchTerm'])
  })

  it('refuses an anonymous caller (401)', async () => {
    expect((await t.anon.get('/api/businessclients')).status).toBe(401)
  })
})

describe('GET /api/businessclients/:id', () => {
  it('answers a client its own business client with contacts, bank accounts, company ids and settings', async () => {
    const res = await asA.get(`/api/businessclients/${a.client.id}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      _id: a.client.id,
      name: 'Alpha Garden s.r.o.',
      address: {
        country: 'Czech',
        region: '',
        province: '',
        city: 'Brno',
        street: 'Údolní',
        streetNr: '53',
        postcode: '602 00',
      },
      contacts: [
        {
          _id: a.contact.id,
          name: a.contact.name,
          email: a.contact.email,
          phone: a.contact.phone,
          position: 'Manager',
        },
      ],
      bankaccounts: [
        {
          _id: a.bankAccount.id,
          bankname: a.bankAccount.bankname,
          currency: 'CZK',
          accountNr: '19-2000145399',
          bankCode: '0800',
          IBAN: 'CZ6508000000192000145399',
          SWIFT: '',
          addressCity: 'Praha',
          addressCountry: 'Czech',
        },
      ],
      companyids: [
        { _id: a.companyId.id, country: 'Czech', coid: '27082440', taxid: 'CZ27082440', register: '' },
      ],
      businessprofile: {
        'orders.invoicing.autoGenerate': false,
        'orders.automaticBlockingGoods': true,
        'orders.shipping.automaticAssingCourier': true,
        'notifications.email.newPo': false,
        'notifications.email.shippingPo': false,
        'notifications.dashboard.tickets.newticket': false,
        'notifications.dashboard.tickets.newmessage': false,
      },
      invoicing: { vatPayer: true, dueDays: 14, oss: false, ossSince: null },
      createdAt: a.client.createdAt.toISOString(),
      updatedAt: a.client.updatedAt.toISOString(),
    })
  })

  it.each(['admin', 'operator', 'finance'] as const)('answers %s staff any business client', async (role) => {
    const res = await (await staffApi(role)).get(`/api/businessclients/${b.client.id}`)
    expect(res.status).toBe(200)
    expect(res.body._id).toBe(b.client.id)
  })

  it("answers another business's client 404 NOT_FOUND without any of its data", async () => {
    const res = await asB.get(`/api/businessclients/${a.client.id}`)
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('NOT_FOUND')
    expect(JSON.stringify(res.body)).not.toContain('Alpha')
  })

  it('answers 404 to a client without a business client and for an id that does not exist', async () => {
    const { api } = await t.userWithToken({ roles: ['client'] })
    expect((await api.get(`/api/businessclients/${a.client.id}`)).status).toBe(404)
    const missing = await (await t.asAdmin()).get('/api/businessclients/01900000-0000-7000-8000-000000000000')
    expect(missing.status).toBe(404)
  })

  it('refuses an id that is not a UUID (400 naming params.id)', async () => {
    const res = await asA.get('/api/businessclients/not-an-id')
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty(['params.id'])
  })

  it('refuses an anonymous caller (401)', async () => {
    expect((await t.anon.get(`/api/businessclients/${a.client.id}`)).status).toBe(401)
  })
})

describe('POST /api/businessclients', () => {
  it('creates the business client of a client user without one, links the user and answers a new token', async () => {
    const { user, api } = await t.userWithToken({ roles: ['client'] })
    const res = await api.post('/api/businessclients', {
      name: 'Gamma Shop',
      address: { country: 'Romania', city: 'Cluj-Napoca' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      name: 'Gamma Shop',
      address: { country: 'Romania', city: 'Cluj-Napoca', street: '' },
      contacts: [],
      bankaccounts: [],
      companyids: [],
    })
    const id = res.body._id
    expect(decodeJwt(res.body.token)).toMatchObject({ sub: user.id, businessclient: id })
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.businessclientId).toBe(id)
    expect((await t.as(res.body.token).get(`/api/businessclients/${id}`)).status).toBe(200)

    // A second one is refused: a client user belongs to one business client.
    const before = await clientCount()
    const again = await api.post('/api/businessclients', { name: 'Gamma Second' })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('CONFLICT')
    expect(await clientCount()).toBe(before)
  })

  it('refuses a client user that already has a business client (409) and creates nothing', async () => {
    const before = await clientCount()
    const res = await asB.post('/api/businessclients', { name: 'Beta Two' })
    expect(res.status).toBe(409)
    expect(await clientCount()).toBe(before)
  })

  it('lets an admin create a business client without linking the admin', async () => {
    const { api, user } = await t.userWithToken({ roles: ['admin'] })
    const res = await api.post('/api/businessclients', { name: 'Delta Ltd' })
    expect(res.status).toBe(201)
    expect(res.body.name).toBe('Delta Ltd')
    expect(res.body).not.toHaveProperty('token')
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.businessclientId).toBeNull()
  })

  it.each(['operator', 'finance'] as const)('refuses %s staff (403) and creates nothing', async (role) => {
    const before = await clientCount()
    const res = await (await staffApi(role)).post('/api/businessclients', { name: 'Not Allowed' })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('FORBIDDEN')
    expect(await clientCount()).toBe(before)
  })

  it.each([
    [{}, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x', address: { country: 'Narnia' } }, 'address.country'],
    [{ name: 'x', vat: 'CZ1' }, 'vat'],
  ])('refuses %j (400 naming %s), creates nothing and leaves the caller unlinked', async (payload, field) => {
    const { api, user } = await t.userWithToken({ roles: ['client'] })
    const before = await clientCount()
    const res = await api.post('/api/businessclients', payload)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('VALIDATION_FAILED')
    expect(res.body.details).toHaveProperty([field])
    expect(await clientCount()).toBe(before)
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.businessclientId).toBeNull()
  })

  it('refuses an anonymous caller (401)', async () => {
    expect((await t.anon.post('/api/businessclients', { name: 'x' })).status).toBe(401)
  })
})
