import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { TEST_PASSWORD } from '../../../test/factories.ts'
import { signinFailures } from '../../db/schema/index.ts'
import { SIGNIN_FREE_FAILURES } from './signin-throttle.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

let address = 0
/** A sign-in from a new address each time, as an attacker rotating X-Forwarded-For would send it. */
const signinFrom = (app: TestApp, username: string, password: string) =>
  app.anon.request({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { username, password },
    headers: { 'x-forwarded-for': `203.0.113.${++address % 250}` },
  })

const failuresOf = async (username: string) =>
  (await t.db.select().from(signinFailures).where(eq(signinFailures.usernameKey, username.toLowerCase())))[0]

/** Ends the username's lock now, as if its time had passed. */
const expireLock = (username: string) =>
  t.db
    .update(signinFailures)
    .set({ lockedUntil: sql`now() - interval '1 second'` })
    .where(eq(signinFailures.usernameKey, username.toLowerCase()))

describe('sign-in limit per address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says so: a rotating address still meets the limit', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' }, database: t.database })
    try {
      const answers = []
      for (let i = 0; i < 5; i++)
        answers.push((await signinFrom(limited, `nobody${i}`, 'whatever-pass')).status)
      expect(answers).toEqual([401, 401, 401, 429, 429])
    } finally {
      await limited.close()
    }
  })

  it('behind the proxies TRUST_PROXY names, counts each client address they report', async () => {
    const proxied = await createTestApp({
      env: { AUTH_RATE_LIMIT: '3', TRUST_PROXY: 'loopback' },
      database: t.database,
    })
    try {
      const answers = []
      for (let i = 0; i < 5; i++)
        answers.push((await signinFrom(proxied, `someone${i}`, 'whatever-pass')).status)
      expect(answers).toEqual([401, 401, 401, 401, 401])
    } finally {
      await proxied.close()
    }
  })
})

describe('sign-in limit per username', () => {
  it(`locks a username after ${SIGNIN_FREE_FAILURES} failures from any addresses, even for the right password`, async () => {
    const user = await t.factory.user({ username: 'guessed.user' })
    for (let i = 0; i < SIGNIN_FREE_FAILURES; i++) {
      expect((await signinFrom(t, 'Guessed.User', `wrong-password-${i}`)).status).toBe(401)
    }
    const locked = await signinFrom(t, user.username, TEST_PASSWORD)
    expect(locked.status).toBe(429)
    expect(locked.body).toMatchObject({ code: 'RATE_LIMITED' })
    const retryAfter = Number(locked.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(20)
    expect(retryAfter).toBeLessThanOrEqual(30)
    // Another username is not affected.
    const other = await t.factory.user({ username: 'other.user' })
    expect((await signinFrom(t, other.username, TEST_PASSWORD)).status).toBe(200)
  })

  it('locks longer after each failure past the limit, and a success clears the count', async () => {
    await t.factory.user({ username: 'slow.learner' })
    for (let i = 0; i < SIGNIN_FREE_FAILURES; i++) await signinFrom(t, 'slow.learner', 'wrong-password')
    await expireLock('slow.learner')
    expect((await signinFrom(t, 'slow.learner', 'wrong-again-pass')).status).toBe(401)
    const second = await signinFrom(t, 'slow.learner', TEST_PASSWORD)
    expect(second.status).toBe(429)
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(50) // 60 s: twice the first lock
    await expireLock('slow.learner')
    expect((await signinFrom(t, 'slow.learner', TEST_PASSWORD)).status).toBe(200)
    expect(await failuresOf('slow.learner')).toBeUndefined()
    expect((await signinFrom(t, 'slow.learner', 'one-more-wrong')).status).toBe(401)
    expect((await failuresOf('slow.learner'))?.failures).toBe(1)
  })

  it('locks an unknown username the same way, so a lock says nothing about who exists', async () => {
    for (let i = 0; i < SIGNIN_FREE_FAILURES; i++) {
      expect((await signinFrom(t, 'no.such.person', 'any-password-1')).status).toBe(401)
    }
    expect((await signinFrom(t, 'no.such.person', 'any-password-1')).status).toBe(429)
  })

  it(`checks at most ${SIGNIN_FREE_FAILURES} of 40 parallel guesses for one username`, async () => {
    await t.factory.user({ username: 'parallel.target' })
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signinFrom(t, 'parallel.target', `guess-number-${i}`)),
    )
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGNIN_FREE_FAILURES)
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - SIGNIN_FREE_FAILURES)
  })

  it("limits the admin password that login-as asks for by the admin's username", async () => {
    const { user: admin, api } = await t.userWithToken({ roles: ['admin'], username: 'busy.admin' })
    const target = await t.factory.user({ username: 'login.as.target' })
    const as = (password: string) => api.post('/api/auth/signinas', { username: target.username, password })
    for (let i = 0; i < SIGNIN_FREE_FAILURES; i++) expect((await as('not-my-password')).status).toBe(401)
    expect((await as(TEST_PASSWORD)).status).toBe(429)
    expect((await signinFrom(t, admin.username, TEST_PASSWORD)).status).toBe(429)
  })

  it('forgets failures a day old that hold no lock', async () => {
    await signinFrom(t, 'forgotten.name', 'wrong-password')
    await t.db
      .update(signinFailures)
      .set({ lastFailureAt: sql`now() - interval '25 hours'` })
      .where(eq(signinFailures.usernameKey, 'forgotten.name'))
    expect(await t.services.auth.purgeSigninFailures()).toBeGreaterThanOrEqual(1)
    expect(await failuresOf('forgotten.name')).toBeUndefined()
    expect(await failuresOf('no.such.person')).toBeDefined() // locked: kept
  })
})
