import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { HTTPMethods } from 'fastify'
import type { DestinationStream } from 'pino'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config/env.ts'
import { startDevFakes } from '../src/dev/fakes/dev-fakes.ts'
import type { Database } from '../src/platform/db/database.ts'
import { createTestDatabase } from './db.ts'
import { createFactories, TEST_PASSWORD, type TenantOverrides, type UserRow } from './factories.ts'

export const TEST_ENV = {
  NODE_ENV: 'test',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
  LOG_LEVEL: 'silent',
  JOBS_ENABLED: 'false',
  // Tests read the dashboard right after writing; dashboard.int.test.ts turns the cache on to test it.
  DASHBOARD_CACHE_SECONDS: '0',
  AUTH_RATE_LIMIT: '1000',
  // The race tests send hundreds of calls at once on purpose: no load shedding here (the overload test
  // turns it back on).
  MAX_IN_FLIGHT: '100000',
  MAX_EVENT_LOOP_DELAY_MS: '60000',
  // Never serve a built SPA in API tests, whether or not apps/web/dist exists.
  WEB_DIST: '/nonexistent/expedo-web-dist',
}

// Answers are inspected loosely in tests; the contract tests are the zod schemas themselves.
// biome-ignore lint/suspicious/noExplicitAny: JSON answers of any shape
export type Json = any

export interface TestRequest {
  method: HTTPMethods
  url: string
  payload?: unknown
  query?: Record<string, string>
  headers?: Record<string, string>
}

export interface TestResponse<T = Json> {
  status: number
  body: T
  headers: Record<string, unknown>
}

export interface TestAppOptions {
  /** Environment variables over TEST_ENV. */
  env?: Record<string, string>
  /** Share another test app's database (cheap: no new database); `close()` then leaves it open. */
  database?: Database
  /** The app's own logger (at LOG_LEVEL, default info here) writes its JSON lines here. */
  logStream?: DestinationStream
  /** Start the local fakes of unconfigured services, as the demo's entry point does (server.ts). */
  devFakes?: boolean
}

/** Builds the app on a fresh migrated database; `close()` in afterAll. */
export async function createTestApp({ env = {}, logStream, devFakes, ...options }: TestAppOptions = {}) {
  const ownsDatabase = !options.database
  const database = options.database ?? (await createTestDatabase())
  // Uploaded files go to a directory of this app's own, removed on close.
  const filesDir = env.FILES_DIR ? undefined : await mkdtemp(path.join(tmpdir(), 'expedo-files-'))
  const loaded = loadConfig({
    ...TEST_ENV,
    ...(filesDir ? { FILES_DIR: filesDir } : {}),
    ...(logStream ? { LOG_LEVEL: 'info' } : {}),
    ...env,
  })
  const fakes = devFakes ? await startDevFakes(loaded) : undefined
  const config = fakes?.config ?? loaded
  const { app, services, maintenance, queue, shoptetAccess } = await buildApp({
    config,
    database,
    ...(logStream ? { logStream } : { logger: false }),
  })
  await app.ready()
  const factory = createFactories(database.db)

  async function request<T = Json>(token: string | null, req: TestRequest): Promise<TestResponse<T>> {
    const res = await app.inject({
      method: req.method,
      url: req.url,
      ...(req.query ? { query: req.query } : {}),
      ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...req.headers },
    })
    let body: unknown = res.body
    if (res.headers['content-type']?.toString().startsWith('application/json')) body = res.json()
    return { status: res.statusCode, body: body as T, headers: res.headers }
  }

  /** Requests as the holder of `token` (or anonymously with null). */
  function as(token: string | null) {
    return {
      request: <T = Json>(req: TestRequest) => request<T>(token, req),
      get: <T = Json>(url: string, query?: Record<string, string>) =>
        request<T>(token, { method: 'GET', url, ...(query ? { query } : {}) }),
      post: <T = Json>(url: string, payload?: unknown) => request<T>(token, { method: 'POST', url, payload }),
      put: <T = Json>(url: string, payload?: unknown) => request<T>(token, { method: 'PUT', url, payload }),
      delete: <T = Json>(url: string) => request<T>(token, { method: 'DELETE', url }),
    }
  }

  /** Signs in through the API and answers the token (fails the test on anything but 200). */
  async function signin(username: string, password = TEST_PASSWORD): Promise<string> {
    const res = await as(null).post('/api/auth/signin', { username, password })
    if (res.status !== 200) throw new Error(`signin ${username} → ${res.status} ${JSON.stringify(res.body)}`)
    return res.body.token
  }

  /** A valid token for a user without the cost of a password check. */
  async function tokenFor(user: UserRow): Promise<string> {
    return (await services.users.sessionFor(user)).token
  }

  /** A user of `roles` (and optional business client) and a token for it. */
  async function userWithToken(overrides: Parameters<typeof factory.user>[0] = {}) {
    const user = await factory.user(overrides)
    const token = await tokenFor(user)
    return { user, token, api: as(token) }
  }

  /** A tenant (a business client with one child of each kind and a client user) and its user's helpers. */
  async function tenantWithApi(overrides?: TenantOverrides) {
    const tenant = await factory.tenant(overrides)
    const token = await tokenFor(tenant.user)
    return { ...tenant, token, api: as(token) }
  }

  let admin: Promise<ReturnType<typeof as>> | undefined
  /** An admin's request helper (one admin per test app), e.g. to read state before and after a call. */
  const asAdmin = () =>
    (admin ??= factory
      .user({ roles: ['admin'], username: factory.unique('root') })
      .then(async (u) => as(await tokenFor(u))))

  /** A business client as the API answers it to staff: compare before and after to prove nothing changed. */
  async function businessClientSnapshot(id: string): Promise<Json> {
    const res = await (await asAdmin()).get(`/api/businessclients/${id}`)
    if (res.status !== 200) throw new Error(`snapshot of ${id} → ${res.status}`)
    return res.body
  }

  return {
    app,
    db: database.db,
    database,
    services,
    maintenance,
    /** Background jobs run in-process here: `await queue.idle()` waits for them. */
    queue,
    shoptetAccess,
    factory,
    as,
    anon: as(null),
    signin,
    tokenFor,
    userWithToken,
    tenantWithApi,
    asAdmin,
    businessClientSnapshot,
    async close() {
      await app.close()
      await fakes?.close()
      if (ownsDatabase) await database.close()
      if (filesDir) await rm(filesDir, { recursive: true, force: true })
    },
  }
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>
export type TestApi = ReturnType<TestApp['as']>
