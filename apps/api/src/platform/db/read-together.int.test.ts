import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/db.ts'
import { type Database, readTogether } from './database.ts'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database?.close())

describe('readTogether', () => {
  it('inside a transaction, sends one read at a time on its connection (no second query on a busy client)', async () => {
    const warnings: string[] = []
    const onWarning = (w: Error) => warnings.push(w.message)
    process.on('warning', onWarning)
    try {
      const answers = await database.db.transaction((tx) =>
        readTogether(tx, [
          () => tx.execute(sql`select pg_sleep(0.05), 1 as n`),
          () => tx.execute(sql`select 2 as n`),
          () => tx.execute(sql`select 3 as n`),
        ]),
      )
      expect(answers.map((a) => a.rows[0]?.n)).toEqual([1, 2, 3])
      await new Promise((resolve) => setImmediate(resolve))
      expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([])
    } finally {
      process.off('warning', onWarning)
    }
  })

  it('on the pool, answers every read in the order asked', async () => {
    const answers = await readTogether(database.db, [
      () => database.db.execute(sql`select pg_sleep(0.05), 1 as n`),
      () => database.db.execute(sql`select 2 as n`),
    ])
    expect(answers.map((a) => a.rows[0]?.n)).toEqual([1, 2])
  })
})
