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
    await expect(up).resolves.toBe('up')
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
    await expect(again).resolves.toBe('up')
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

  it('is busy, not down, when the ping times out or finds no free connection slot while the database answered in the last 30 s', async () => {
    const db = controlledPing()
    const status = createDatabaseStatus(db.ping)
    const first = status.check()
    db.answer()
    await first
    for (const error of [
      new Error('Query read timeout'),
      new Error('Connection terminated due to connection timeout'),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
    ]) {
      await vi.advanceTimersByTimeAsync(6000)
      const check = status.check()
      db.fail(error)
      await expect(check).resolves.toBe('busy')
    }
  })

  it('answers busy within 50 ms while a ping runs and the last success is 5 to 30 s old', async () => {
    const db = controlledPing()
    const status = createDatabaseStatus(db.ping)
    const first = status.check()
    db.answer()
    await first
    await vi.advanceTimersByTimeAsync(10_000)
    const check = status.check()
    await vi.advanceTimersByTimeAsync(50)
    await expect(check).resolves.toBe('busy')
  })

  it('is down when the database refuses the connection, however recent the last success, or times out for 30 s', async () => {
    const db = controlledPing()
    const status = createDatabaseStatus(db.ping)
    const first = status.check()
    db.answer()
    await first
    const refused = status.check()
    db.fail(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))
    await expect(refused).rejects.toThrow('ECONNREFUSED')
    await vi.advanceTimersByTimeAsync(31_000)
    const timedOut = status.check()
    db.fail(new Error('Query read timeout'))
    await expect(timedOut).rejects.toThrow('Query read timeout')
  })
})
