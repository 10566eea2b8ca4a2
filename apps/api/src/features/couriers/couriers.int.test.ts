import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../../../test/app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const names = (body: Json[]) => body.map((c) => `${c.name}/${c.country}`)

describe('GET /api/couriers', () => {
  it('answers couriers by name then country, with the default flag and office pick-up for ECONT and ECONT_GR', async () => {
    await t.factory.courier({ name: 'ECONT_GR', country: 'Greece', isDefault: true })
    await t.factory.courier({ name: 'ECONT', country: 'Bulgaria', isDefault: true })
    await t.factory.courier({ name: 'ECONT', country: 'Romania' })
    await t.factory.courier({ name: 'Speedy', country: 'Bulgaria' })
    const { api } = await t.userWithToken({ roles: ['finance'] })
    const res = await api.get('/api/couriers', { name: 'e' })
    expect(res.status).toBe(200)
    expect(names(res.body)).toEqual(['ECONT/Bulgaria', 'ECONT/Romania', 'ECONT_GR/Greece', 'Speedy/Bulgaria'])
    expect(res.body[0]).toEqual({
      _id: expect.any(String),
      name: 'ECONT',
      country: 'Bulgaria',
      isDefault: true,
      officePickup: true,
    })
    expect(res.body.map((c: Json) => c.officePickup)).toEqual([true, true, true, false])
    expect(res.body.map((c: Json) => c.isDefault)).toEqual([true, false, true, false])
  })

  it('filters by any of the repeated countries and by a name part without case', async () => {
    await t.factory.courier({ name: 'Filter Alpha Post', country: 'Slovakia' })
    await t.factory.courier({ name: 'filter beta post', country: 'Hungary' })
    await t.factory.courier({ name: 'Filter Gamma Post', country: 'Austria' })
    const { api } = await t.tenantWithApi()
    const res = await api.request({
      method: 'GET',
      url: '/api/couriers?country=Slovakia&country=Hungary&name=FILTER',
    })
    expect(res.status).toBe(200)
    expect(names(res.body)).toEqual(['Filter Alpha Post/Slovakia', 'filter beta post/Hungary'])
    const one = await api.get('/api/couriers', { country: 'Austria' })
    expect(names(one.body)).toEqual(['Filter Gamma Post/Austria'])
  })

  it('takes % and _ in the name literally', async () => {
    await t.factory.courier({ name: 'Post 100% Fast', country: 'Poland' })
    await t.factory.courier({ name: 'Post 1000 Fast', country: 'Poland' })
    const { api } = await t.userWithToken({ roles: ['operator'] })
    expect(names((await api.get('/api/couriers', { name: '100%' })).body)).toEqual(['Post 100% Fast/Poland'])
    expect((await api.get('/api/couriers', { name: 'Post_1' })).body).toEqual([])
  })

  it('answers an empty list when nothing matches, 401 to an anonymous caller and 400 for a too long name', async () => {
    const { api } = await t.userWithToken({ roles: ['admin'] })
    expect((await api.get('/api/couriers', { name: 'No such courier anywhere' })).body).toEqual([])
    expect((await t.anon.get('/api/couriers')).status).toBe(401)
    const long = await api.get('/api/couriers', { name: 'x'.repeat(101) })
    expect(long.status).toBe(400)
    expect(long.body.details).toHaveProperty(['query.name'])
  })
})
