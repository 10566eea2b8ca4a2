import { stat } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded.ts'

let embedded: EmbeddedPostgres
beforeAll(async () => {
  embedded = await startEmbeddedPostgres('memory')
})
afterAll(() => embedded?.stop())

describe('the embedded database server', () => {
  it('listens on no network port, only on a socket in a directory no other user may enter', async () => {
    const url = new URL(embedded.url)
    const socketDir = decodeURIComponent(url.hostname)
    // A loopback address would let any local process send SQL without a password.
    expect(socketDir.startsWith('/')).toBe(true)
    const dir = await stat(socketDir)
    expect(dir.isDirectory()).toBe(true)
    expect(dir.mode & 0o777).toBe(0o700)
    expect(dir.uid).toBe(process.getuid?.())
    const socket = await stat(path.join(socketDir, `.s.PGSQL.${url.port}`))
    expect(socket.isSocket()).toBe(true)
  })

  it('answers the app through that socket with the ordinary pg driver', async () => {
    const client = new pg.Client({ connectionString: embedded.url })
    await client.connect()
    try {
      const { rows } = await client.query<{ answer: number }>('select 41 + 1 as answer')
      expect(rows).toEqual([{ answer: 42 }])
    } finally {
      await client.end()
    }
  })

  // A generous timeout: the query is seconds of CPU, and more on a loaded machine.
  it('keeps the API thread responsive while the database computes a long query', {
    timeout: 120_000,
  }, async () => {
    const client = new pg.Client({ connectionString: embedded.url })
    await client.connect()
    // The longest gap between ticks of a 10 ms timer on this thread while the query runs.
    let last = performance.now()
    let longestGap = 0
    const ticks = setInterval(() => {
      const now = performance.now()
      longestGap = Math.max(longestGap, now - last)
      last = now
    }, 10)
    try {
      const started = performance.now()
      const { rows } = await client.query<{ n: string }>(
        'select count(*) as n from generate_series(1, 10000000)',
      )
      const queryMs = performance.now() - started
      expect(rows).toEqual([{ n: '10000000' }])
      // The query took PGlite a second or more of CPU; meanwhile this thread's timers kept running. With
      // PGlite on this thread the loop stalls for the whole query, so the bound is a share of the query's
      // time (200 ms on an idle machine, where the query takes 1–2 s; more where the machine is loaded and
      // every thread waits for a core), not a race.
      expect(queryMs).toBeGreaterThan(500)
      expect(longestGap, `the event loop stalled during a ${queryMs.toFixed(0)} ms query`).toBeLessThan(
        Math.max(200, queryMs / 10),
      )
    } finally {
      clearInterval(ticks)
      await client.end()
    }
  })

  it('removes the socket directory when it stops', async () => {
    const other = await startEmbeddedPostgres('memory')
    const socketDir = decodeURIComponent(new URL(other.url).hostname)
    await other.stop()
    await expect(stat(socketDir)).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('starts the next database empty on the thread a stopped one used', { timeout: 120_000 }, async () => {
    const query = async (url: string, sql: string) => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        return (await client.query(sql)).rows
      } finally {
        await client.end()
      }
    }
    const image = await embedded.image()
    const first = await startEmbeddedPostgres('memory', { image })
    await query(first.url, 'create table left_behind (id int)')
    await first.stop()
    await expect(first.image()).rejects.toThrow(/stopped/)
    const next = await startEmbeddedPostgres('memory', { image })
    try {
      expect(await query(next.url, `select to_regclass('left_behind') as found`)).toEqual([{ found: null }])
    } finally {
      await next.stop()
    }
  })

  it('rejects a start that fails rather than hang', async () => {
    await expect(startEmbeddedPostgres('memory', { image: new Blob(['not a tar']) })).rejects.toThrow(
      /The embedded database did not start/,
    )
  })
})
