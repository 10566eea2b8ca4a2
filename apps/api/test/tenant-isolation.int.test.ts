/**
 * The tenant-isolation walk (docs/architecture.md "API", ADR 0003): for every route the app registers,
 * - an anonymous call answers 401 before any validation (unless the route is public), and
 * - a client user of another business (and a client user without one) calling it with business A's
 *   ids answers 404 — or, for list and self-service routes, an answer without any of A's identifiers —
 *   and A's data is exactly as it was afterwards.
 *
 * A route without an entry in `cases` fails the walk: a new route must say here how a foreign tenant
 * would reach for A's data through it.
 */
import { endpoints } from '@expedo/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp, type TestRequest } from './app.ts'
import type { TenantOverrides } from './factories.ts'
import { billsArea } from './isolation/bills.cases.ts'
import { catalogueArea } from './isolation/catalogue.cases.ts'
import { codArea } from './isolation/cod.cases.ts'
import { couriersArea } from './isolation/couriers.cases.ts'
import { eshopsArea } from './isolation/eshops.cases.ts'
import { foundationCases } from './isolation/foundation.cases.ts'
import { handoversArea } from './isolation/handovers.cases.ts'
import { invoicesArea } from './isolation/invoices.cases.ts'
import type { Case, Ctx, IsolationArea, Party } from './isolation/kit.ts'
import { labelsArea } from './isolation/labels.cases.ts'
import { locationsArea } from './isolation/locations.cases.ts'
import { ordersArea } from './isolation/orders.cases.ts'
import { packingArea } from './isolation/packing.cases.ts'
import { parcelsArea } from './isolation/parcels.cases.ts'
import { refundsArea } from './isolation/refunds.cases.ts'
import { reportsArea } from './isolation/reports.cases.ts'
import { servicesArea } from './isolation/services.cases.ts'
import { shoptetOrdersArea } from './isolation/shoptet-orders.cases.ts'
import { stockArea } from './isolation/stock.cases.ts'
import { warehousesArea } from './isolation/warehouses.cases.ts'
import { wavesArea } from './isolation/waves.cases.ts'
import { uploadRequest } from './multipart.ts'

/** Every area of the walk; an issue that adds routes adds its area here. */
const areas: IsolationArea[] = [
  { name: 'foundation', cases: foundationCases },
  catalogueArea,
  stockArea,
  locationsArea,
  wavesArea,
  packingArea,
  ordersArea,
  labelsArea,
  handoversArea,
  reportsArea,
  couriersArea,
  invoicesArea,
  billsArea,
  servicesArea,
  codArea,
  parcelsArea,
  refundsArea,
  eshopsArea,
  shoptetOrdersArea,
  warehousesArea,
]
const cases: Record<string, Case> = Object.assign({}, ...areas.map((area) => area.cases))

let t: TestApp
let ctx: Ctx
let markers: string[]
const routeKeys = () => t.app.registeredRoutes.map((r) => `${r.method} ${r.url}`)

async function party(name: string, overrides: TenantOverrides = {}): Promise<Party> {
  const tenant = await t.factory.tenant({ ...overrides, client: { name, ...overrides.client } })
  const colleague = await t.factory.user({ businessclientId: tenant.client.id })
  const token = await t.tokenFor(tenant.user)
  const upload = await t.as(token).request(uploadRequest('products', `${name}.png`))
  expect(upload.status).toBe(201)
  const file = await t.as(token).post('/api/files/create', { key: upload.body.key })
  expect(file.status).toBe(201)
  const p: Party = {
    ...tenant,
    colleague,
    token,
    file: { key: upload.body.key, id: file.body._id },
    areas: {},
  }
  for (const area of areas) if (area.seed) p.areas[area.name] = await area.seed(t, p)
  return p
}

/** Everything that identifies A: none of it may appear in an answer to a foreign tenant. */
function markersOf(p: Party): string[] {
  return [
    p.client.id,
    p.client.name,
    p.user.id,
    p.user.username,
    p.colleague.id,
    p.colleague.username,
    p.contact.id,
    p.contact.name,
    p.contact.email,
    p.bankAccount.id,
    p.bankAccount.iban,
    p.companyId.id,
    p.companyId.coid,
    p.file.key,
    p.file.id,
    ...Object.values(p.areas).flatMap((values) => Object.values(values)),
  ]
}

/**
 * A as staff see it, A's users as A sees them, and every database row A owns: its business_clients row
 * and the rows of each table with a businessclient_id column (so new tenant tables are covered too).
 */
