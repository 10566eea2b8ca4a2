import type { FastifyBaseLogger } from 'fastify'
import { withoutStatementBudget } from '../db/statement-budget.ts'
import type { JobHandler, Jobs, QueueOptions, WorkOptions } from './jobs.ts'

/**
 * The features' way to run work in the background: a feature declares a handler per job name and sends
 * jobs; once the process runs pg-boss (server.ts attaches it), sends go to the queue and every handler is a
 * worker there (retried, spread over the API processes); a process without workers (JOBS_ENABLED=false)
 * only sends, for the processes with workers to run. Without pg-boss (tests) a sent
 * job runs in this process right after the call that sent it; `idle()` waits for those runs.
 */
export interface JobQueue {
  /**
   * `options`: the pg-boss queue's policy and retries (e.g. one job per shop at a time, back-off), and how
   * many jobs a worker takes at once (`batchSize`).
   */
  handle<T extends object>(name: string, handler: JobHandler<T>, options?: QueueOptions & WorkOptions): void
  send<T extends object>(name: string, data: T, options?: { singletonKey?: string }): Promise<void>
  /**
   * Declares every queue and, where the process runs workers, registers every handler as a pg-boss worker;
   * sends go to pg-boss from then on.
   */
  attach(jobs: Jobs): Promise<void>
  /** Resolves once the in-process runs sent so far (and those they sent) have finished. */
  idle(): Promise<void>
}

export function createJobQueue(log: Pick<FastifyBaseLogger, 'error'>): JobQueue {
  const handlers = new Map<string, JobHandler<object>>()
  const queueOptions = new Map<string, QueueOptions>()
  const workOptions = new Map<string, WorkOptions>()
  const running = new Set<Promise<void>>()
  let attached: Jobs | undefined
  return {
    handle(name, handler, options) {
      if (handlers.has(name)) throw new Error(`Job ${name} has two handlers`)
      handlers.set(name, handler as JobHandler<object>)
      if (options) {
        const { batchSize, ...queue } = options
        if (Object.keys(queue).length) queueOptions.set(name, queue)
        if (batchSize) workOptions.set(name, { batchSize })
      }
    },
    async send(name, data, options) {
      if (attached) {
        await attached.send(name, data, options)
        return
      }
      const handler = handlers.get(name)
      if (!handler) throw new Error(`Job ${name} has no handler`)
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        // A job is not its sender's request: no request timeout, and not cancelled when that caller leaves.
        .then(() => withoutStatementBudget(() => handler(data)))
        .catch((err: unknown) => log.error({ err, job: name }, 'background job failed'))
        .finally(() => running.delete(run))
      running.add(run)
    },
    async attach(jobs) {
      for (const [name, handler] of handlers) {
        const options = queueOptions.get(name)
        if (options) await jobs.define(name, options)
        if (jobs.workers) await jobs.work(name, handler, workOptions.get(name))
      }
      attached = jobs
    },
    async idle() {
      while (running.size) await Promise.all([...running])
    },
  }
}
