import { eq } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { TEST_PASSWORD } from '../../../test/factories.ts'
import { auditLog, users } from '../../db/schema/index.ts'

/** Login-as: admin only, the admin's password asked again, audited. */

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const auditRows = () => t.db.select().from(auditLog)

describe('POST /api/auth/signinas', () => {
  it('lets an admin, who gives the own password again, act as another user; writes the audit log', async () => {
    const admin = await t.factory.user({ roles: ['admin'] })
    const { client, user: target } = await t.factory.tenant({ user: { sysLang: 'CZ' } })
    const adminToken = await t.signin(admin.username)
    const res = await t
      .as(adminToken)
      .post('/api/auth/signinas', { username: target.username, password: TEST_PASSWORD, lang: 'RO' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      _id: target.id,
      username: target.username,
      businessclient: client.id,
      sys_lang: 'RO',
    })
    expect(decodeJwt(res.body.token)).toMatchObject({ sub: target.id, roles: ['client'], sys_lang: 'RO' })
    // The new token acts as the target: it sees the target's business client.
    const own = await t.as(res.body.token).get(`/api/businessclients/${client.id}`)
    expect(own.status).toBe(200)
    // The admin's language is the session's, not the user's: the user's own sign-in still gets Czech.
    const [stored] = await t.db.select().from(users).where(eq(users.id, target.id))
    expect(stored?.sysLang).toBe('CZ')
    expect(decodeJwt(await t.signin(target.username)).sys_lang).toBe('CZ')
    const entries = (await auditRows()).filter((r) => r.targetId === target.id)
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'auth.signinas',
        targetId: target.id,
        ip: expect.any(String),
      }),
    ])
  })

  it('refuses a wrong admin password (401) and writes no audit entry', async () => {
    const { token } = await t.userWithToken({ roles: ['admin'] })
    const target = await t.factory.user()
    const res = await t
      .as(token)
      .post('/api/auth/signinas', { username: target.username, password: 'not-the-password' })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('INVALID_CREDENTIALS')
    expect((await auditRows()).filter((r) => r.targetId === target.id)).toEqual([])
  })

  it('answers 404 for an unknown target and 403 ACCOUNT_DISABLED for a disabled one, without audit entries', async () => {
    const { token } = await t.userWithToken({ roles: ['admin'] })
    const before = (await auditRows()).length
    const unknown = await t
      .as(token)
      .post('/api/auth/signinas', { username: 'nobody.at.all', password: TEST_PASSWORD })
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('NOT_FOUND')
    const disabled = await t.factory.user({ status: 'disabled' })
    const res = await t
      .as(token)
      .post('/api/auth/signinas', { username: disabled.username, password: TEST_PASSWORD })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('ACCOUNT_DISABLED')
    expect(await auditRows()).toHaveLength(before)
  })

  it.each(['client', 'operator', 'finance'] as const)('refuses a %s (403 FORBIDDEN)', async (role) => {
    const { token } = await t.userWithToken({ roles: [role] })
    const target = await t.factory.user({ roles: ['admin'] })
    const res = await t
      .as(token)
      .post('/api/auth/signinas', { username: target.username, password: TEST_PASSWORD })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('FORBIDDEN')
    expect((await auditRows()).filter((r) => r.targetId === target.id)).toEqual([])
  })

  it('refuses an anonymous caller (401) before looking at the body', async () => {
    const res = await t.anon.post('/api/auth/signinas', {})
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('UNAUTHENTICATED')
  })

  it('refuses a body without the admin password (400) and writes no audit entry', async () => {
    const { token } = await t.userWithToken({ roles: ['admin'] })
    const target = await t.factory.user()
    const res = await t.as(token).post('/api/auth/signinas', { username: target.username })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { password: 'is required' } })
    expect((await auditRows()).filter((r) => r.targetId === target.id)).toEqual([])
  })
})
