/**
 * POST /upload over a real socket: `inject` hands Fastify the whole body at once, so a request whose
 * multipart body stalls the parser would hang only on a real connection. Every answer must come within
 * a short client timeout.
 */
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { multipart, TINY_PNG } from '../../../test/multipart.ts'

// A hung upload is what this catches, not a slow one: sized for a loaded machine.
const ANSWER_WITHIN_MS = 30_000
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_808)

let t: TestApp
let port: number
let token: string

beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
  token = (await t.userWithToken({ roles: ['client'] })).token
})
afterAll(() => t?.close())

interface Answer {
  status: number
  body: { code?: string; details?: Record<string, string> } & Record<string, unknown>
}

/** POSTs raw bytes to /upload (chunked: the body ends when the bytes do); fails after ANSWER_WITHIN_MS. */
function post(body: Buffer | string, contentType: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/upload',
        agent: false,
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        timeout: ANSWER_WITHIN_MS,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString()
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} })
        })
      },
    )
    req.on('timeout', () => {
      req.destroy()
      reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`))
    })
    req.on('error', reject)
    req.end(body)
  })
}

const boundary = 'fuzz-boundary'
const form = `multipart/form-data; boundary=${boundary}`
const field = (name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
const filePart = (name: string, filename: string, content: Buffer | string = TINY_PNG) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ])
const end = `--${boundary}--\r\n`
const body = (...parts: (string | Buffer)[]) => Buffer.concat(parts.map((p) => Buffer.from(p)))

/** A 400 that names a field. */
function expectRefused(res: Answer, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400)
  expect(res.body.code).toBe('VALIDATION_FAILED')
  expect(Object.keys(res.body.details ?? {}).length).toBeGreaterThan(0)
  if (field) expect(Object.keys(res.body.details!)).toContain(field)
}

describe('POST /upload with a malformed multipart body', () => {
  it('stores a well-formed upload', async () => {
    const { payload, headers } = multipart(
      { destination: 'products' },
      { field: 'file', filename: 'ok.png', content: TINY_PNG, contentType: 'image/png' },
    )
    const res = await post(payload, headers['content-type'])
    expect(res.status).toBe(201)
  })

  it('answers 400 at once when the file part is not named file', async () => {
    expectRefused(
      await post(body(field('destination', 'products'), filePart('upload', 'a.png'), end), form),
      'upload',
    )
  })

  it('answers 400 to an unknown field', async () => {
    expectRefused(
      await post(body(field('folder', 'products'), filePart('file', 'a.png'), end), form),
      'folder',
    )
  })

  it('answers 400 to a body without a boundary, a truncated body and a body of junk', async () => {
    expectRefused(await post(body(field('destination', 'products'), end), 'multipart/form-data'), 'file')
    expectRefused(
      await post(body(field('destination', 'products'), filePart('file', 'a.png').subarray(0, 150)), form),
      'file',
    )
    expectRefused(await post('junk', form), 'file')
  })

  it('answers 400 to more parts or files than the form has', async () => {
    expectRefused(
      await post(
        body(field('destination', 'products'), filePart('file', 'a.png'), filePart('file', 'b.png'), end),
        form,
      ),
      'file',
    )
    const manyFields = Array.from({ length: 10 }, () => field('destination', 'products'))
    expectRefused(await post(body(...manyFields, filePart('file', 'a.png'), end), form), 'file')
  })

  it('answers 400 naming the filename when it has a NUL', async () => {
    expectRefused(
      await post(body(field('destination', 'products'), filePart('file', 'a\u0000.png'), end), form),
      'filename',
    )
  })

  it('leaves no connection open after many bad uploads', async () => {
    const bad = body(field('destination', 'products'), filePart('photo', 'a.png', Buffer.alloc(200_000)), end)
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(bad, form)))
    for (const res of answers) expectRefused(res, 'photo')
    await expect
      .poll(() => new Promise<number>((resolve) => t.app.server.getConnections((_, n) => resolve(n))))
      .toBe(0)
  })

  it('answers a file key with a NUL, a lone surrogate or an undecodable byte below 500', async () => {
    for (const key of ['products/a%00.png', 'products/%ED%A0%80.png', `products/${'x'.repeat(36)}%00.png`]) {
      const res = await t.app.inject({ method: 'GET', url: `/files/${key}` })
      expect(res.statusCode, key).toBeLessThan(500)
    }
  })

  it('answers every generated malformed form within the timeout, below 500, naming a field', async () => {
    const valid = body(field('destination', 'products'), filePart('file', 'photo.png'), end)
    const names = fc.constantFrom('file', 'destination', 'upload', 'files[]', '', '__proto__', 'a\u0000b')
    const mutation = fc.oneof(
      fc.nat({ max: valid.length - 1 }).map((at) => valid.subarray(0, at)),
      fc.tuple(names, names).map(([a, b]) => body(field(a, 'products'), filePart(b, 'x.png'), end)),
      fc
        .string({ unit: 'binary', maxLength: 40 })
        .map((s) => body(field('destination', s), filePart('file', s), end)),
      fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)),
      fc
        .nat({ max: valid.length - 1 })
        .map((at) => Buffer.concat([valid.subarray(0, at), Buffer.from('\r\n--'), valid.subarray(at)])),
      fc
        .integer({ min: 4, max: 12 })
        .map((n) => body(...Array.from({ length: n }, () => field('destination', 'inbound')), end)),
    )
    const contentType = fc.constantFrom(
      form,
      form,
      form,
      'multipart/form-data',
      `multipart/form-data; boundary=other`,
    )
    const failures: string[] = []
    await fc.assert(
      fc.asyncProperty(mutation, contentType, async (bytes, type) => {
        const res = await post(bytes, type)
        const named = Object.keys(res.body.details ?? {}).length > 0
        if (res.status >= 500 || (res.status === 400 && !named)) {
          failures.push(`${res.status} ${JSON.stringify(bytes.toString('latin1').slice(0, 200))} ${type}`)
        }
        return true
      }),
      { seed: SEED, numRuns: 60 },
    )
    expect(failures, `fuzz seed ${SEED} (FUZZ_SEED=${SEED} reproduces it)`).toEqual([])
  }, 60_000)
})
