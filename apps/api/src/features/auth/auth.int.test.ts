import { eq, sql } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { TEST_PASSWORD } from '../../../test/factories.ts'
import { users } from '../../db/schema/index.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const userNamed = async (username: string) =>
  (await t.db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`))[0]

describe('POST /api/auth/signup', () => {
  it('creates an active client without a business client and answers a working session (201)', async () => {
    const res = await t.anon.post('/api/auth/signup', {
      username: 'new.shop',
      password: 'a-long-enough-pass',
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      username: 'new.shop',
      roles: ['client'],
      status: 'active',
      sys_lang: 'CZ',
      businessclient: null,
      country: null,
    })
    expect(res.body.user_id).toBe(res.body._id)
    expect(decodeJwt(res.body.token)).toMatchObject({
      sub: res.body._id,
      roles: ['client'],
      businessclient: null,
    })
    expect((await t.as(res.body.token).get('/api/users')).status).toBe(200)
    const row = await userNamed('new.shop')
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/)
  })

  it('with lang, gives the new account the language chosen before signing up', async () => {
    const res = await t.anon.post('/api/auth/signup', {
      username: 'romanian.shop',
      password: 'a-long-enough-password',
      lang: 'RO',
    })
    expect(res.status).toBe(201)
    expect(res.body.sys_lang).toBe('RO')
    expect(decodeJwt(res.body.token).sys_lang).toBe('RO')
    expect((await userNamed('romanian.shop'))?.sysLang).toBe('RO')
  })

  it('refuses an unknown lang (400 naming lang) and writes nothing', async () => {
    const res = await t.anon.post('/api/auth/signup', {
      username: 'klingon.shop',
      password: 'a-long-enough-password',
      lang: 'TLH',
    })
    expect(res.status).toBe(400)
    expect(res.body.details).toHaveProperty('lang')
    expect(await userNamed('klingon.shop')).toBeUndefined()
  })

  it('refuses a password shorter than 12 characters (400) and writes nothing', async () => {
    const res = await t.anon.post('/api/auth/signup', { username: 'short.pass', password: 'elevenchars' })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { password: expect.any(String) } })
    expect(await userNamed('short.pass')).toBeUndefined()
  })

  it('refuses a missing or malformed username (400 naming username)', async () => {
    const missing = await t.anon.post('/api/auth/signup', { password: 'a-long-enough-pass' })
    expect(missing.status).toBe(400)
    expect(missing.body.details).toHaveProperty('username')
    const spaces = await t.anon.post('/api/auth/signup', {
      username: 'has space',
      password: 'a-long-enough-pass',
    })
    expect(spaces.status).toBe(400)
    expect(spaces.body.details).toHaveProperty('username')
    expect(await userNamed('has space')).toBeUndefined()
  })

  it('refuses a username taken in another letter case (409 USERNAME_TAKEN)', async () => {
    await t.factory.user({ username: 'Taken.Name' })
    const res = await t.anon.post('/api/auth/signup', {
      username: 'taken.NAME',
      password: 'a-long-enough-pass',
    })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({ code: 'USERNAME_TAKEN', details: { username: expect.any(String) } })
    const rows = await t.db.select().from(users).where(sql`lower(${users.username}) = 'taken.name'`)
    expect(rows).toHaveLength(1)
  })

  it('answers a malformed JSON body with 400 VALIDATION_FAILED', async () => {
    const res = await t.anon.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: '{"username":',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('VALIDATION_FAILED')
  })
})

describe('POST /api/auth/signin', () => {
  it('answers the user and a token with the claims of the architecture (sub, username, roles, businessclient, sys_lang, exp)', async () => {
    const { client, user } = await t.factory.tenant({ user: { sysLang: 'SK', country: 'Slovakia' } })
    const res = await t.anon.post('/api/auth/signin', { username: user.username, password: TEST_PASSWORD })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      _id: user.id,
      username: user.username,
      roles: ['client'],
      businessclient: client.id,
      sys_lang: 'SK',
      country: 'Slovakia',
      status: 'active',
    })
    const claims = decodeJwt(res.body.token)
    expect(claims).toMatchObject({
      sub: user.id,
      username: user.username,
      roles: ['client'],
      businessclient: client.id,
      sys_lang: 'SK',
      iss: 'expedo',
    })
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000)
    expect((await userNamed(user.username))?.lastSigninAt).toBeInstanceOf(Date)
  })

  it('matches the username case-insensitively', async () => {
    const user = await t.factory.user({ username: 'Mixed.Case' })
    const res = await t.anon.post('/api/auth/signin', { username: 'mixed.case', password: TEST_PASSWORD })
    expect(res.status).toBe(200)
    expect(res.body._id).toBe(user.id)
  })

  it('with lang, changes the stored sys_lang and the token', async () => {
    const user = await t.factory.user({ sysLang: 'CZ' })
    const res = await t.anon.post('/api/auth/signin', {
      username: user.username,
      password: TEST_PASSWORD,
      lang: 'RU',
    })
    expect(res.status).toBe(200)
    expect(res.body.sys_lang).toBe('RU')
    expect(decodeJwt(res.body.token).sys_lang).toBe('RU')
    expect((await userNamed(user.username))?.sysLang).toBe('RU')
  })

  it('answers a wrong password and an unknown user alike (401 INVALID_CREDENTIALS)', async () => {
    const user = await t.factory.user()
    const wrong = await t.anon.post('/api/auth/signin', {
      username: user.username,
      password: 'not-the-password',
    })
    const unknown = await t.anon.post('/api/auth/signin', {
      username: 'nobody.here',
      password: 'not-the-password',
    })
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401)
      expect(res.body.code).toBe('INVALID_CREDENTIALS')
    }
    expect(wrong.body.message).toBe(unknown.body.message)
    expect((await userNamed(user.username))?.lastSigninAt).toBeNull()
  })

  it('refuses a disabled account with the right password (403 ACCOUNT_DISABLED), and says nothing with a wrong one', async () => {
    const user = await t.factory.user({ status: 'disabled' })
    const right = await t.anon.post('/api/auth/signin', { username: user.username, password: TEST_PASSWORD })
    expect(right.status).toBe(403)
    expect(right.body.code).toBe('ACCOUNT_DISABLED')
    const wrong = await t.anon.post('/api/auth/signin', {
      username: user.username,
      password: 'not-the-password',
    })
    expect(wrong.status).toBe(401)
  })

  it('stops honouring the token of a user disabled after sign-in (401)', async () => {
    const user = await t.factory.user()
    const token = await t.signin(user.username)
    expect((await t.as(token).get('/api/users')).status).toBe(200)
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id))
    const res = await t.as(token).get('/api/users')
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Please Login !!!' })
  })

  it('refuses a forged or malformed token (401)', async () => {
    const user = await t.factory.user()
    const token = await t.tokenFor(user)
    const [header, payload] = token.split('.')
    for (const bad of [`${header}.${payload}.forged-signature`, 'not-a-jwt', '']) {
      expect((await t.as(bad).get('/api/users')).status).toBe(401)
    }
  })

  it('refuses missing fields and an unknown lang (400 naming the field) without touching the user', async () => {
    const user = await t.factory.user({ sysLang: 'CZ' })
    const noPassword = await t.anon.post('/api/auth/signin', { username: user.username })
    expect(noPassword.status).toBe(400)
    expect(noPassword.body).toMatchObject({ code: 'VALIDATION_FAILED', details: { password: 'is required' } })
    const badLang = await t.anon.post('/api/auth/signin', {
      username: user.username,
      password: TEST_PASSWORD,
      lang: 'DE',
    })
    expect(badLang.status).toBe(400)
    expect(badLang.body.details).toHaveProperty('lang')
    const row = await userNamed(user.username)
    expect(row?.sysLang).toBe('CZ')
    expect(row?.lastSigninAt).toBeNull()
  })
})

describe('sign-in rate limit', () => {
  it('answers 429 RATE_LIMITED once an IP has used up its attempts for the minute', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: '2' }, database: t.database })
    try {
      const attempt = () =>
        limited.anon.post('/api/auth/signin', { username: 'nobody.here', password: 'whatever-pass' })
      expect((await attempt()).status).toBe(401)
      expect((await attempt()).status).toBe(401)
      const res = await attempt()
      expect(res.status).toBe(429)
      expect(res.body.code).toBe('RATE_LIMITED')
    } finally {
      await limited.close()
    }
  })
})
