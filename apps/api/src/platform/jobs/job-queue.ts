import type { FastifyBaseLogger } from 'fastify'
import type { JobHandler, Jobs } from './jobs.ts'

/**
 * The features' way to run work in the background: a feature declares a handler per job name and sends
 * jobs; once the process runs pg-boss (server.ts attaches it), sends go to the queue and every handler is a
 * worker there (retried, spread over the API processes). Without pg-boss (tests, JOBS_ENABLED=false) a sent
 * job runs in this process right after the call that sent it; `idle()` waits for those runs.
 */
export interface JobQueue {
  handle<T extends object>(name: string, handler: JobHandler<T>): void
  send<T extends object>(name: string, data: T, options?: { singletonKey?: string }): Promise<void>
  /** Registers every declared handler as a pg-boss worker; sends go to pg-boss from then on. */
  attach(jobs: Jobs): Promise<void>
  /** Resolves once the in-process runs sent so far (and those they sent) have finished. */
  idle(): Promise<void>
}

export function createJobQueue(log: Pick<FastifyBaseLogger, 'error'>): JobQueue {
  const handlers = new Map<string, JobHandler<object>>()
  const running = new Set<Promise<void>>()
  let attached: Jobs | undefined
  return {
    handle(name, handler) {
      if (handlers.has(name)) throw new Error(`Job ${name} has two handlers`)
      handlers.set(name, handler as JobHandler<object>)
    },
    async send(name, data, options) {
      if (attached) {
        await attached.send(name, data, options)
        return
      }
      const handler = handlers.get(name)
      if (!handler) throw new Error(`Job ${name} has no handler`)
      const run = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => handler(data))
        .catch((err: unknown) => log.error({ err, job: name }, 'background job failed'))
        .finally(() => running.delete(run))
      running.add(run)
    },
    async attach(jobs) {
      for (const [name, handler] of handlers) await jobs.work(name, handler)
      attached = jobs
    },
    async idle() {
      while (running.size) await Promise.all([...running])
    },
  }
}
