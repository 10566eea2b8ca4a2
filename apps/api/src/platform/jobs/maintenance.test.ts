import { describe, expect, it, vi } from 'vitest'
import { MAINTENANCE_CRON, MAINTENANCE_JOB, scheduleMaintenance } from './maintenance.ts'

describe('scheduleMaintenance', () => {
  it('schedules one hourly job that runs every task, logging what each removed, even after a failure', async () => {
    let worker: (() => Promise<void>) | undefined
    const jobs = {
      work: vi.fn(async (_name: string, handler: () => Promise<void>) => {
        worker = handler
      }),
      schedule: vi.fn(async () => {}),
    }
    const log = { info: vi.fn(), error: vi.fn() }
    const order: string[] = []
    await scheduleMaintenance(
      jobs,
      {
        broken: async () => {
          order.push('broken')
          throw new Error('database gone')
        },
        signinFailures: async () => {
          order.push('signinFailures')
          return 3
        },
      },
      log,
    )
    expect(jobs.work).toHaveBeenCalledWith(MAINTENANCE_JOB, expect.any(Function))
    expect(jobs.schedule).toHaveBeenCalledWith(MAINTENANCE_JOB, MAINTENANCE_CRON)
    await worker!()
    expect(order).toEqual(['broken', 'signinFailures'])
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ task: 'broken' }), 'maintenance failed')
    expect(log.info).toHaveBeenCalledWith({ task: 'signinFailures', removed: 3 }, 'maintenance done')
  })
})
