import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../../../test/app.ts'
import { seedCourierQuotations } from './couriers.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

describe('seedCourierQuotations', () => {
  it('gives every courier an active quotation per service for its country, priced like the API would', async () => {
    const ppl = await t.factory.courier({ name: 'PPL', country: 'Czech', isDefault: true })
    const econt = await t.factory.courier({ name: 'ECONT', country: 'Bulgaria', isDefault: true })
    const unknown = await t.factory.courier({ name: 'Seed Unknown Post', country: 'Austria' })
    expect(await seedCourierQuotations(t.db)).toBe(4)
    const { api } = await t.userWithToken({ roles: ['finance'] })
    const of = async (id: string) => (await api.get(`/api/couriers/${id}/quotations`)).body as Json[]
    expect(await of(ppl.id)).toMatchObject([
      // 89.00 + 18.5 % fuel (16.47) + 2.40 toll
      { country: 'Czech', currency: 'CZK', serviceType: { name: 'address' }, amount: 107.87, isActive: true },
    ])
    expect((await of(econt.id)).map((q) => [q.serviceType.name, q.currency, q.amount])).toEqual([
      ['address', 'EUR', 3.67], // 3.40 + 8 % = 3.672 → 3.67
      ['office', 'EUR', 2.7],
    ])
    expect((await of(unknown.id)).map((q) => [q.country, q.amount])).toEqual([['Austria', 4.4]])
    // A second run keeps the active rows and adds nothing.
    expect(await seedCourierQuotations(t.db)).toBe(0)
    expect(await of(ppl.id)).toHaveLength(1)
  })
})
