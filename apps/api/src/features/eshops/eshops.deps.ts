import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import { AppError } from '../../platform/http/app-error.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { type ShoptetConfig, ShoptetError } from '../../platform/providers/shoptet/index.ts'
import type { UsersService } from '../users/index.ts'
import type { ShoptetAccess } from './shoptet-access.ts'

/** What the e-shops area needs from the app. */
export interface EshopsDeps {
  db: Db
  users: UsersService
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  /** undefined: Shoptet is not configured (production without SHOPTET_*): its calls answer 503. */
  shoptet: ShoptetConfig | undefined
  access: ShoptetAccess
  queue: JobQueue
  /** The app's public base URL (the install and webhook URLs Shoptet calls). */
  publicUrl: string
  /** Seals activation links (config JWT_SECRET). */
  secret: string | undefined
  now?: () => Date
}

/**
 * A failed Shoptet call as the caller sees it: an outage, a rate limit or a timeout is a 503 (try again),
 * anything else Shoptet refused a 409 naming Shoptet's code. Never a token in the message.
 */
export function shoptetFailure(error: unknown): unknown {
  if (!(error instanceof ShoptetError)) return error
  if (error.retryable) {
    return new AppError(
      'UNAVAILABLE',
      'Shoptet is not answering right now: please try again in a moment',
      undefined,
      error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {},
    )
  }
  return new AppError('CONFLICT', `Shoptet refused the call (${error.code})`)
}
