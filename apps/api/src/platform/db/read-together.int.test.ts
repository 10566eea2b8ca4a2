import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/db.ts'
import { type Database, readTogether } from './database.ts'

let database: Database
beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(() => database?.close())

/** The server process that answered: one per connection. */
const backend = sql`select pg_backend_pid() as pid`

describe('readTogether', () => {
  it('inside a transaction, answers every read in the order asked, on its connection, without warnings', async () => {
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

  it('on the pool, answers every read in the order asked, all from one connection', async () => {
    const [slow, fast, pids, nested] = await readTogether(database.db, [
      () => database.db.execute(sql`select pg_sleep(0.05), 1 as n`),
      () => database.db.execute(sql`select 2 as n`),
      () => database.db.execute(backend),
      () =>
        readTogether(database.db, [
          () => database.db.execute(backend),
          () => database.pool.query('select 4 as n'),
        ]),
    ])
    expect([slow.rows[0]?.n, fast.rows[0]?.n, nested[1].rows[0]?.n]).toEqual([1, 2, 4])
    expect(nested[0].rows[0]?.pid).toBe(pids.rows[0]?.pid)
  })

  it("leaves another database's queries to that database, even from inside this one's reads", async () => {
    const other = await createTestDatabase()
    try {
      await database.pool.query('create table if not exists read_together_marker (n int)')
      const has = (db: Database) => () =>
        db.pool
          .query(`select to_regclass('read_together_marker') is not null as has`)
          .then((r) => r.rows[0]?.has)
      const [here, there, nested] = await readTogether(database.db, [
        has(database),
        has(other),
        () => readTogether(other.db, [has(other), has(database)]),
      ])
      expect([here, there, nested]).toEqual([true, false, [false, true]])
    } finally {
      await other.close()
    }
  })

  it('fails with the first failure once the other reads have answered, and the connection stays usable', async () => {
    let later = false
    await expect(
      readTogether(database.db, [
        () => database.db.execute(sql`select 1 / 0`),
        () => database.db.execute(sql`select pg_sleep(0.05)`).then(() => (later = true)),
      ]),
    ).rejects.toThrow()
    expect(later).toBe(true)
    const again = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        readTogether(database.db, [
          () => database.db.execute(sql`select ${n}::int as n`),
          () => database.db.execute(sql`select ${n + 1}::int as n`),
        ]),
      ),
    )
    expect(again.map(([a, b]) => [a.rows[0]?.n, b.rows[0]?.n])).toEqual(
      Array.from({ length: 6 }, (_, n) => [n, n + 1]),
    )
  })
})
