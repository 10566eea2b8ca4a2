import type { LabelState, LabelStatus, TrackingRefresh } from '@expedo/domain'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import { AppError, invalid, notFound } from '../../platform/http/app-error.ts'
import type { AuthContext } from '../../platform/http/auth-context.ts'
import type { JobQueue } from '../../platform/jobs/job-queue.ts'
import { CourierUnavailableError } from '../../platform/providers/couriers/courier-adapter.ts'
import type { CourierProviders } from '../../platform/providers/couriers/courier-providers.ts'
import { awbUrl } from '../orders/index.ts'
import {
  COURIER_LABEL_JOB,
  createLabelJob,
  type FileStore,
  LABEL_JOB_RETRIES,
  type LabelJob,
} from './create-label.job.ts'
import { createLabelsRepository, type LabelRow, TRACKED_STATUSES } from './labels.repository.ts'
import { trackParcels } from './track-parcels.ts'

/** Every 15 minutes: the couriers are asked about the parcels of created labels (README "Couriers"). */
export const LABEL_TRACKING_SCHEDULE = { job: 'labels-tracking', cron: '*/15 * * * *' }
/** A requested label this long untouched lost its job (a crash before the send): it is sent again. */
const STALE_REQUEST_SECONDS = 30 * 60
/** Parcels asked about in one tracking pass, and per courier call. */
const TRACKING_PASS_LIMIT = 5000
const TRACKING_BATCH = 50

const conflict = (message: string) => new AppError('CONFLICT', message)

export function createLabelsService(deps: {
  db: Db
  queue: JobQueue
  couriers: CourierProviders
  files: FileStore
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>
  /** Called after tracking moved orders to Shipping (invoices, Shoptet write-back). */
  onShipped?: () => void
}) {
  const { db, queue } = deps
  const runLabelJob = createLabelJob(deps)
  // Twenty a poll: a burst of Packed orders (a bulk change, a busy packing hour) is labelled at the
  // couriers' pace, not pg-boss's one poll a second.
  queue.handle<LabelJob>(COURIER_LABEL_JOB, runLabelJob, { ...LABEL_JOB_RETRIES, batchSize: 20 })

  const sendJob = (orderId: string) =>
    queue.send<LabelJob>(COURIER_LABEL_JOB, { orderId }, { singletonKey: orderId })

  async function state(auth: AuthContext, orderId: string): Promise<LabelState> {
    const found = await createLabelsRepository(db).find(auth.scope, orderId)
    if (!found) throw notFound('Order')
    return toLabelState(found.order, found.courier, found.label)
  }

  const trackingError = (err: unknown, courier: string) =>
    deps.log.error({ err, courier }, 'parcel tracking: the courier did not answer')

  return {
    /** The `courier-label` job itself (tests run a retry by hand: the in-process queue does not retry). */
    runLabelJob,
    state,

    /**
     * POST /orders/:id/label: a Packed order of a courier with a label API; a created label is 409, a
     * requested one answers as it is (its job is under way), anything else is asked for again.
     */
    async request(auth: AuthContext, orderId: string): Promise<LabelState> {
      const send = await db.transaction(async (tx) => {
        const repo = createLabelsRepository(tx)
        const locked = await repo.lockOrder(auth.scope, orderId)
        if (!locked) throw notFound('Order')
        const label = await repo.lockLabel(orderId)
        if (label?.status === 'created') throw conflict('The order already has a label')
        if (label?.status === 'requested') return false
        const { order, courier } = locked
        if (order.status !== 'Packed')
          throw invalid('status', `is '${order.status}': a label is created for a Packed order`)
        if (!courier || !deps.couriers.labelsFor(courier))
          throw invalid('courier', `${courier || 'none'} has no label API: type the tracking number`)
        await repo.upsertRequested(order, courier, label?.status === 'inDoubt')
        return true
      })
      if (send) await sendJob(orderId)
      return state(auth, orderId)
    },

    /** POST /orders/:id/tracking: the courier asked now about this order's parcel. */
    async refreshTracking(auth: AuthContext, orderId: string): Promise<TrackingRefresh> {
      const found = await createLabelsRepository(db).find(auth.scope, orderId)
      if (!found) throw notFound('Order')
      const label = found.label
      if (label?.status !== 'created')
        throw invalid('label', `is '${label?.status ?? 'none'}': only a created label's parcel is tracked`)
      if (!TRACKED_STATUSES.includes(found.order.status))
        throw invalid('status', `is '${found.order.status}': the parcel is no longer followed`)
      let shipped = 0
      const failures: unknown[] = []
      try {
        ;({ shipped } = await trackParcels(
          { db, couriers: deps.couriers, onError: (err) => failures.push(err) },
          [{ orderId, courier: label.courier, trackingId: label.trackingId }],
        ))
      } finally {
        if (shipped) deps.onShipped?.()
      }
      const failure = failures[0]
      if (failure instanceof CourierUnavailableError) throw new AppError('UNAVAILABLE', failure.message)
      if (failure) throw failure
      const after = await state(auth, orderId)
      const now = await createLabelsRepository(db).find(auth.scope, orderId)
      return { status: now?.order.status ?? found.order.status, label: after }
    },

    /** After a commit that packed orders: their label jobs are sent. */
    async afterPacked(orderIds: string[]): Promise<void> {
      for (const orderId of orderIds) {
        const found = await createLabelsRepository(db).find({ kind: 'all' }, orderId)
        if (found?.label?.status === 'requested') await sendJob(orderId)
      }
    },

    /** Every minute: labels whose job was lost (a crash between the commit and the send) are sent again. */
    async resendStale(): Promise<number> {
      const ids = await createLabelsRepository(db).staleRequested(STALE_REQUEST_SECONDS)
      for (const orderId of ids) await sendJob(orderId)
      return ids.length
    },

    /** The scheduled tracking pass: every created label's parcel still with the courier, in batches. */
    async trackAll(): Promise<number> {
      const list = await createLabelsRepository(db).tracked(TRACKING_PASS_LIMIT)
      const { checked, shipped } = await trackParcels(
        { db, couriers: deps.couriers, onError: trackingError },
        list,
        TRACKING_BATCH,
      )
      if (shipped) deps.onShipped?.()
      return checked
    },
  }
}
export type LabelsService = ReturnType<typeof createLabelsService>

type OrderFields = { trackingId: string; trackingUrl: string; trackingAwbPdf: string; status: string }

/** The answer: the label row's state (none without one) with the order's tracking number and AWB URL. */
function toLabelState(order: OrderFields, courier: string | null, label: LabelRow | null): LabelState {
  const awb = label?.awbStorageKey ?? ''
  return {
    status: (label?.status ?? 'none') as LabelStatus,
    courier: courier ?? null,
    trackingId: label?.trackingId || order.trackingId,
    trackingUrl: label?.trackingUrl || order.trackingUrl,
    awbPdf: awbUrl(awb || order.trackingAwbPdf),
    error: label?.lastError ?? null,
    attempts: label?.attempts ?? 0,
    updatedAt: label?.updatedAt.toISOString() ?? null,
    tracking:
      label?.trackingState && label.trackingCheckedAt
        ? {
            state: label.trackingState as NonNullable<LabelState['tracking']>['state'],
            courierText: label.trackingText ?? '',
            at: label.trackingAt?.toISOString() ?? null,
            checkedAt: label.trackingCheckedAt.toISOString(),
          }
        : null,
  }
}
