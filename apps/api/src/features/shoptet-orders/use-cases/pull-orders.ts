import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../../platform/db/database.ts'
import { AppError } from '../../../platform/http/app-error.ts'
import type { ShoptetApi } from '../../../platform/providers/shoptet/index.ts'
import { type Connection, createShoptetOrdersRepository } from '../shoptet-orders.repository.ts'
import { cancelShoptetOrder, importShoptetOrder } from './import-shoptet-order.ts'

export interface PullResult {
  pages: number
  changes: number
  imported: number
  canceled: number
  failed: number
}

/** Orders of a page imported side by side: the client keeps at most 3 calls in flight per shop anyway. */
const PAGE_CONCURRENCY = 3

/**
 * `from` for Shoptet: ISO 8601 with a numeric offset (shoptet.md §2.5). The cursor is the last change time
 * seen, less a second: whether Shoptet's `from` is inclusive or not, a change in the same second as the last
 * one of a committed page is read again rather than lost (importing it again changes nothing).
 */
export function changesFrom(cursor: Date): string {
  return new Date(cursor.getTime() - 1000).toISOString().replace(/\.\d{3}Z$/, '+00:00')
}

/**
 * A change-time string as Shoptet writes it ('2024-03-05T14:25:01+0100'); null when it is not a date.
 */
export function parseChangeTime(value: string | null | undefined): Date | null {
  if (!value) return null
  const normal = value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')
  const date = new Date(normal)
  return Number.isNaN(date.getTime()) ? null : date
}

/** One change of a Shoptet change log (`/orders/changes`, `/invoices/changes`): the document's code and when. */
interface LoggedChange {
  code: string
  changeTime?: string | null
  changeType: string
}

/**
 * A shop's change log since its cursor, page by page: `apply` handles a page, and the cursor moves to the
 * page's last change only after `apply` returned (a page that fails leaves the cursor where it was, so the
 * next pull reads it again: nothing is lost, and applying a change twice changes nothing). Answers the pages
 * and changes read.
 */
export async function walkChanges<C extends LoggedChange>(options: {
  start: Date
  read: (q: { from: string; page: number }) => Promise<{
    changes: C[]
    paginator?: { pageCount: number } | null
  }>
  apply: (changes: C[]) => Promise<void>
  saveCursor: (cursor: Date) => Promise<void>
}): Promise<{ pages: number; changes: number }> {
  const { start } = options
  const from = changesFrom(start)
  const read = { pages: 0, changes: 0 }
  let cursor = start
  for (let page = 1; ; page++) {
    const { changes, paginator } = await options.read({ from, page })
    read.pages++
    read.changes += changes.length
    await options.apply(changes)
    for (const change of changes) {
      const at = parseChangeTime(change.changeTime)
      if (at && at > cursor) cursor = at
    }
    if (cursor > start) await options.saveCursor(cursor)
    if (!changes.length || page >= (paginator?.pageCount ?? page)) break
  }
  return read
}

/**
 * The shop's order changes since its cursor (`GET /api/orders/changes?from=…`), page by page: each changed
 * order is imported (or canceled when deleted), and the cursor moves to the page's last change only after
 * the page's orders are committed. Shoptet failing (5xx, 429, timeouts, refused tokens) stops the pull with
 * the cursor where it was: the job queue retries later and nothing is lost. An order Expedo refuses (e.g.
 * its number is already used) is recorded as the connection's last error and the pull goes on.
 */
export async function pullOrders(
  deps: { db: Db; log: Pick<FastifyBaseLogger, 'info' | 'warn'> },
  connection: Connection,
  api: ShoptetApi,
): Promise<PullResult> {
  const repo = createShoptetOrdersRepository(deps.db)
  const result: PullResult = { pages: 0, changes: 0, imported: 0, canceled: 0, failed: 0 }
  const read = await walkChanges({
    start:
      connection.ordersCursor ?? connection.activatedAt ?? connection.installedAt ?? connection.createdAt,
    read: (q) => api.orderChanges(q),
    saveCursor: (cursor) => repo.setCursor(connection.id, cursor),
    async apply(changes) {
      const queue = [...changes]
      let stopped = false
      const work = async () => {
        for (let change = queue.shift(); change && !stopped; change = queue.shift()) {
          try {
            if (change.changeType === 'delete') {
              if ((await cancelShoptetOrder(deps.db, connection, change.code)) === 'canceled')
                result.canceled++
            } else {
              const outcome = await importShoptetOrder(deps.db, connection, api, change.code)
              if (outcome.action === 'created' || outcome.action === 'updated') result.imported++
            }
          } catch (error) {
            // Expedo refused this one order: recorded, and the others go on. Anything else stops the pull.
            if (!(error instanceof AppError)) {
              stopped = true
              throw error
            }
            result.failed++
            await repo.syncFailed(connection.id, `Order ${change.code}: ${error.message}`, false)
            deps.log.warn(
              { eshopId: connection.id, code: change.code, reason: error.message },
              'order not imported',
            )
          }
        }
      }
      // Every worker finishes before a failure is answered: no import of this pull runs on after it.
      const settled = await Promise.allSettled(Array.from({ length: PAGE_CONCURRENCY }, work))
      const failure = settled.find((s) => s.status === 'rejected')
      if (failure) throw failure.reason
    },
  })
  Object.assign(result, read)
  await repo.syncSucceeded(connection.id)
  return result
}
