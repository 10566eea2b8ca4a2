import type { FastifyBaseLogger } from 'fastify'
import pg from 'pg'
import PgBoss from 'pg-boss'
import { withSessionLock } from '../db/session-lock.ts'

export type JobHandler<T> = (data: T) => Promise<void>

/** A queue's own rules (pg-boss queue options), declared before its first send or work. */
export interface QueueOptions {
  /**
   * 'stately': at most one job per singletonKey waiting and one running (e.g. one pull per e-shop across
   * every process); default 'standard'.
   */
  policy?: 'standard' | 'stately'
  /** Retries of a failed job, `retryDelay` seconds apart, doubling each time with `retryBackoff`. */
  retryLimit?: number
  retryDelay?: number
  retryBackoff?: boolean
  /** A running job is failed (and retried) after this long. */
  expireInSeconds?: number
}

/** How a process's worker takes a queue's jobs. */
export interface WorkOptions {
  /**
   * Jobs taken per poll (default 1). pg-boss polls a queue once a second while it finds nothing, and again
   * at once after a full batch: with 1, a burst of jobs runs at one a second (1,000 labels took 1,004 s).
   * A job of a batch that fails is failed (and retried) alone; the others complete.
   */
  batchSize?: number
}

export interface Jobs {
  /** This process runs jobs (workers and schedules); false: it only queues them for the processes that do. */
  readonly workers: boolean
  /** Declares a queue with its options (once per process, before its first send or work). */
  define(name: string, options: QueueOptions): Promise<void>
  /** Enqueues a job; with `singletonKey`, a second identical job is not queued while the first waits. */
  send<T extends object>(name: string, data: T, options?: { singletonKey?: string }): Promise<string | null>
  /** Runs `handler` for every job of `name` (handlers must be idempotent: a job may run twice). */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>
  schedule(name: string, cron: string): Promise<void>
  stop(): Promise<void>
}

/**
 * The lock under which pg-boss sets up its schema and queues, one process at a time: two processes
 * creating queues at once (a deployment's processes started together on a new database, or a new queue in
 * a rolling update) deadlock in PostgreSQL, one of them failing its start — pg-boss 10 inserts the queue's
 * row and then adds a foreign key to that table, without a lock of its own.
 */
const QUEUE_SETUP_LOCK = 'expedo:pg-boss-queue-setup'

/**
 * pg-boss on the app's own database (its tables live in the `pgboss` schema). `workers: false`
 * (JOBS_ENABLED=false): the process sends jobs to the queue but neither runs them nor keeps pg-boss's
 * schedules and upkeep; the processes with workers do.
 */
export async function startJobs(
  connectionString: string,
  log: FastifyBaseLogger,
  { workers = true }: { workers?: boolean } = {},
): Promise<Jobs> {
  const boss = new PgBoss({
    connectionString,
    max: 4,
    application_name: 'expedo-jobs',
    ...(workers ? {} : { supervise: false, schedule: false }),
  })
  boss.on('error', (err) => log.error({ err }, 'job queue error'))
  // One connection that holds the set-up lock while pg-boss (on its own pool) creates a queue.
  const setup = new pg.Pool({ connectionString, max: 1, application_name: 'expedo-jobs-setup' })
  setup.on('error', (err) => log.warn({ err }, 'job queue set-up connection lost'))
  try {
    // pg-boss's start creates its own queue (the schedules' send-it), so it takes the lock too.
    await withSessionLock(setup, QUEUE_SETUP_LOCK, () => boss.start())
  } catch (error) {
    await setup.end()
    throw error
  }
  // One creation per queue even when send() and work() race for it: concurrent createQueue calls on
  // the same name deadlock in PostgreSQL.
  const queues = new Map<string, Promise<void>>()
  const ensureQueue = (name: string, options: QueueOptions = {}): Promise<void> => {
    let created = queues.get(name)
    if (!created) {
      created = withSessionLock(setup, QUEUE_SETUP_LOCK, () => createQueue(boss, name, options)).catch(
        (error: unknown) => {
          queues.delete(name)
          throw error
        },
      )
      queues.set(name, created)
    }
    return created
  }
  return {
    workers,
    define: (name, options) => ensureQueue(name, options),
    async send(name, data, options) {
      await ensureQueue(name)
      return boss.send(name, data, options?.singletonKey ? { singletonKey: options.singletonKey } : {})
    },
    async work(name, handler, { batchSize = 1 } = {}) {
      if (!workers) throw new Error(`Job ${name}: this process runs no job workers (JOBS_ENABLED=false)`)
      await ensureQueue(name)
      await boss.work<never>(name, { pollingIntervalSeconds: 1, batchSize }, async (jobs) => {
        // One job: its failure fails it (pg-boss retries it as the queue says).
        if (jobs.length === 1) return handler(jobs[0]!.data)
        // A batch: each job on its own. A failed one is failed alone; pg-boss then completes the rest (it
        // completes only the batch's jobs still active).
        for (const job of jobs) {
          try {
            await handler(job.data)
          } catch (err) {
            log.error({ err, job: name }, 'background job failed')
            await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) })
          }
        }
      })
    },
    async schedule(name, cron) {
      if (!workers) throw new Error(`Job ${name}: this process keeps no schedules (JOBS_ENABLED=false)`)
      await ensureQueue(name)
      await boss.schedule(name, cron)
    },
    async stop() {
      // Running jobs get 7 s to finish: the server's stop, with the database's close, stays within ~10 s.
      await boss.stop({ graceful: true, wait: true, timeout: 7_000 })
      await setup.end()
    },
  }
}

/** Creates the queue, or brings an existing one's retry and expiry options up to date. */
async function createQueue(boss: PgBoss, name: string, options: QueueOptions): Promise<void> {
  const existing = await boss.getQueue(name)
  if (!existing) {
    await boss.createQueue(name, { name, ...options })
    return
  }
  const { policy: _policy, ...changeable } = options
  if (Object.keys(changeable).length) await boss.updateQueue(name, { name, ...changeable })
}
