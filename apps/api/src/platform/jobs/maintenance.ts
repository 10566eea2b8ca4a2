import type { FastifyBaseLogger } from 'fastify'
import type { Jobs } from './jobs.ts'

/** A clean-up that removes what is past keeping and answers how many rows it removed. */
export type MaintenanceTask = () => Promise<number>

export const MAINTENANCE_JOB = 'maintenance'
/** Hourly, at a minute no other schedule uses. */
export const MAINTENANCE_CRON = '17 * * * *'

/**
 * The hourly clean-up job: each task (failed sign-ins a day old, kept Idempotency-Key answers past a day)
 * runs in turn; one that fails is logged and the others still run. pg-boss runs a schedule once across
 * all API processes.
 */
export async function scheduleMaintenance(
  jobs: Pick<Jobs, 'work' | 'schedule'>,
  tasks: Record<string, MaintenanceTask>,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Promise<void> {
  await jobs.work(MAINTENANCE_JOB, async () => {
    for (const [task, run] of Object.entries(tasks)) {
      try {
        log.info({ task, removed: await run() }, 'maintenance done')
      } catch (err) {
        log.error({ err, task }, 'maintenance failed')
      }
    }
  })
  await jobs.schedule(MAINTENANCE_JOB, MAINTENANCE_CRON)
}
