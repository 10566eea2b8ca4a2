import type { AddressInfo } from 'node:net'
import { createServer, type Socket } from 'node:net'
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { installErrorHandling } from '../http/error-handler.ts'
import { openDatabase } from './database.ts'
import { pgErrorCode } from './errors.ts'

describe('pgErrorCode', () => {
  it("reads the SQLSTATE of the driver's error and of Drizzle's wrapper around it", () => {
    const driverError = Object.assign(new Error('duplicate key'), { code: '23505' })
    expect(pgErrorCode(driverError)).toBe('23505')
    expect(pgErrorCode(new Error('Failed query: insert ...', { cause: driverError }))).toBe('23505')
  })

  it('ignores codes that are not SQLSTATEs and values that are not errors', () => {
    expect(pgErrorCode(Object.assign(new Error('x'), { code: 'FST_ERR_VALIDATION' }))).toBeUndefined()
    expect(pgErrorCode(null)).toBeUndefined()
    expect(pgErrorCode('23505')).toBeUndefined()
  })
})

/**
 * A stand-in for a PostgreSQL server, speaking enough of the wire protocol for pg to produce its real error
 * objects: `startup` answers the connection (accept it, refuse it with a SQLSTATE, stay silent, hang up),
 * and every query, once connected, is answered with the error `query` names.
 */
