import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { buildInfo } from '../../platform/build-info.ts'
import type { Database } from '../../platform/db/database.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { registerEndpoint } from '../../platform/http/route.ts'
import { createDatabaseStatus } from './database-status.ts'

/**
 * Liveness and a database ping; never shed, and its ping has a connection of its own. 200 while the process
 * and the database are alive (`database: 'busy'` when the database is saturated but answers); 503 only when
 * the database is down.
 */
export function healthRoutes(app: FastifyInstance, database: Pick<Database, 'ping'>): void {
  const status = createDatabaseStatus(() => database.ping())
  registerEndpoint(
    app,
    endpoints.health.health,
    async ({ log }) => {
      let database: 'up' | 'busy'
      try {
        database = await status.check()
      } catch (err) {
        log.error({ err }, 'database ping failed')
        throw new AppError('UNAVAILABLE', 'Database unavailable')
      }
      return { status: 'ok' as const, database, ...buildInfo }
    },
    { shedding: false },
  )
}
