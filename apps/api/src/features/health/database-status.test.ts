import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createDatabaseStatus } from './database-status.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A ping that answers when told to. */
function controlledPing() {
  const pending: { resolve(): void; reject(error: Error): void }[] = []
  const ping = vi.fn(
    () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject: (e) => reject(e) })),
  )
  return { ping, answer: () => pending.shift()?.resolve(), fail: (e: Error) => pending.shift()?.reject(e) }
}

describe('the health check’s database status', () => {
  it('is up when the ping answers, and down with its error when it fails', async () => {
    const db = controlledPing()
    const status = createDatabaseStatus(db.ping)
    const up = status.check()
    db.answer()
    await expect(up).resolves.toBeUndefined()
    const down = status.check()
    db.fail(new Error('connection refused'))
    await expect(down).rejects.toThrow('connection refused')
  })

  it('answers from a recent success after 50 ms when the database is busy, sharing one running ping', async () => {
    const db = controlledPing()
    const status = createDatabaseStatus(db.ping)
    const first = status.check()
    db.answer()
    await first
    let answered = false
    const busy = status.check().then(() => {
      answered = true
    })
    const again = status.check()
    await vi.advanceTimersByTimeAsync(49)
    expect(answered).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await busy
    await again
    expect(db.ping).toHaveBeenCalledTimes(2) // the two busy checks share one ping
  })

  it('waits for the ping when no success is recent, and reports its failure', async () => {
    const db = controlledPing()
    const status = createDatabaseStatus(db.ping)
    const check = status.check()
    await vi.advanceTimersByTimeAsync(500)
    db.fail(new Error('timeout'))
    await expect(check).rejects.toThrow('timeout')
  })
})
