import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { businessClients } from '../../db/schema/index.ts'
import { serializeError } from './log-redaction.ts'

// Personal data as a customer would type it: it must never reach a log line.
const PERSONAL = 'Jana Nováková, Údolní 53, Brno'

const lines: string[] = []
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean))
    done()
  },
})

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ logStream })
})
afterAll(() => t?.close())

/** The error a failing statement really throws, through Drizzle and pg, with `PERSONAL` in it. */
async function failingStatement(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run()
  } catch (error) {
    return error
  }
  throw new Error('the statement did not fail')
}

describe('database errors in logs', () => {
  it('keep the SQLSTATE, constraint and statement name, and drop the SQL, parameters, message and detail', async () => {
    const cast = await failingStatement(() => t.db.execute(sql`select ${PERSONAL}::int`))
    expect(JSON.stringify(cast)).toContain('Nováková') // what pino would have logged
    expect(serializeError(cast)).toEqual({
      type: 'DatabaseError',
      code: '22P02',
      routine: expect.any(String),
      query: 'select',
    })

    const id = '0190a0a0-0000-7000-8000-00000000beef'
    await t.db.insert(businessClients).values({ id, name: PERSONAL })
    const duplicate = await failingStatement(() =>
      t.db.insert(businessClients).values({ id, name: PERSONAL }),
    )
    const logged = serializeError(duplicate)
    expect(logged).toMatchObject({
      type: 'DatabaseError',
      code: '23505',
      constraint: 'business_clients_pkey',
      table: 'business_clients',
      query: 'insert business_clients',
    })
    expect(JSON.stringify(logged)).not.toMatch(/Nováková|Údolní|beef/)
  })

  it('reach the app log without personal data when a request fails on the database', async () => {
    const failure = await failingStatement(() => t.db.execute(sql`select ${PERSONAL}::int`))
    const ping = vi.spyOn(t.database, 'ping').mockRejectedValueOnce(failure)
    const res = await t.anon.get('/api/health')
    ping.mockRestore()
    expect(res.status).toBe(503)
    const line = lines.find((l) => l.includes('database ping failed'))
    expect(line).toBeDefined()
    expect(JSON.parse(line!).err).toMatchObject({ type: 'DatabaseError', code: '22P02' })
    expect(lines.join('\n')).not.toMatch(/Nováková|Údolní/)
  })
})

describe('queryName', () => {
  it('names a statement by its verb and first table', async () => {
    const { queryName } = await import('./log-redaction.ts')
    expect(queryName('insert into "orders" ("id") values ($1)')).toBe('insert orders')
    expect(queryName('select "id" from "order_items" where "order_id" = $1')).toBe('select order_items')
    expect(queryName('update "inventory_cards" set "available" = $1')).toBe('update inventory_cards')
    expect(queryName('delete from "signin_failures" where 1=1')).toBe('delete signin_failures')
    expect(queryName('select 1')).toBe('select')
  })
})
