import fastifyUnderPressure from '@fastify/under-pressure'
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
  }
}

const sheds = (request: FastifyRequest) =>
  request.routeOptions.config?.shedding !== false && isServerPath(request.url)

/**
 * Load shedding: past saturation the API refuses work at once (503 OVERLOADED with Retry-After) instead
 * of queueing it until every caller times out. Three limits, each cheap to check per request: the number
 * of requests in flight (the database pool serves a few at a time; more only wait for it), the event-loop
 * delay (@fastify/under-pressure: the process itself is saturated, as the embedded database makes it), and
 * a deadline for every answer (503 TIMEOUT). A request that waits too long for a database connection is
 * refused by the error handler (the pool's bounded wait). Routes with `shedding: false` are exempt.
 */
export async function installLoadShedding(app: FastifyInstance, limits: LoadLimits): Promise<void> {
  await app.register(fastifyUnderPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    // A quarter-second window: a stall (a long start-up step, a heavy report) is forgotten as soon.
    sampleInterval: 250,
    // A rejection goes to the error handler and ends the request; undefined lets an exempt route through.
    pressureHandler: (request) => (sheds(request) ? Promise.reject(overloaded()) : undefined),
  })

  let inFlight = 0
  app.addHook('onRequest', async (request, reply) => {
    if (!sheds(request)) return
    if (inFlight >= limits.maxInFlight) throw overloaded()
    inFlight++
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
    // 'close' ends every response: answered, streamed to the end, or dropped by the caller.
    reply.raw.once('close', () => {
      inFlight--
      clearTimeout(timer)
    })
  })
}
