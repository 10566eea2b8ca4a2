import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { IdempotencyKeys } from '../db/idempotency-keys.ts'
import { AppError } from './app-error.ts'

/**
 * How long a retry polls for a first call with its key running in another process before answering 409 (try
 * again). A first call running in this process is waited for until it ends, however busy the machine is.
 */
const WAIT_FOR_FIRST_MS = 15_000

export interface IdempotentAnswer {
  status: number
  body: unknown
  /** The answer of an earlier call with the same key. */
  replayed: boolean
}

/**
 * What identifies a request beside its key: the route, its path parameters, its query (an invoice's field
 * change names the field there) and its validated body.
 */
export function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url}\n`)
    .update(JSON.stringify(request.params ?? {}))
    .update('\n')
    .update(JSON.stringify(request.query ?? {}))
    .update('\n')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url')
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** How long a kept answer that could not be written at once (a busy pool) is tried again, well under ABANDONED_AFTER. */
const KEEP_TRIES_MS = 60_000

/**
 * The Idempotency-Key header of create calls (IETF draft-ietf-httpapi-idempotency-key-header): the first
 * call with a key runs and its answer is kept for a day; a retry with the same key and request gets that
 * answer again instead of creating a second record, even while the first is still running (it waits for
 * it). The same key with another request is refused (422); a first call that failed frees its key.
 * Keys are per user, kept in the database, so every API process shares them.
 */
export function createIdempotency(
  keys: Pick<IdempotencyKeys, 'claim' | 'find' | 'complete' | 'release'>,
  options: { waitForFirstMs?: number } = {},
) {
  const waitForFirstMs = options.waitForFirstMs ?? WAIT_FOR_FIRST_MS
  // First calls running in this process: a retry here waits on the promise instead of polling the table.
  const running = new Map<string, Promise<void>>()

  /** Keeps a committed call's answer, trying again for a while when the database is busy; never fails. */
  async function keepLater(userId: string, key: string, status: number, body: unknown): Promise<void> {
    const deadline = Date.now() + KEEP_TRIES_MS
    for (let pause = 50; Date.now() < deadline; pause = Math.min(pause * 2, 2000)) {
      // Unreferenced: a process that is shutting down does not wait for these tries.
      await new Promise((resolve) => setTimeout(resolve, pause).unref())
      try {
        await keys.complete(userId, key, status, body)
        return
      } catch {
        // Still busy. Left unfinished past ABANDONED_AFTER, the key is claimed again by a retry, which then
        // finds the document changed already (issued, locked, paid) and answers so: no second effect.
      }
    }
  }

  return {
    async run(
      args: { userId: string; key: string; fingerprint: string },
      status: number,
      first: () => Promise<unknown>,
    ): Promise<IdempotentAnswer> {
      const { userId, key, fingerprint } = args
      const id = `${userId}\n${key}`
      const deadline = Date.now() + waitForFirstMs
      let pause = 20
      for (;;) {
        if (await keys.claim(userId, key, fingerprint)) {
          let finished = () => {}
          running.set(id, new Promise<void>((resolve) => (finished = resolve)))
          // Settles once the answer is kept (or the call failed); a retry in this process waits for it.
          let kept: Promise<void> = Promise.resolve()
          try {
            let answer: unknown
            try {
              answer = await first()
            } catch (error) {
              await keys.release(userId, key).catch(() => {})
              throw error
            }
            // Kept and answered as plain JSON, so the first answer and every replay are the same.
            const body: unknown = JSON.parse(JSON.stringify(answer ?? null))
            try {
              await keys.complete(userId, key, status, body)
            } catch {
              // The work is committed, so its answer is a success even when keeping it fails (a busy pool):
              // it is kept later, and a retry meanwhile waits here or polls elsewhere.
              kept = keepLater(userId, key, status, body)
            }
            return { status, body, replayed: false }
          } finally {
            void kept.then(() => {
              running.delete(id)
              finished()
            })
          }
        }
        const stored = await keys.find(userId, key)
        if (stored && stored.fingerprint !== fingerprint) {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for another request', {
            'headers.idempotency-key': 'was used for another request',
          })
        }
        if (stored?.status != null) return { status: stored.status, body: stored.body, replayed: true }
        // The first call runs here: its answer comes when it ends (at load 20, 500 calls with one key waited
        // past a clock bound for a first call that was only slow, and 409 told them to try again).
        const local = running.get(id)
        if (local) {
          await local
          continue
        }
        if (Date.now() > deadline) {
          throw new AppError(
            'IDEMPOTENCY_IN_PROGRESS',
            'A request with this Idempotency-Key is still running; try again shortly',
            undefined,
            { retryAfterSeconds: 1 },
          )
        }
        // Running in another process (or just failed: the next turn claims the key again).
        await sleep(pause)
        pause = Math.min(pause * 2, 500)
      }
    },
  }
}
export type Idempotency = ReturnType<typeof createIdempotency>
