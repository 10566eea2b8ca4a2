import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { PdfJob } from './pdf-jobs.ts'
import type { PdfAnswer, PdfMessage } from './pdf-worker.ts'

export type { PdfJob } from './pdf-jobs.ts'

/**
 * A small pool of threads that render the PDFs off the event loop (FINANCE.md: render in a worker, not in
 * the request handler): tax documents, pick lists, packing slips, location labels and handover manifests
 * (pdf-jobs.ts). A 1,000-row manifest is about a second of CPU: on the API's one event loop it held every
 * other call, and the load shedding refused them (503 OVERLOADED). Each thread parses the fonts once; a job
 * waits in the queue until a thread is free, so a caller that awaits its renders keeps memory flat.
 */
export interface PdfWorkerPool {
  readonly size: number
  /** Renders one document on the next free thread. */
  render(job: PdfJob): Promise<Buffer>
  /** Ends the threads; renders still queued or running reject. */
  close(): Promise<void>
}

/** One thread per spare core, at most two: the API shares its machine with the database. */
export function defaultPdfWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1))
}

/**
 * V8's default young generation per thread is far larger than a render needs (about 30 MB live, the
 * parsed fonts included), and a thread keeps what it grew. Measured for a 1,000-PDF ZIP on two threads
 * in a process without the server's V8 flags: 600 MB RSS without limits, 285 MB with these (the API's
 * own --max-semi-space-size=8 gives about the same).
 */
const resourceLimits = { maxYoungGenerationSizeMb: 24, maxOldGenerationSizeMb: 160 }

interface Job {
  id: number
  job: PdfJob
  resolve(pdf: Buffer): void
  reject(error: Error): void
}

interface Slot {
  /** null once its thread died (out of memory, a crash): the next job starts a new one. */
  worker: Worker | null
  job: Job | null
}

export function createPdfWorkerPool(
  size = defaultPdfWorkers(),
  /** A thread's heap limits; a test lowers them to prove a thread past its limit fails alone. */
  limits: typeof resourceLimits = resourceLimits,
): PdfWorkerPool {
  const queue: Job[] = []
  let nextId = 1
  let closed = false

  const dispatch = (slot: Slot) => {
    const job = queue.shift()
    if (!job) return
    slot.job = job
    slot.worker ??= start(slot)
    slot.worker.postMessage({ id: job.id, job: job.job } satisfies PdfMessage)
  }

  function start(slot: Slot): Worker {
    const worker = new Worker(new URL('./pdf-worker.ts', import.meta.url), { resourceLimits: limits })
    worker.on('message', (answer: PdfAnswer) => {
      const job = slot.job
      slot.job = null
      if (job && job.id === answer.id) {
        if ('pdf' in answer)
          job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength))
        else job.reject(new Error(`PDF render failed: ${answer.error}`))
      }
      dispatch(slot)
    })
    // A thread that dies fails the job it had (an 'error' comes before the 'exit'; the first one counts); the
    // jobs waiting go on, on a new thread, rather than hang on a dead one.
    const died = (error: Error) => {
      if (slot.worker !== worker) return
      slot.worker = null
      const job = slot.job
      slot.job = null
      job?.reject(error)
      if (!closed) dispatch(slot)
    }
    worker.on('error', died)
    worker.on('exit', (code) => died(new Error(`PDF worker exited with code ${code}`)))
    return worker
  }

  const slots: Slot[] = Array.from({ length: Math.max(1, size) }, () => {
    const slot: Slot = { worker: null, job: null }
    slot.worker = start(slot)
    return slot
  })

  return {
    size: slots.length,
    render(job) {
      if (closed) return Promise.reject(new Error('The PDF worker pool is closed'))
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, job, resolve, reject })
        const idle = slots.find((s) => s.job === null)
        if (idle) dispatch(idle)
      })
    },
    async close() {
      closed = true
      const error = new Error('The PDF worker pool was closed')
      for (const job of queue.splice(0)) job.reject(error)
      for (const slot of slots) slot.job?.reject(error)
      await Promise.all(slots.map((s) => s.worker?.terminate()))
    },
  }
}