async function fakeServer(behaviour: {
  startup: 'accept' | 'silent' | 'hang up' | { sqlState: string; message: string }
  query?: { sqlState: string; message: string }
}) {
  const sockets = new Set<Socket>()
  const { startup } = behaviour
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    if (startup === 'hang up') return socket.destroy()
    let buffered = Buffer.alloc(0)
    let started = false
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk])
      for (;;) {
        // The startup message has no type byte; every later one does.
        const header = started ? 5 : 4
        if (buffered.length < header) return
        const length = buffered.readInt32BE(started ? 1 : 0) + (started ? 1 : 0)
        if (buffered.length < length) return
        const type = started ? String.fromCharCode(buffered[0]!) : 'startup'
        buffered = buffered.subarray(length)
        if (type === 'startup') {
          started = true
          if (startup === 'silent') continue
          if (startup === 'accept') socket.write(Buffer.concat([authenticationOk(), readyForQuery()]))
          else socket.end(errorResponse(startup.sqlState, startup.message, 'FATAL'))
        } else if (type === 'Q' || type === 'S') {
          const { sqlState, message } = behaviour.query ?? { sqlState: '42601', message: 'syntax error' }
          socket.write(Buffer.concat([errorResponse(sqlState, message, 'ERROR'), readyForQuery()]))
        } else if (type === 'X') socket.end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `postgres://expedo@127.0.0.1:${port}/expedo`,
    async close() {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

const message = (type: string, body: Buffer) => {
  const header = Buffer.alloc(5)
  header.write(type, 0)
  header.writeInt32BE(body.length + 4, 1)
  return Buffer.concat([header, body])
}
const authenticationOk = () => message('R', Buffer.from([0, 0, 0, 0]))
const readyForQuery = () => message('Z', Buffer.from('I'))
const errorResponse = (sqlState: string, text: string, severity: string) =>
  message(
    'E',
    Buffer.concat([
      ...[`S${severity}`, `V${severity}`, `C${sqlState}`, `M${text}`].map((f) => Buffer.from(`${f}\0`)),
      Buffer.from([0]),
    ]),
  )

/** A port nothing listens on (refuses connections). */
async function closedPort(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `postgres://expedo@127.0.0.1:${port}/expedo`
}

/** The error the app's pool and Drizzle give for one query against `url` (the pool waits `poolWaitMs`). */
// The wait for a connection is what two tests are about (50 ms, given); for the others it is a bound the
// machine must not reach: at load 20, the fake server's handshake took longer than the 200 ms it had been.
async function failureOf(url: string, { poolWaitMs = 30_000, hold = false } = {}): Promise<unknown> {
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory', poolMax: 1, poolWaitMs })
  const held = hold ? await database.pool.connect() : undefined
  try {
    await database.db.execute(sql`select 1`)
  } catch (error) {
    return error
  } finally {
    held?.release()
    await database.close()
  }
  throw new Error('the query succeeded')
}

/** What the API answers when a call fails with `error`. */
async function answerTo(error: unknown) {
  const app = Fastify()
  installErrorHandling(app)
  app.get('/call', async () => {
    throw error
  })
  const res = await app.inject({ method: 'GET', url: '/call' })
  await app.close()
  return { status: res.statusCode, code: res.json().code, retryAfter: res.headers['retry-after'] }
}

const refusedForNow = { status: 503, code: 'OVERLOADED', retryAfter: expect.stringMatching(/^[123]$/) }

describe('a database that cannot serve the call just now, on the errors pg and Drizzle really give', () => {
  it('refuses for now when a new connection does not open within the pool wait (a server that accepts and stays silent)', async () => {
    const server = await fakeServer({ startup: 'silent' })
    const error = await failureOf(server.url, { poolWaitMs: 50 })
    await server.close()
    expect(String((error as Error).cause)).toContain('Connection terminated due to connection timeout')
    expect(await answerTo(error)).toEqual(refusedForNow)
  })

  it('refuses for now when no pooled connection frees up within the pool wait', async () => {
    const server = await fakeServer({ startup: 'accept' })
    const error = await failureOf(server.url, { poolWaitMs: 50, hold: true })
    await server.close()
    expect(String((error as Error).cause)).toContain('timeout exceeded when trying to connect')
    expect(await answerTo(error)).toEqual(refusedForNow)
  })

  it('refuses for now when the database refuses the connection or hangs up while it opens', async () => {
    const refused = await failureOf(await closedPort())
    expect((refused as { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED')
    expect(await answerTo(refused)).toEqual(refusedForNow)
    const server = await fakeServer({ startup: 'hang up' })
    const hungUp = await failureOf(server.url)
    await server.close()
    expect(String((hungUp as Error).cause)).toMatch(/Connection terminated unexpectedly|ECONNRESET/)
    expect(await answerTo(hungUp)).toEqual(refusedForNow)
  })

  it.each([
    ['53300', 'sorry, too many clients already'],
    ['57P03', 'the database system is starting up'],
  ])('refuses for now when the server refuses a new connection with %s', async (sqlState, text) => {
    const server = await fakeServer({ startup: { sqlState, message: text } })
    const error = await failureOf(server.url)
    await server.close()
    expect(pgErrorCode(error)).toBe(sqlState)
    expect(await answerTo(error)).toEqual(refusedForNow)
  })

  it.each([
    ['55P03', 'canceling statement due to lock timeout'],
    ['40P01', 'deadlock detected'],
    ['40001', 'could not serialize access due to concurrent update'],
  ])('answers a query that fails with %s (%s) with 503 and Retry-After', async (sqlState, text) => {
    const server = await fakeServer({ startup: 'accept', query: { sqlState, message: text } })
    const error = await failureOf(server.url)
    await server.close()
    expect(pgErrorCode(error)).toBe(sqlState)
    expect(await answerTo(error)).toEqual(refusedForNow)
  })

  it('answers an error of the call or of the configuration as before, not as a moment of overload', async () => {
    for (const [startup, query] of [
      ['accept', { sqlState: '23505', message: 'duplicate key value violates unique constraint' }],
      ['accept', { sqlState: '42601', message: 'syntax error' }],
      [{ sqlState: '28P01', message: 'password authentication failed for user "expedo"' }, undefined],
      [{ sqlState: '3D000', message: 'database "expedo" does not exist' }, undefined],
    ] as const) {
      const server = await fakeServer({ startup, ...(query ? { query } : {}) })
      const error = await failureOf(server.url)
      await server.close()
      expect((await answerTo(error)).status).not.toBe(503)
    }
    expect((await answerTo(new Error('Cannot read properties of undefined'))).status).toBe(500)
    // A socket error outside the database pool (a provider's call, say) is not the database's.
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })
    expect((await answerTo(reset)).status).toBe(500)
  })
})
