/**
 * Zero 5xx on bad input (issue 8): for every route the app registers, fast-check generates requests that are
 * valid but for one bad value, derived from the route's zod schemas (NUL, lone surrogates, control
 * characters, 10k-character text, out-of-range dates, NaN-ish and huge numbers, wrong types, `{}` updates,
 * extra keys, malformed path encodings, bodies that are not JSON objects), and sends them as an admin and
 * as a client user. Every answer must be below 500, and a 400 must name the field it refuses.
 *
 * The seed is fixed so a run is repeatable; FUZZ_SEED=<n> varies it, FUZZ_RUNS=<n> sets the runs per route.
 * A failure prints the seed and each offending request.
 */
import { endpoints, ImportProductsBodySchema, ImportRowSchema } from '@expedo/domain'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createTestApp, type TestApp } from './app.ts'
import type { Cause } from './fuzz/bad-values.ts'
import { badRequests } from './fuzz/inputs.ts'
import type { FuzzRequest } from './fuzz/requests.ts'
import { createFuzzWorld, type FuzzWorld, idFor } from './fuzz/world.ts'

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_808)
const ADMIN_RUNS = Number(process.env.FUZZ_RUNS ?? 50)
const CLIENT_RUNS = Math.max(5, Math.round(ADMIN_RUNS / 5))

let t: TestApp
let world: FuzzWorld
beforeAll(async () => {
  t = await createTestApp()
  world = await createFuzzWorld(t)
})
afterAll(() => t?.close())

interface Finding {
  route: string
  actor: string
  cause: Cause
  site: string
  status: number
  request: string
  answer: string
}
const findings: Finding[] = []

afterAll(() => {
  if (!findings.length) return
  const byCause: Record<string, number> = {}
  for (const f of findings) if (f.status >= 500) byCause[f.cause] = (byCause[f.cause] ?? 0) + 1
  const nameless = findings.filter((f) => f.status < 500).length
  console.log(`fuzz seed ${SEED}: 5xx by cause ${JSON.stringify(byCause)}; 400s without a field: ${nameless}`)
})

/** What is wrong with an answer, or undefined: no 5xx, and a 400 names the fields it refuses. */
function problemOf(status: number, body: unknown): string | undefined {
  if (status >= 500) return `answered ${status}`
  if (status !== 400) return undefined
  const details = (body as { details?: Record<string, unknown> } | undefined)?.details
  if (!details || typeof details !== 'object' || !Object.keys(details).length) return '400 without details'
  for (const [field, reason] of Object.entries(details)) {
    if (!field.trim() || typeof reason !== 'string' || !reason.trim()) return `400 with a nameless detail`
  }
  return undefined
}

const describeRequest = (r: FuzzRequest) =>
  JSON.stringify({
    method: r.method,
    url: r.url.slice(0, 300),
    payload: r.payload?.slice(0, 300),
    site: r.site,
  })

async function send(token: string, r: FuzzRequest) {
  const res = await t.app.inject({
    method: r.method as 'GET',
    url: r.url,
    headers: { authorization: `Bearer ${token}`, ...r.headers },
    ...(r.payload !== undefined ? { payload: r.payload } : {}),
  })
  let body: unknown
  try {
    body = res.json()
  } catch {
    body = res.body
  }
  return { status: res.statusCode, body }
}

/** The spreadsheet rows are `z.unknown()` in the contract (each row is validated on the server): fuzz them as rows. */
const generationSchemas = new Map<unknown, z.ZodType>([
  [
    endpoints.products.importXls.body,
    ImportProductsBodySchema.extend({ products: z.array(ImportRowSchema) }),
  ],
])

const declared = Object.values(endpoints).flatMap((area) => Object.values(area))

describe('zero 5xx on bad input', () => {
  it('walks every registered route', () => {
    expect(t.app.registeredRoutes.map((r) => r.endpoint).filter((e) => !declared.includes(e))).toEqual([])
  })

  it.each(declared.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s answers every bad input below 500, naming the field of a 400',
    async (key, endpoint) => {
      const route = t.app.registeredRoutes.find((r) => r.endpoint === endpoint)!
      const body = endpoint.body && generationSchemas.get(endpoint.body)
      const generated = body ? { ...endpoint, body } : endpoint
      const ctx = {
        idFor: (name: string, isParam: boolean) => idFor(world, route.url, name, isParam),
        sku: world.sku,
      }
      const requests = badRequests(route.url, generated, ctx)
      const mine: Finding[] = []
      const actors = [
        { actor: 'admin', token: world.adminToken, runs: ADMIN_RUNS },
        { actor: 'client', token: world.clientToken, runs: CLIENT_RUNS },
      ]
      for (const { actor, token, runs } of actors) {
        await fc.assert(
          fc.asyncProperty(requests, async (r) => {
            const res = await send(token, r)
            const problem = problemOf(res.status, res.body)
            if (problem) {
              mine.push({
                route: key,
                actor,
                cause: r.cause,
                site: r.site,
                status: res.status,
                request: describeRequest(r),
                answer: JSON.stringify(res.body).slice(0, 300),
              })
            }
            return true
          }),
          { seed: SEED + hash(`${actor} ${key}`), numRuns: runs },
        )
      }
      findings.push(...mine)
      expect(
        mine.map((f) => `${f.actor} ${f.status} [${f.cause}] ${f.request} → ${f.answer}`),
        `fuzz seed ${SEED} (FUZZ_SEED=${SEED} reproduces it)`,
      ).toEqual([])
    },
    60_000,
  )
})

function hash(text: string): number {
  let h = 0
  for (const ch of text) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0
  return h
}
