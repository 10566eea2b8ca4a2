import { describe, expect, it } from 'vitest'
import { fakeJobs } from '../../../test/fake-jobs.ts'
import { EVERY_MINUTE, MAINTENANCE_CRON, MAINTENANCE_JOB, scheduleMaintenance } from './maintenance.ts'

describe('scheduleMaintenance', () => {
  it('schedules one hourly job that runs every task, logging what each did, even after a failure', async () => {
    const { jobs, log, run } = fakeJobs()
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
    await run()
    expect(order).toEqual(['broken', 'signinFailures'])
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ task: 'broken' }), 'maintenance failed')
    expect(log.info).toHaveBeenCalledWith({ task: 'signinFailures', count: 3 }, 'maintenance done')
  })

  it('once the server is stopping, starts no further task and tells the running one to stop', async () => {
    const { jobs, log, run } = fakeJobs()
    const stop = new AbortController()
    const order: string[] = []
    await scheduleMaintenance(
      jobs,
      {
        vacuum: async (stopping) => {
          order.push('vacuum')
          stop.abort() // the stop arrives while this task runs
          return stopping.aborted ? 1 : 60
        },
        signinFailures: async () => {
          order.push('signinFailures')
          return 3
        },
      },
      log,
      undefined,
      stop.signal,
    )
    await run()
    expect(order).toEqual(['vacuum'])
    expect(log.info).toHaveBeenCalledWith({ task: 'vacuum', count: 1 }, 'maintenance done')
    expect(log.info).toHaveBeenCalledWith(
      { task: 'signinFailures' },
      'maintenance left for the next run: the server is stopping',
    )
  })

  it('schedules a second set under its own job and cron; a task that did nothing logs at debug only', async () => {
    const { jobs, log, run } = fakeJobs()
    await scheduleMaintenance(jobs, { orderDayCounts: async () => 0 }, log, EVERY_MINUTE)
    expect(jobs.work).toHaveBeenCalledWith(EVERY_MINUTE.job, expect.any(Function))
    expect(jobs.schedule).toHaveBeenCalledWith(EVERY_MINUTE.job, '* * * * *')
    await run()
    expect(log.info).not.toHaveBeenCalled()
    expect(log.debug).toHaveBeenCalledWith({ task: 'orderDayCounts', count: 0 }, 'maintenance done')
  })
})
