import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from './app-error.ts'
import { overloaded, retryAfterSeconds } from './error-handler.ts'
import { isServerPath } from './web.ts'

export interface LoadLimits {
  /** Requests the API works on at once; more are refused at once (the database pool's size × 4). */
  maxInFlight: number
  /** Event-loop delay (ms, mean over a quarter of a second) above which requests are refused. */
  maxEventLoopDelayMs: number
  /** Longest a request may take to be answered. */
  requestTimeoutMs: number
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: never shed (the health check, which must answer while the API is saturated). */
    shedding?: boolean
    /**
     * false: no answer deadline (a write: its answer is its outcome). A deadline answered while a write's
     * transaction is still running would report as failed work that then commits (a bulk change of 1,000
     * orders on a loaded machine: 503 TIMEOUT after 30 s, and the orders changed). A write is bounded by its
     * statements' budget instead, and cancelled when its caller leaves (statement-budget.ts).
     */
    deadline?: boolean
  }
}

const sheds = (request: FastifyRequest) =>
  request.routeOptions.config?.shedding !== false && isServerPath(request.url)

/**
 * Load shedding: past saturation the API refuses work at once (503 OVERLOADED with Retry-After) instead
 * of queueing it until every caller times out. Three limits, each cheap to check per request: the number
 * of requests in flight (the database pool serves a few at a time; more only wait for it), the event-loop
 * delay (the process itself is saturated, as the embedded database makes it), and
 * a deadline for every answer but a write's (503 TIMEOUT). A request that waits too long for a database connection is
 * refused by the error handler (the pool's bounded wait). Routes with `shedding: false` are exempt.
 */
export async function installLoadShedding(app: FastifyInstance, limits: LoadLimits): Promise<void> {
  const delay = watchEventLoopDelay()
  app.addHook('onClose', async () => delay.stop())
  app.addHook('onRequest', async (request) => {
    if (delay.ms() > limits.maxEventLoopDelayMs && sheds(request)) throw overloaded()
  })

  let inFlight = 0
  app.addHook('onRequest', async (request, reply) => {
    if (!sheds(request)) return
    if (inFlight >= limits.maxInFlight) throw overloaded()
    inFlight++
    // 'close' ends every response: answered, streamed to the end, or dropped by the caller.
    reply.raw.once('close', () => {
      inFlight--
    })
    if (request.routeOptions.config?.deadline === false) return
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return
      request.log.warn({ ms: limits.requestTimeoutMs }, 'request timed out')
      // An error sent as the answer goes through the error handler, like any other.
      reply.send(
        new AppError('TIMEOUT', 'The request took too long; try again', undefined, {
          retryAfterSeconds: retryAfterSeconds(),
        }),
      )
    }, limits.requestTimeoutMs)
    timer.unref()
    reply.raw.once('close', () => clearTimeout(timer))
  })
}

/** A quarter-second window: a stall (a long start-up step, a heavy report) is forgotten as soon. */
const SAMPLE_MS = 250
const RESOLUTION_MS = 10

/**
 * The event loop's delay: the mean over the last window of how late a 10 ms timer fired. A window without a
 * single sample means the loop was held for about the whole window, so it counts as the window's length (a
 * lower bound), not as infinite: @fastify/under-pressure answered Infinity there and shed every request after
 * any 250 ms stall, whatever the limit (seen as 503s in the tests on a loaded machine).
 */
function watchEventLoopDelay() {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
  histogram.enable()
  let current = 0
  const timer = setInterval(() => {
    const mean = histogram.mean / 1e6
    current = Number.isNaN(mean) || histogram.count === 0 ? SAMPLE_MS : Math.max(0, mean - RESOLUTION_MS)
    histogram.reset()
  }, SAMPLE_MS)
  timer.unref()
  return {
    ms: () => current,
    stop() {
      clearInterval(timer)
      histogram.disable()
    },
  }
}
