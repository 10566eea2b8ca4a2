import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../../../test/db.ts'
import type { Database } from '../db/database.ts'
import { type Jobs, startJobs } from './jobs.ts'

let database: Database
let jobs: Jobs

beforeAll(async () => {
  database = await createTestDatabase()
  jobs = await startJobs(database.url, pino({ level: 'silent' }))
})
afterAll(async () => {
  await jobs?.stop()
  await database?.close()
})

/** Resolves with the data of the first job `name`'s worker receives. */
function firstJob<T extends object>(name: string): { registered: Promise<void>; received: Promise<T> } {
  let resolve!: (data: T) => void
  const received = new Promise<T>((r) => {
    resolve = r
  })
  const registered = jobs.work<T>(name, async (data) => resolve(data))
  return { registered, received }
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`nothing within ${ms} ms`)), ms)),
  ])

describe('background jobs (pg-boss on the app database)', () => {
  it('delivers a sent job to its worker within seconds', async () => {
    const { registered, received } = firstJob<{ orderId: string }>('test-delivery')
    await registered
    expect(await jobs.send('test-delivery', { orderId: 'ORD-1' })).toEqual(expect.any(String))
    expect(await within(received, 8_000)).toEqual({ orderId: 'ORD-1' })
  })

  it('creates a queue once when a worker and a sender ask for it at the same time', async () => {
    const { registered, received } = firstJob<{ n: number }>('test-race')
    const [, id] = await Promise.all([registered, jobs.send('test-race', { n: 7 })])
    expect(id).toEqual(expect.any(String))
    expect(await within(received, 8_000)).toEqual({ n: 7 })
  })

  it('takes a burst in batches (40 jobs in a few polls, not one a second), a failed job of a batch failing alone', async () => {
    const name = 'test-batch'
    await jobs.define(name, { retryLimit: 0 })
    await Promise.all(Array.from({ length: 40 }, (_, n) => jobs.send(name, { n })))
    const seen: number[] = []
    let allSeen!: () => void
    const done = new Promise<void>((resolve) => {
      allSeen = resolve
    })
    const started = Date.now()
    await jobs.work<{ n: number }>(
      name,
      async ({ n }) => {
        seen.push(n)
        if (seen.length === 40) allSeen()
        if (n === 7) throw new Error('job 7 refused')
      },
      { batchSize: 20 },
    )
    await within(done, 15_000)
    // One a second would take 40 s; two or three polls take a few.
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(seen.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n))
    const states = async () =>
      (
        await database.pool.query<{ n: string; state: string }>(
          `select data->>'n' as n, state from pgboss.job where name = $1`,
          [name],
        )
      ).rows
    // pg-boss completes the batch's other jobs after the handler returns: wait for it.
    for (let i = 0; i < 100 && (await states()).some((r) => r.state === 'active'); i++)
      await new Promise((resolve) => setTimeout(resolve, 100))
    const rows = await states()
    expect(rows.filter((r) => r.n === '7').map((r) => r.state)).toEqual(['failed'])
    expect(rows.filter((r) => r.n !== '7').every((r) => r.state === 'completed')).toBe(true)
  })
})

describe('several API processes starting together on a new database', () => {
  it('set up pg-boss and their queues one after another, none failing its start with a deadlock', async () => {
    const fresh = await createTestDatabase()
    const started: Jobs[] = []
    try {
      const names = Array.from({ length: 12 }, (_, i) => `test-setup-${i}`)
      // Three processes' job queues: started at once, each declaring the queues (one in another order, as
      // a process of a newer version may) — as server.ts does before it listens.
      const outcomes = await Promise.allSettled(
        [names, names, [...names].reverse()].map(async (order) => {
          const jobs = await startJobs(fresh.url, pino({ level: 'silent' }))
          started.push(jobs)
          for (const name of order) await jobs.define(name, { retryLimit: 1 })
        }),
      )
      expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String(o.reason))).toEqual([])
      const { rows } = await fresh.pool.query(
        `select count(*)::int as n from pgboss.queue where name like 'test-setup-%'`,
      )
      expect(rows[0].n).toBe(names.length)
    } finally {
      await Promise.all(started.map((jobs) => jobs.stop()))
      await fresh.close()
    }
  }, 60_000)
})
