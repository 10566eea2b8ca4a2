import { describe, expect, it, vi } from 'vitest'
import { createJobQueue } from './job-queue.ts'
import type { Jobs } from './jobs.ts'

describe('job queue', () => {
  it('runs a sent job in this process when no pg-boss is attached; idle() waits for it and what it sends', async () => {
    const log = { error: vi.fn() }
    const queue = createJobQueue(log)
    const seen: string[] = []
    queue.handle<{ n: number }>('first', async ({ n }) => {
      seen.push(`first ${n}`)
      await queue.send('second', { n: n + 1 })
    })
    queue.handle<{ n: number }>('second', async ({ n }) => {
      await new Promise((r) => setTimeout(r, 20))
      seen.push(`second ${n}`)
    })
    await queue.send('first', { n: 1 })
    expect(seen).toEqual([]) // after the sender's call, not inside it
    await queue.idle()
    expect(seen).toEqual(['first 1', 'second 2'])
  })

  it('logs a failing in-process job instead of throwing into the sender', async () => {
    const log = { error: vi.fn() }
    const queue = createJobQueue(log)
    queue.handle('boom', async () => {
      throw new Error('boom')
    })
    await queue.send('boom', {})
    await queue.idle()
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: 'boom' }), 'background job failed')
  })

  it('registers every handler with pg-boss on attach, then sends to pg-boss', async () => {
    const queue = createJobQueue({ error: vi.fn() })
    const handler = vi.fn(async () => {})
    queue.handle('work', handler)
    const jobs = {
      workers: true,
      work: vi.fn(async () => {}),
      send: vi.fn(async () => 'id'),
    } as unknown as Jobs
    await queue.attach(jobs)
    expect(jobs.work).toHaveBeenCalledWith('work', handler, undefined)
    await queue.send('work', { a: 1 }, { singletonKey: 'k' })
    expect(jobs.send).toHaveBeenCalledWith('work', { a: 1 }, { singletonKey: 'k' })
    await queue.idle()
    expect(handler).not.toHaveBeenCalled()
  })

  it('without workers (JOBS_ENABLED=false) declares the queues on attach and sends to pg-boss, running nothing', async () => {
    const queue = createJobQueue({ error: vi.fn() })
    const handler = vi.fn(async () => {})
    queue.handle('work', handler, { policy: 'stately' })
    const jobs = {
      workers: false,
      define: vi.fn(async () => {}),
      work: vi.fn(async () => {}),
      send: vi.fn(async () => 'id'),
    } as unknown as Jobs
    await queue.attach(jobs)
    expect(jobs.define).toHaveBeenCalledWith('work', { policy: 'stately' })
    expect(jobs.work).not.toHaveBeenCalled()
    await queue.send('work', { a: 1 })
    expect(jobs.send).toHaveBeenCalledWith('work', { a: 1 }, undefined)
    await queue.idle()
    expect(handler).not.toHaveBeenCalled()
  })

  it("gives the queue's options to the queue and its batch size to the worker", async () => {
    const queue = createJobQueue({ error: vi.fn() })
    const handler = vi.fn(async () => {})
    queue.handle('labels', handler, { retryLimit: 5, batchSize: 20 })
    const jobs = {
      workers: true,
      define: vi.fn(async () => {}),
      work: vi.fn(async () => {}),
      send: vi.fn(async () => 'id'),
    } as unknown as Jobs
    await queue.attach(jobs)
    expect(jobs.define).toHaveBeenCalledWith('labels', { retryLimit: 5 })
    expect(jobs.work).toHaveBeenCalledWith('labels', handler, { batchSize: 20 })
  })

  it('refuses a job without a handler and a second handler for one name', async () => {
    const queue = createJobQueue({ error: vi.fn() })
    await expect(queue.send('nobody', {})).rejects.toThrow('no handler')
    queue.handle('once', async () => {})
    expect(() => queue.handle('once', async () => {})).toThrow('two handlers')
  })
})