async function snapshotOfA(): Promise<Json> {
  const id = ctx.a.client.id
  const users = await t.as(ctx.a.token).get('/api/users')
  expect(users.status).toBe(200)
  const { pool } = t.database
  const { rows: tables } = await pool.query<{ table_name: string }>(
    `select table_name from information_schema.columns
     where table_schema = 'public' and column_name = 'businessclient_id' order by table_name`,
  )
  const rows: Record<string, unknown[]> = {
    business_clients: (await pool.query('select * from business_clients where id = $1', [id])).rows,
  }
  for (const { table_name: table } of tables) {
    rows[table] = (
      await pool.query(`select * from "${table}" where businessclient_id = $1 order by 1`, [id])
    ).rows
  }
  return { client: await t.businessClientSnapshot(id), users: users.body.foundUsers, rows }
}

/** A URL with every `:param` filled with something that is not even a valid id. */
const withJunkParams = (url: string) => url.replace(/:[A-Za-z_]+/g, 'junk')

beforeAll(async () => {
  t = await createTestApp({ devFakes: true })
  // A's values differ from every factory default, so a marker found in an answer is really A's.
  const a = await party('Alpha Isolation Marker s.r.o.', {
    user: { username: 'alpha.owner' },
    bankAccount: { iban: 'DE89370400440532013000' },
    companyId: { coid: 'ALPHA-COID-7781' },
  })
  ctx = { a, b: await party('Beta Intruder SRL') }
  markers = markersOf(a)
})
afterAll(() => t?.close())

describe('tenant isolation walk', () => {
  it('registers every endpoint of the domain contract, each once', () => {
    const declared = Object.entries(endpoints).flatMap(([area, defs]) =>
      Object.entries(defs).map(([name, def]) => ({ name: `${area}.${name}`, def })),
    )
    const registrations = (def: unknown) => t.app.registeredRoutes.filter((r) => r.endpoint === def).length
    expect(declared.filter(({ def }) => registrations(def) !== 1).map(({ name }) => name)).toEqual([])
    expect(t.app.registeredRoutes).toHaveLength(declared.length)
  })

  it('has a case for every registered route and none for a route that does not exist', () => {
    const registered = new Set(routeKeys())
    expect(
      [...registered].filter((key) => !(key in cases)),
      'routes without a case in tenant-isolation.int.test.ts',
    ).toEqual([])
    expect(
      Object.keys(cases).filter((key) => !registered.has(key)),
      'cases for routes that are not registered',
    ).toEqual([])
  })

  it("marks as 'public' only routes whose access is public", () => {
    for (const route of t.app.registeredRoutes) {
      const result = cases[`${route.method} ${route.url}`]?.(ctx)
      if (result === 'public') expect(route.endpoint.access, `${route.method} ${route.url}`).toBe('public')
    }
  })

  it('answers 401 to an anonymous call of every non-public route, before validating anything', async () => {
    for (const route of t.app.registeredRoutes) {
      if (route.endpoint.access === 'public') continue
      const res = await t.anon.request({
        method: route.method as TestRequest['method'],
        url: withJunkParams(route.url),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: { junk: true } }),
      })
      expect(res.status, `${route.method} ${route.url}`).toBe(401)
      expect(res.body.code).toBe('UNAUTHENTICATED')
    }
  })

  const actors = [
    { label: 'a client user of another business', token: () => ctx.b.token },
    {
      label: 'a client user without a business client',
      token: async () => (await t.userWithToken({ roles: ['client'] })).token,
    },
  ]

  it.each(actors)(
    'keeps A invisible and unchanged for $label, on every route',
    async (actor) => {
      const token = await actor.token()
      const api = t.as(token)
      const before = await snapshotOfA()
      for (const [key, build] of Object.entries(cases)) {
        const probes = build(ctx)
        if (probes === 'public') continue
        expect(probes.length, `${key} has no probe`).toBeGreaterThan(0)
        for (const probe of probes) {
          const label = `${key} ${JSON.stringify(probe.request.payload ?? probe.request.query ?? '')}`
          const res = await api.request(probe.request)
          if (probe.expect === 'not-found') expect(res.status, label).toBe(404)
          if (probe.expect === 'forbidden') expect(res.status, label).toBe(403)
          expect(res.status, label).toBeLessThan(500)
          const text = JSON.stringify(res.body)
          expect(
            markers.filter((m) => text.includes(m) && !probe.echoes?.includes(m)),
            `${label} answered A's identifiers`,
          ).toEqual([])
          expect(await snapshotOfA(), `${label} changed A`).toEqual(before)
        }
      }
      // A still works as before.
      expect((await t.as(ctx.a.token).get(`/api/businessclients/${ctx.a.client.id}`)).status).toBe(200)
      // Hundreds of probes, each followed by a snapshot of A: a walk, not a unit test, so not the 20 s limit.
    },
    180_000,
  )
})
