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

  it('removes the socket directory when it stops', async () => {
    const other = await startEmbeddedPostgres('memory')
    const socketDir = decodeURIComponent(new URL(other.url).hostname)
    await other.stop()
    await expect(stat(socketDir)).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
