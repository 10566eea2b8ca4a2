import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApi, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'

/** PUT /api/businessclients/:id: each `type` of change, its validation, roles and tenants. */

let t: TestApp
let a: Tenant
let b: Tenant
let asA: TestApi
let asB: TestApi

beforeAll(async () => {
  t = await createTestApp()
  a = await t.factory.tenant()
  b = await t.factory.tenant()
  asA = t.as(await t.tokenFor(a.user))
  asB = t.as(await t.tokenFor(b.user))
})
afterAll(() => t?.close())

const staffApi = async (role: 'operator' | 'finance') => (await t.userWithToken({ roles: [role] })).api

describe('PUT /api/businessclients/:id', () => {
  it("'update' changes the name and the given address fields only, and bumps updatedAt", async () => {
    const x = await t.tenantWithApi()
    const res = await x.api.put(`/api/businessclients/${x.client.id}`, {
      type: 'update',
      query: { name: 'Renamed', address: { city: 'Ostrava', postcode: '702 00' } },
    })
    expect(res.status).toBe(200)
    expect(res.body.name).toBe('Renamed')
    expect(res.body.address).toEqual({
      country: 'Czech',
      region: '',
      province: '',
      city: 'Ostrava',
      street: 'Údolní',
      streetNr: '53',
      postcode: '702 00',
    })
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(x.client.updatedAt.getTime())
    expect(await t.businessClientSnapshot(x.client.id)).toEqual(res.body)
  })

  it("'new contact' adds a contact with defaults for the optional fields", async () => {
    const x = await t.tenantWithApi()
    const res = await x.api.put(`/api/businessclients/${x.client.id}`, {
      type: 'new contact',
      query: { name: 'Jana Dvořáková', email: 'jana@example.cz' },
    })
    expect(res.status).toBe(200)
    expect(res.body.contacts).toHaveLength(2)
    expect(res.body.contacts[1]).toEqual({
      _id: expect.any(String),
      name: 'Jana Dvořáková',
      email: 'jana@example.cz',
      phone: '',
      position: '',
    })
  })

  it("'remove contact' removes the contact", async () => {
    const x = await t.tenantWithApi()
    const res = await x.api.put(`/api/businessclients/${x.client.id}`, {
      type: 'remove contact',
      query: { _id: x.contact.id },
    })
    expect(res.status).toBe(200)
    expect(res.body.contacts).toEqual([])
  })

  it("'new bankaccount' adds an account and stores the IBAN without spaces, upper-case", async () => {
    const x = await t.tenantWithApi()
    const res = await x.api.put(`/api/businessclients/${x.client.id}`, {
      type: 'new bankaccount',
      query: { bankname: 'Banca Transilvania', currency: 'RON', IBAN: 'ro49 aaaa 1b31 0075 9384 0000' },
    })
    expect(res.status).toBe(200)
    expect(res.body.bankaccounts[1]).toEqual({
      _id: expect.any(String),
      bankname: 'Banca Transilvania',
      currency: 'RON',
      accountNr: '',
      bankCode: '',
      IBAN: 'RO49AAAA1B31007593840000',
      SWIFT: '',
      addressCity: '',
      addressCountry: '',
    })
  })

  it("'remove bankaccount' removes the account", async () => {
    const x = await t.tenantWithApi()
    const res = await x.api.put(`/api/businessclients/${x.client.id}`, {
      type: 'remove bankaccount',
      query: { _id: x.bankAccount.id },
    })
    expect(res.status).toBe(200)
    expect(res.body.bankaccounts).toEqual([])
  })

  it('lets an admin update any business client', async () => {
    const x = await t.factory.tenant()
    const res = await (await t.asAdmin()).put(`/api/businessclients/${x.client.id}`, {
      type: 'update',
      query: { name: 'Changed by staff' },
    })
    expect(res.status).toBe(200)
    expect(res.body.name).toBe('Changed by staff')
  })

  it.each([
    ['an empty update', { type: 'update', query: {} }, 'query'],
    ['an unknown type', { type: 'rename', query: { name: 'x' } }, 'type'],
    ['an unknown field', { type: 'update', query: { name: 'x', vip: true } }, 'query.vip'],
    [
      'an unknown country',
      { type: 'update', query: { address: { country: 'Atlantis' } } },
      'query.address.country',
    ],
    ['a contact without name', { type: 'new contact', query: { email: 'a@b.cz' } }, 'query.name'],
    ['a bad e-mail', { type: 'new contact', query: { name: 'N', email: 'nope' } }, 'query.email'],
    ['a bad phone', { type: 'new contact', query: { name: 'N', phone: 'call me' } }, 'query.phone'],
    [
      'a wrong IBAN checksum',
      {
        type: 'new bankaccount',
        query: { bankname: 'B', currency: 'CZK', IBAN: 'CZ6508000000192000145398' },
      },
      'query.IBAN',
    ],
    [
      // the demo's old payer: Fio's BIC on a Česká spořitelna IBAN (bank code 0800)
      'a BIC of another bank than the IBAN',
      {
        type: 'new bankaccount',
        query: { bankname: 'B', currency: 'CZK', IBAN: 'CZ6508000000192000145399', SWIFT: 'FIOBCZPP' },
      },
      'query.SWIFT',
    ],
    [
      'a bank code unlike the one inside the IBAN',
      {
        type: 'new bankaccount',
        query: { bankname: 'B', currency: 'CZK', IBAN: 'CZ6508000000192000145399', bankCode: '2010' },
      },
      'query.bankCode',
    ],
    [
      'a Slovak IBAN with a bank code no Slovak bank has',
      {
        type: 'new bankaccount',
        query: { bankname: 'B', currency: 'EUR', IBAN: 'SK3112000000198742637541' },
      },
      'query.IBAN',
    ],
    [
      'neither IBAN nor account',
      { type: 'new bankaccount', query: { bankname: 'B', currency: 'CZK' } },
      'query.IBAN',
    ],
    [
      'an unknown currency',
      { type: 'new bankaccount', query: { bankname: 'B', currency: 'XYZ', accountNr: '1' } },
      'query.currency',
    ],
    ['a bad child id', { type: 'remove contact', query: { _id: 'x' } }, 'query._id'],
  ])('refuses %s (400 naming the field) and changes nothing', async (_label, payload, field) => {
    const before = await t.businessClientSnapshot(a.client.id)
    const res = await asA.put(`/api/businessclients/${a.client.id}`, payload)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('VALIDATION_FAILED')
    expect(res.body.details).toHaveProperty([field])
    expect(await t.businessClientSnapshot(a.client.id)).toEqual(before)
  })

  it.each([
    ['remove contact', () => b.contact.id],
    ['remove bankaccount', () => b.bankAccount.id],
  ])(
    "'%s' with a child of another business client answers 404 and leaves both unchanged",
    async (type, childId) => {
      const [beforeA, beforeB] = [
        await t.businessClientSnapshot(a.client.id),
        await t.businessClientSnapshot(b.client.id),
      ]
      const res = await asA.put(`/api/businessclients/${a.client.id}`, { type, query: { _id: childId() } })
      expect(res.status).toBe(404)
      expect(res.body.code).toBe('NOT_FOUND')
      expect(await t.businessClientSnapshot(a.client.id)).toEqual(beforeA)
      expect(await t.businessClientSnapshot(b.client.id)).toEqual(beforeB)
    },
  )

  it.each(['operator', 'finance'] as const)(
    'refuses %s staff (403, needs profile.write) and changes nothing',
    async (role) => {
      const before = await t.businessClientSnapshot(a.client.id)
      const res = await (await staffApi(role)).put(`/api/businessclients/${a.client.id}`, {
        type: 'update',
        query: { name: 'Hijacked' },
      })
      expect(res.status).toBe(403)
      expect(res.body.code).toBe('FORBIDDEN')
      expect(await t.businessClientSnapshot(a.client.id)).toEqual(before)
    },
  )

  it("answers another business's client 404 and changes nothing", async () => {
    const before = await t.businessClientSnapshot(a.client.id)
    const res = await asB.put(`/api/businessclients/${a.client.id}`, {
      type: 'update',
      query: { name: 'Hijacked' },
    })
    expect(res.status).toBe(404)
    expect(await t.businessClientSnapshot(a.client.id)).toEqual(before)
  })

  it('refuses an anonymous caller (401)', async () => {
    expect((await t.anon.put(`/api/businessclients/${a.client.id}`, {})).status).toBe(401)
  })
})
