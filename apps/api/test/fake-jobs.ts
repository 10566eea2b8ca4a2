import { vi } from 'vitest'

/**
 * A stand-in for pg-boss as scheduleMaintenance uses it: records the worker it registers (`run()` calls it,
 * as a schedule firing would) and the schedule; and a logger whose calls the test reads.
 */
export function fakeJobs() {
  let worker: (() => Promise<void>) | undefined
  const jobs = {
    work: vi.fn(async (_name: string, handler: () => Promise<void>) => {
      worker = handler
    }),
    schedule: vi.fn(async () => {}),
  }
  const log = { info: vi.fn(), debug: vi.fn(), error: vi.fn() }
  return { jobs, log, run: () => worker!() }
}
