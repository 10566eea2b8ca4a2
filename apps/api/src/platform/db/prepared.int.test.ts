import { asc, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/db.ts'
import { businessClients } from '../../db/schema/index.ts'
import type { Database } from './database.ts'
import { pageClause, runPrepared, runShaped, StatementParams, statementName } from './prepared.ts'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase({ poolMax: 4 })
  await database.db.insert(businessClients).values([{ name: 'Alfa' }, { name: 'Beta' }])
})
afterAll(() => database?.close())

const byName = (name: string) =>
  database.db
    .select({ name: businessClients.name })
    .from(businessClients)
    .where(eq(businessClients.name, name))

/** The statements prepared in the session(s) of the pool's connections, read on each of them. */
async function preparedNames(): Promise<string[]> {
  const clients = await Promise.all(Array.from({ length: 4 }, () => database.pool.connect()))
  try {
    const names = await Promise.all(
      clients.map(async (c) => (await c.query('select name from pg_prepared_statements')).rows),
    )
    return names.flat().map((r) => String(r.name))
  } finally {
    for (const c of clients) c.release()
  }
}

describe('runPrepared', () => {
  it('names a statement by its label and text: the same shape, the same name, within PostgreSQL’s 63 bytes', () => {
    const a = statementName('orders_page', 'select 1')
    expect(a).toBe(statementName('orders_page', 'select 1'))
    expect(a).not.toBe(statementName('orders_page', 'select 2'))
    expect(a.startsWith('orders_page_')).toBe(true)
    expect(statementName('x'.repeat(80), 'select 1').length).toBeLessThanOrEqual(63 - 8)
  })

  it('answers as the plain query does, with each call’s own values', async () => {
    expect(await runPrepared('bc_by_name', byName('Alfa'))).toEqual([{ name: 'Alfa' }])
    expect(await runPrepared('bc_by_name', byName('Beta'))).toEqual([{ name: 'Beta' }])
    expect(await runPrepared('bc_by_name', byName('Gama'))).toEqual([])
  })

  it('keeps the statement prepared in the session, so a later call is not parsed and planned again', async () => {
    await runPrepared('bc_kept', byName('Alfa'))
    expect((await preparedNames()).some((n) => n.startsWith('bc_kept_'))).toBe(true)
  })

  it('runs the same statement on many connections at once (the embedded database has one session for all)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => runPrepared('bc_parallel', byName(i % 2 ? 'Alfa' : 'Beta'))),
    )
    expect(answers.map((a) => a[0]?.name)).toEqual(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? 'Alfa' : 'Beta')),
    )
  })

  it('works inside a transaction too', async () => {
    const names = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`)
      return runPrepared(
        'bc_tx',
        tx
          .select({ name: businessClients.name })
          .from(businessClients)
          .where(eq(businessClients.name, 'Beta')),
      )
    })
    expect(names).toEqual([{ name: 'Beta' }])
  })
})

describe('runShaped', () => {
  const shapedByName = (name: string, params = new StatementParams()) => ({
    params,
    query: database.db
      .select({ name: businessClients.name })
      .from(businessClients)
      .where(eq(businessClients.name, params.p('name', name))),
  })

  it('builds the statement once per shape and answers each run with its own values', async () => {
    const runs = await Promise.all(
      ['Alfa', 'Beta', 'Gama', 'Alfa'].map((name) => {
        const { params, query } = shapedByName(name)
        return runShaped(database.db, 'bc_shaped', 'by-name', params, query)
      }),
    )
    expect(runs).toEqual([[{ name: 'Alfa' }], [{ name: 'Beta' }], [], [{ name: 'Alfa' }]])
    expect((await preparedNames()).some((n) => n.startsWith('bc_shaped_'))).toBe(true)
  })

  it('fails (in tests) when one shape builds two statements: the shape forgot a choice', async () => {
    const first = shapedByName('Alfa')
    await runShaped(database.db, 'bc_forgot', 'one', first.params, first.query)
    const params = new StatementParams()
    const other = database.db
      .select({ name: businessClients.name })
      .from(businessClients)
      .where(eq(businessClients.id, params.p('id', '00000000-0000-0000-0000-000000000000')))
    await expect(runShaped(database.db, 'bc_forgot', 'one', params, other)).rejects.toThrow(
      /built another statement/,
    )
  })
})

describe('pageClause', () => {
  const names = Array.from({ length: 25 }, (_, i) => `Page ${String(i).padStart(2, '0')}`)
  beforeAll(async () => {
    await database.db.insert(businessClients).values(names.map((name) => ({ name })))
  })
  const page = (limit: number, offset: number) => {
    const params = new StatementParams()
    const paged = pageClause(params, { limit, offset })
    const query = database.db
      .select({ name: businessClients.name })
      .from(businessClients)
      .where(like(businessClients.name, params.p('prefix', 'Page %')))
      .orderBy(asc(businessClients.name))
      .limit(paged.limit)
      .offset(paged.offset)
    return runShaped(database.db, 'bc_paged', paged.shape, params, query).then((rows) =>
      rows.map((r) => r.name),
    )
  }

  it('answers the first page and the later ones alike, written in or as parameters', async () => {
    expect(await page(10, 0)).toEqual(names.slice(0, 10))
    expect(await page(10, 10)).toEqual(names.slice(10, 20))
    expect(await page(10, 20)).toEqual(names.slice(20))
    expect(await page(7, 0)).toEqual(names.slice(0, 7)) // not a usual page size: parameters
  })

  it('writes a usual first page into its statement, which PostgreSQL then runs on a kept (generic) plan', async () => {
    const params = new StatementParams()
    expect(pageClause(params, { limit: 10, offset: 0 }).shape).toBe('first10')
    expect(params.values).toEqual({})
    expect(pageClause(params, { limit: 10, offset: 10 }).shape).toBe('page')
    expect(params.values).toEqual({ limit: 10, offset: 10 })
    const valued = new StatementParams()
    expect(pageClause(valued, { limit: 10, offset: 0 }, { write: false }).shape).toBe('page')
    expect(valued.values).toEqual({ limit: 10, offset: 0 })
    // PostgreSQL tries a plan for the values five times, then keeps the generic one when it is no dearer.
    for (let i = 0; i < 8; i++) await page(20, 0)
    const client = await database.pool.connect()
    try {
      const { rows } = await client.query(
        `select generic_plans from pg_prepared_statements where name like 'bc_paged%' and statement like '%limit 20 offset 0%'`,
      )
      expect(rows.map((r) => Number(r.generic_plans)).reduce((a, b) => a + b, 0)).toBeGreaterThan(0)
    } finally {
      client.release()
    }
  })
})
