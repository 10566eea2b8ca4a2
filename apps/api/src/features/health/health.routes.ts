import { endpoints } from '@expedo/domain'
import type { FastifyInstance } from 'fastify'
import { buildInfo } from '../../platform/build-info.ts'
import { type Db, pingDatabase } from '../../platform/db/database.ts'
import { AppError } from '../../platform/http/app-error.ts'
import { registerEndpoint } from '../../platform/http/route.ts'

export function healthRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, endpoints.health.health, async ({ log }) => {
    try {
      await pingDatabase(db)
    } catch (err) {
      log.error({ err }, 'database ping failed')
      throw new AppError('UNAVAILABLE', 'Database unavailable')
    }
    return { status: 'ok' as const, database: 'up' as const, ...buildInfo }
  })
}
