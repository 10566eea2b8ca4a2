import type { FastifyBaseLogger } from 'fastify'
import type { Jobs } from './jobs.ts'

/**
 * A clean-up that removes what is past keeping and answers how many rows it removed, or a chore that answers
 * how many things it went through (the embedded database's VACUUM (ANALYZE): tables).
 */
export type MaintenanceTask = (stopping: AbortSignal) => Promise<number>

export const MAINTENANCE_JOB = 'maintenance'
/** Hourly, at a minute no other schedule uses. */
export const MAINTENANCE_CRON = '17 * * * *'
/** The upkeep that keeps derived counts small: every minute (pg-boss's finest schedule). */
export const EVERY_MINUTE = { job: 'maintenance-minutely', cron: '* * * * *' }
/** Daily, just after midnight UTC: the storage services of the day that ended (idempotent per day). */
export const EVERY_DAY = { job: 'maintenance-daily', cron: '7 0 * * *' }

/**
 * The hourly clean-up job: each task (failed sign-ins a day old, kept Idempotency-Key answers past a day; on
 * the embedded database, which has no autovacuum, VACUUM (ANALYZE) of every table) runs in turn; one that fails is logged and the others still run. pg-boss runs a schedule once across
 * all API processes. Once `stopping` is aborted (the server is stopping) no further task starts, and a long
 * task (VACUUM table after table) ends after its current statement: the job is done within the server's
 * stop bound instead of running on against a database being closed.
 */
export async function scheduleMaintenance(
  jobs: Pick<Jobs, 'work' | 'schedule'>,
  tasks: Record<string, MaintenanceTask>,
  log: Pick<FastifyBaseLogger, 'info' | 'debug' | 'error'>,
  every: { job: string; cron: string } = { job: MAINTENANCE_JOB, cron: MAINTENANCE_CRON },
  stopping: AbortSignal = new AbortController().signal,
): Promise<void> {
  await jobs.work(every.job, async () => {
    for (const [task, run] of Object.entries(tasks)) {
      if (stopping.aborted) {
        log.info({ task }, 'maintenance left for the next run: the server is stopping')
        break
      }
      try {
        const count = await run(stopping)
        log[count ? 'info' : 'debug']({ task, count }, 'maintenance done')
      } catch (err) {
        log.error({ err, task }, 'maintenance failed')
      }
    }
  })
  await jobs.schedule(every.job, every.cron)
}
