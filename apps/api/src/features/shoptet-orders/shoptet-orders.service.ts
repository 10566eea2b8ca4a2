import type { ShoptetWebhookDelivery } from '@expedo/domain'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import { AppError, notFound } from '../../platform/http/app-error.ts'
import type { TenantScope } from '../../platform/http/auth-context.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import {
  type ShoptetApi,
  ShoptetError,
  verifyWebhookSignature,
} from '../../platform/providers/shoptet/index.ts'
import { shoptetFailure } from '../eshops/index.ts'
import { orderShoptetInvoicing } from '../orders/index.ts'
import { type Connection, createShoptetOrdersRepository } from './shoptet-orders.repository.ts'
import { importShoptetOrder } from './use-cases/import-shoptet-order.ts'
import { processDeliveries } from './use-cases/process-deliveries.ts'
import { pullInvoices } from './use-cases/pull-invoices.ts'
import { pullOrders } from './use-cases/pull-orders.ts'
import { writeBackTracking } from './use-cases/write-back-tracking.ts'

/** One shop's sync: its waiting webhook deliveries, then its order changes (one job per shop at a time). */
export const SHOPTET_SYNC_JOB = 'shoptet-orders-sync'
/** The tracking write-back right after a shipment committed (the minutely task retries). */
export const SHOPTET_TRACKING_JOB = 'shoptet-orders-tracking'
/** Spec part 2 §9: orders of connected shops are downloaded every 2 minutes. */
export const SHOPTET_PULL_SCHEDULE = { job: 'shoptet-orders-pull', cron: '*/2 * * * *' }
/** A shop's pull runs with its sync when the last one is older than this (the schedule asks every 120 s). */
const PULL_EVERY_MS = 100_000

interface SyncJob {
  eshopId: string
  /** The 2-minute schedule asked for a pull (a webhook's sync pulls only when the last pull is old). */
  pull?: boolean
}

export interface ShoptetOrdersDeps {
  db: Db
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
  queue: JobQueue
  /** The shop's Shoptet API with its cached token (features/eshops). */
  apiFor(eshopId: string, lane: 'orders' | 'other'): ShoptetApi
  /** Forget the process's API of a shop (after an uninstall). */
  forgetApi?(eshopId: string): void
}

const unauthorized = () => new AppError('UNAUTHENTICATED', 'Invalid webhook signature')

/**
 * Orders from connected Shoptet shops (issue 13): the webhook intake, the per-shop sync job (deliveries, then
 * the `/orders/changes` pull), the 2-minute schedule, and the tracking write-back of shipped orders.
 */
