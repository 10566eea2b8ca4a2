import type { TestApp, TestRequest } from '../app.ts'
import type { Tenant, UserRow } from '../factories.ts'

/** A business client with its users and data, as the walk creates it for A (the victim) and B (the actor). */
export interface Party extends Tenant {
  /** A second user of the same business client. */
  colleague: UserRow
  token: string
  /** An image the tenant's user uploaded and registered. */
  file: { key: string; id: string }
  /** What each area's `seed` created for this party, by area name. */
  areas: Record<string, Record<string, string>>
}

export interface Ctx {
  /** The victim: its data must stay invisible and unchanged. */
  a: Party
  /** The actor's own business client (the actor itself may have none). */
  b: Party
}

/**
 * What a foreign tenant's call must answer:
 * - 'not-found': 404, for a route that addresses A's records by id;
 * - 'no-leak': any non-5xx answer without A's identifiers, for lists and the caller's own records;
 * - 'forbidden': 403, for a route the client role may not call at all.
 */
export type Expectation = 'not-found' | 'no-leak' | 'forbidden'
export type Probe = {
  expect: Expectation
  request: TestRequest
  /** A's values the caller itself sent and the answer may repeat (e.g. the ids of a bulk request). */
  echoes?: string[]
}
export type Case = (ctx: Ctx) => 'public' | Probe[]

export const notFound = (request: TestRequest): Probe => ({ expect: 'not-found', request })
export const noLeak = (request: TestRequest, echoes: string[] = []): Probe => ({
  expect: 'no-leak',
  request,
  echoes,
})
export const forbidden = (request: TestRequest): Probe => ({ expect: 'forbidden', request })

/**
 * One area's part of the walk: what it creates for each party (ids and names, returned as strings: each
 * value becomes one of A's markers that no answer to B may contain) and a case for each of its routes.
 */
export interface IsolationArea {
  name: string
  seed?: (t: TestApp, party: Party) => Promise<Record<string, string>>
  cases: Record<string, Case>
}
