import { permissionsOf, roles } from '@expedo/domain'
import { eq } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../../../test/app.ts'
import type { Tenant } from '../../../test/factories.ts'
import { users } from '../../db/schema/index.ts'

let t: TestApp
let a: Tenant
let b: Tenant
let aColleague: Awaited<ReturnType<TestApp['factory']['user']>>
let staffIds: string[]

beforeAll(async () => {
  t = await createTestApp()
  a = await t.factory.tenant()
  b = await t.factory.tenant()
  aColleague = await t.factory.user({ businessclientId: a.client.id, status: 'disabled' })
  staffIds = (
    await Promise.all(['admin', 'operator', 'finance'].map((r) => t.factory.user({ roles: [r] })))
  ).map((u) => u.id)
})
afterAll(() => t?.close())

const idsOf = (body: Json): string[] => body.foundUsers.map((u: { _id: string }) => u._id).sort()

describe('GET /api/users', () => {
  it("shows a client only its own business's users, with summaries and no password data", async () => {
    const res = await t.as(await t.tokenFor(a.user)).get('/api/users')
    expect(res.status).toBe(200)
    expect(idsOf(res.body)).toEqual([a.user.id, aColleague.id].sort())
    expect(res.body.foundUsers).toContainEqual({
      _id: a.user.id,
      username: a.user.username,
      roles: ['client'],
      status: 'active',
      sys_lang: a.user.sysLang,
      businessclient: a.client.id,
      createdAt: a.user.createdAt.toISOString(),
    })
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|password/i)
  })

  it('shows a client without a business client no users', async () => {
    const { api } = await t.userWithToken({ roles: ['client'] })
    const res = await api.get('/api/users')
    expect(res.status).toBe(200)
    expect(res.body.foundUsers).toEqual([])
  })

  it.each(['admin', 'operator', 'finance'] as const)('shows %s staff every user', async (role) => {
    const { api, user } = await t.userWithToken({ roles: [role] })
    const res = await api.get('/api/users')
    expect(res.status).toBe(200)
    expect(idsOf(res.body)).toEqual(
      expect.arrayContaining([a.user.id, b.user.id, aColleague.id, user.id, ...staffIds]),
    )
  })

  it.each(roles)('answers routePermission equal to the matrix for %s', async (role) => {
    const { api } = await t.userWithToken({ roles: [role] })
    const res = await api.get('/api/users')
    expect(res.body.routePermission).toEqual(permissionsOf([role]))
  })

  it('refuses an anonymous caller (401)', async () => {
    const res = await t.anon.get('/api/users')
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('UNAUTHENTICATED')
  })
})

describe('PUT /api/users', () => {
  it('changes the own sys_lang and answers the user with a new token that carries it', async () => {
    const { api, user } = await t.userWithToken({
      roles: ['client'],
      businessclientId: b.client.id,
      sysLang: 'CZ',
    })
    const res = await api.put('/api/users', { 'settings.sys_lang': 'RO' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      _id: user.id,
      username: user.username,
      sys_lang: 'RO',
      businessclient: b.client.id,
    })
    expect(decodeJwt(res.body.token)).toMatchObject({ sub: user.id, sys_lang: 'RO' })
    expect((await t.as(res.body.token).get('/api/users')).status).toBe(200)
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.sysLang).toBe('RO')
  })

  it('changes only the caller, never another user', async () => {
    const { api } = await t.userWithToken({ roles: ['admin'], sysLang: 'ENG' })
    await api.put('/api/users', { 'settings.sys_lang': 'SK' })
    const [other] = await t.db.select().from(users).where(eq(users.id, b.user.id))
    expect(other?.sysLang).toBe(b.user.sysLang)
  })

  it.each([
    [{ 'settings.sys_lang': 'DE' }, 'settings.sys_lang'],
    [{}, 'settings.sys_lang'],
    [{ 'settings.sys_lang': 'RO', roles: ['admin'] }, 'roles'],
  ])('refuses %j (400 naming %s) and keeps the user as it was', async (payload, field) => {
    const { api, user } = await t.userWithToken({ roles: ['client'], sysLang: 'CZ' })
    const res = await api.put('/api/users', payload)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('VALIDATION_FAILED')
    expect(res.body.details).toHaveProperty([field])
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ sysLang: 'CZ', roles: ['client'] })
  })

  it('refuses an anonymous caller (401)', async () => {
    const res = await t.anon.put('/api/users', { 'settings.sys_lang': 'RO' })
    expect(res.status).toBe(401)
  })
})