export function createShoptetOrdersService(deps: ShoptetOrdersDeps) {
  const { db, log, queue } = deps
  const repo = createShoptetOrdersRepository(db)
  // Without pg-boss (tests) jobs run in this process: one sync per shop at a time here
  // too (with pg-boss, the queue's stately policy keeps it to one across processes).
  const running = new Map<string, Promise<unknown>>()
  const oneAtATime = <T>(key: string, run: () => Promise<T>): Promise<T> => {
    const next = (running.get(key) ?? Promise.resolve()).catch(() => {}).then(run)
    running.set(key, next)
    void next.finally(() => running.get(key) === next && running.delete(key)).catch(() => {})
    return next
  }

  async function pull(eshopId: string) {
    const connection = await repo.connection(eshopId)
    if (!connection || !(await repo.isImporting(eshopId))) return undefined
    try {
      const result = await pullOrders({ db, log }, connection, deps.apiFor(eshopId, 'orders'))
      if (result.changes) log.info({ eshopId, ...result }, 'Shoptet orders pulled')
      await invoices(connection)
      return result
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err)
      await repo.syncFailed(eshopId, reason)
      log.warn({ eshopId, reason }, 'Shoptet order pull failed: retried with back-off')
      throw err
    }
  }

  /** Shoptet's invoices of a shop set to Shoptet invoices (FINANCE.md): their changes since its cursor. */
  async function invoices(connection: Connection) {
    if (connection.invoicing !== 'shoptet') return
    const result = await pullInvoices({ db, log }, connection, deps.apiFor(connection.id, 'orders'))
    if (result.changes) log.info({ eshopId: connection.id, ...result }, 'Shoptet invoices pulled')
  }

  async function deliveries(eshopId: string) {
    const result = await processDeliveries({ db, log }, eshopId, async () => deps.apiFor(eshopId, 'orders'))
    if ((await repo.connection(eshopId))?.uninstalledAt) deps.forgetApi?.(eshopId)
    return result
  }

  /** The job: waiting deliveries first, then the pull when asked for or due. */
  const sync = ({ eshopId, pull: asked }: SyncJob) =>
    oneAtATime(eshopId, async () => {
      const delivered = await deliveries(eshopId)
      const connection = await repo.connection(eshopId)
      const due = !connection?.lastSyncAt || Date.now() - connection.lastSyncAt.getTime() >= PULL_EVERY_MS
      if (asked || due) await pull(eshopId)
      // An order's status change is when Shoptet issues its invoice: its webhook brings the invoice too.
      else if (delivered.processed && connection && (await repo.isImporting(eshopId))) {
        await invoices(connection)
      }
    })

  queue.handle<SyncJob>(SHOPTET_SYNC_JOB, sync, {
    policy: 'stately',
    retryLimit: 10,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  })
  queue.handle(SHOPTET_TRACKING_JOB, async () => {
    await writeBack()
  })

  const enqueueSync = (eshopId: string, pullToo = false) =>
    queue.send<SyncJob>(SHOPTET_SYNC_JOB, { eshopId, pull: pullToo }, { singletonKey: eshopId })

  async function writeBack(): Promise<number> {
    return writeBackTracking({ db, log }, async (eshopId) => deps.apiFor(eshopId, 'other'))
  }

  return {
    /**
     * A webhook delivery (the raw body as received, for the signature): verified with the shop's key (an
     * unknown shop, or a bad or missing signature, is 401 and nothing is stored), stored once, and the
     * shop's sync queued. Answers at once; the work is the job's.
     */
    async receiveWebhook(delivery: ShoptetWebhookDelivery, rawBody: Buffer, signature: string | undefined) {
      const shop = await repo.signatureKeyOf(delivery.eshopId)
      if (!shop || !verifyWebhookSignature(rawBody, shop.key, signature)) throw unauthorized()
      const stored = await repo.storeDelivery({
        eshopId: shop.eshopId,
        event: delivery.event,
        eventInstance: delivery.eventInstance,
        eventCreated: new Date(delivery.eventCreated.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')),
        body: delivery,
      })
      // A replay is the same row: nothing new to do (a waiting one is picked up by its job or the sweep).
      if (stored) await enqueueSync(shop.eshopId)
      return { received: true as const }
    },

    /** The 2-minute schedule: one sync (with its pull) queued per importing shop. */
    async enqueuePulls(): Promise<number> {
      const ids = await repo.importingIds()
      for (const id of ids) await enqueueSync(id, true)
      return ids.length
    },

    /** The minutely sweep: shops with deliveries still waiting (a lost job, a failed run) get a sync. */
    async enqueueWaitingDeliveries(): Promise<number> {
      const ids = await repo.shopsWithPendingDeliveries()
      for (const id of ids) await enqueueSync(id)
      return ids.length
    },

    /** After an order shipped (the orders service's onShipped): the write-back runs as a job. */
    afterShipped: () =>
      void queue
        .send(SHOPTET_TRACKING_JOB, {})
        .catch((err: unknown) => log.error({ err }, 'tracking write-back not queued')),

    // The use cases themselves, for the jobs and the tests.
    sync: (eshopId: string) => sync({ eshopId, pull: true }),
    pull: (eshopId: string) => oneAtATime(eshopId, () => pull(eshopId)),
    processDeliveries: (eshopId: string) => oneAtATime(eshopId, () => deliveries(eshopId)),
    writeBackTracking: writeBack,
    /**
     * Shoptet's invoice of an order as its PDF, fetched from Shoptet on each request (never stored): 404 when
     * the scope may not see the order or Shoptet has issued none for it.
     */
    async shoptetInvoicePdf(scope: TenantScope, orderId: string): Promise<{ code: string; pdf: Buffer }> {
      const order = await repo.importedOrder(scope, orderId)
      if (!order) throw notFound('Order')
      const invoicing = await orderShoptetInvoicing(db, order)
      const invoice = invoicing?.invoice
      if (!order.eshopId || !invoice) throw notFound('Shoptet invoice')
      try {
        return { code: invoice.code, pdf: await deps.apiFor(order.eshopId, 'other').invoicePdf(invoice.code) }
      } catch (error) {
        if (error instanceof ShoptetError && error.status === 404) throw notFound('Shoptet invoice')
        throw shoptetFailure(error)
      }
    },

    async importOrder(eshopId: string, code: string) {
      const connection = await repo.connection(eshopId)
      if (!connection) throw new AppError('NOT_FOUND', 'E-shop not found')
      return importShoptetOrder(db, connection, deps.apiFor(eshopId, 'other'), code)
    },
  }
}
export type ShoptetOrdersService = ReturnType<typeof createShoptetOrdersService>
