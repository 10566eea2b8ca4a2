import type { BulkFailureReason, ErrorCode } from '@expedo/domain'
import { AppError } from '../../../platform/http/app-error.ts'

/**
 * A change an order's state refuses, with the reason a bulk change reports for it (the record's screen
 * translates the reason; a single change answers the English message as any AppError).
 */
export class OrderRefusal extends AppError {
  readonly reason: Exclude<BulkFailureReason, 'notFound' | 'other'>

  constructor(
    reason: OrderRefusal['reason'],
    code: ErrorCode,
    message: string,
    details?: Record<string, string>,
    options?: ConstructorParameters<typeof AppError>[3],
  ) {
    super(code, message, details, options)
    this.reason = reason
  }
}

/** The reason a bulk change reports for an order it could not change. */
export function bulkFailureReason(found: boolean, error: AppError): BulkFailureReason {
  if (!found) return 'notFound'
  return error instanceof OrderRefusal ? error.reason : 'other'
}
