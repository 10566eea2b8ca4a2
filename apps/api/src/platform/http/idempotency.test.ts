import { describe, expect, it } from 'vitest'
import type { StoredAnswer } from '../db/idempotency-keys.ts'
import { createIdempotency } from './idempotency.ts'

/** The key table in memory, as the database keeps it: one row per user and key. */
function memoryKeys(readMs = 0) {
  const rows = new Map<string, StoredAnswer & { fingerprint: string }>()
  const id = (userId: string, key: string) => `${userId}\n${key}`
  return {
    async claim(userId: string, key: string, fingerprint: string) {
      if (rows.has(id(userId, key))) return false
      rows.set(id(userId, key), { fingerprint, status: null, body: null } as never)
      return true
    },
    async find(userId: string, key: string) {
      await new Promise((resolve) => setTimeout(resolve, readMs))
      return rows.get(id(userId, key))
    },
    async complete(userId: string, key: string, status: number, body: unknown) {
      Object.assign(rows.get(id(userId, key))!, { status, body })
    },
    async release(userId: string, key: string) {
      rows.delete(id(userId, key))
    },
  }
}

describe('a retry while the first call with its key runs in this process', () => {
  it('waits for it however long it takes, and answers its answer (no 409 on a slow machine)', async () => {
    // A busy database: reading the key takes longer than the poll bound (20 ms); the first call takes 200 ms.
    const idempotency = createIdempotency(memoryKeys(50), { waitForFirstMs: 20 })
    const args = { userId: 'u', key: 'k', fingerprint: 'POST /orders' }
    let calls = 0
    const first = async () => {
      calls += 1
      await new Promise((resolve) => setTimeout(resolve, 200))
      return { _id: 'order-1' }
    }
    const answers = await Promise.all(Array.from({ length: 20 }, () => idempotency.run(args, 201, first)))
    expect(calls).toBe(1)
    expect(answers.map((a) => [a.status, a.body])).toEqual(
      Array.from({ length: 20 }, () => [201, { _id: 'order-1' }]),
    )
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1)
  })

  it('a first call in another process (the key held, nothing running here) answers 409 after the bound', async () => {
    const keys = memoryKeys()
    await keys.claim('u', 'k', 'POST /orders')
    const idempotency = createIdempotency(keys, { waitForFirstMs: 20 })
    await expect(
      idempotency.run({ userId: 'u', key: 'k', fingerprint: 'POST /orders' }, 201, async () => ({})),
    ).rejects.toMatchObject({ code: 'IDEMPOTENCY_IN_PROGRESS' })
  })
})
