import type { ChangeLogEntry } from '@expedo/domain'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import {
  CourierLabelInDoubtError,
  CourierRefusedError,
  CourierUnavailableError,
} from '../../platform/providers/couriers/courier-adapter.ts'
import type { CourierProviders } from '../../platform/providers/couriers/courier-providers.ts'
import type { FilesService } from '../files/index.ts'
import { logToOrders, type Who } from '../orders/index.ts'
import { labelRequestOf } from './label-request.ts'
import { createLabelsRepository } from './labels.repository.ts'

export const COURIER_LABEL_JOB = 'courier-label'
/** pg-boss retries of a courier that cannot be reached: 30 s, 1, 2, 4, 8 min apart. */
export const LABEL_JOB_RETRIES = {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
}
/** Attempts before a courier that stays unreachable makes the label `failed` (the first run + the retries). */
export const MAX_LABEL_ATTEMPTS = LABEL_JOB_RETRIES.retryLimit + 1

export interface LabelJob {
  orderId: string
}

/** The job's changes are the courier's doing: the change log names it. */
const whoFor = (courier: string): Who => ({ userId: null, username: courier })

/** An order's label error as errMsgs holds it: one per courier, replaced by the next, gone with a label. */
const LABEL_ERROR = 'Label: '
export const withoutLabelError = (messages: string[]) => messages.filter((m) => !m.startsWith(LABEL_ERROR))

/** Where the job keeps the AWB PDF: the files feature's store of generated documents. */
export type FileStore = Pick<FilesService, 'storeGenerated'>

/** A run's claim on its label: longer than any courier's timeout plus the PDF's storing. */
const CLAIM_SECONDS = 180

type Outcome =
  | { kind: 'created'; trackingId: string; trackingUrl: string; pdf: Buffer }
  | { kind: 'refused' | 'inDoubt'; message: string }
  | { kind: 'unavailable'; error: CourierUnavailableError }

/**
 * The `courier-label` job: the label claimed in a short transaction (a second run of the same order finds
 * it claimed and leaves it; the queue runs a job again only after it failed), the courier asked once with
 * the row's reference outside any transaction, the outcome written in a second one. A courier that refuses
 * makes the label `failed` with its message on the order (which stays Packed); one that cannot be reached
 * is retried by the queue (the error thrown after the attempt is recorded) until the attempts run out.
 * A warehouse whose sender address is incomplete fails the label the same way, the courier not asked.
 */
export function createLabelJob(deps: {
  db: Db
  couriers: CourierProviders
  files: FileStore
  log: Pick<FastifyBaseLogger, 'warn'>
}) {
  return async function runLabelJob({ orderId }: LabelJob): Promise<void> {
    const claimed = await deps.db.transaction(async (tx) => {
      const repo = createLabelsRepository(tx)
      const label = await repo.claim(orderId, CLAIM_SECONDS)
      if (!label || label === 'busy') return undefined
      const source = await repo.labelSource(orderId)
      const adapter = deps.couriers.labelsFor(source?.courier ?? '')
      if (!source || !adapter) {
        await repo.update(orderId, { status: 'unsupported', claimedUntil: null })
        return undefined
      }
      return { label, source, adapter }
    })
    if (!claimed) return
    const { label, source, adapter } = claimed

    let outcome: Outcome
    try {
      const created = await adapter.createLabel(labelRequestOf(source, label))
      outcome = { kind: 'created', ...created, pdf: created.labelPdf }
    } catch (error) {
      if (error instanceof CourierLabelInDoubtError) outcome = { kind: 'inDoubt', message: error.message }
      else if (error instanceof CourierRefusedError) outcome = { kind: 'refused', message: error.message }
      else if (error instanceof CourierUnavailableError) outcome = { kind: 'unavailable', error }
      else {
        await createLabelsRepository(deps.db).update(orderId, { claimedUntil: null })
        throw error
      }
    }

    const retry = await deps.db.transaction(async (tx) => {
      const repo = createLabelsRepository(tx)
      const now = await repo.lockLabel(orderId)
      if (now?.status !== 'requested') return undefined
      const order = (await repo.labelSource(orderId))?.order ?? source.order
      const who = whoFor(adapter.label)
      const attempts = label.attempts + 1
      const log = (entry: ChangeLogEntry) => logToOrders(tx, [{ orderId, entry }], who)
      const failed = async (message: string, status: 'failed' | 'inDoubt' = 'failed') => {
        await repo.update(orderId, { status, lastError: message, attempts, claimedUntil: null })
        await repo.updateOrder(orderId, {
          errMsgs: [...withoutLabelError(order.errMsgs), `${LABEL_ERROR}${message}`],
        })
        await log({ event: 'labelFailed', params: { courier: adapter.label, message } })
      }
      switch (outcome.kind) {
        case 'created': {
          const key = await deps.files.storeGenerated(
            {
              businessclientId: order.businessclientId,
              destination: 'awb',
              ext: 'pdf',
              filename: `awb-${outcome.trackingId}.pdf`,
              mimeType: 'application/pdf',
              bytes: outcome.pdf,
            },
            tx,
          )
          const tracking = { trackingId: outcome.trackingId, trackingUrl: outcome.trackingUrl }
          await repo.update(orderId, {
            status: 'created',
            attempts,
            lastError: null,
            outcomeUnknown: false,
            claimedUntil: null,
            awbStorageKey: key,
            ...tracking,
          })
          await repo.updateOrder(orderId, {
            ...tracking,
            trackingAwbPdf: key,
            errMsgs: withoutLabelError(order.errMsgs),
          })
          await log({
            event: 'labelCreated',
            params: { trackingId: outcome.trackingId, courier: adapter.label },
          })
          return undefined
        }
        case 'inDoubt':
          await failed(outcome.message, 'inDoubt')
          return undefined
        case 'refused':
          await failed(outcome.message)
          return undefined
        case 'unavailable': {
          const { error } = outcome
          await repo.update(orderId, {
            attempts,
            lastError: error.message,
            outcomeUnknown: label.outcomeUnknown || error.outcomeUnknown,
            claimedUntil: null,
          })
          if (attempts >= MAX_LABEL_ATTEMPTS) {
            await failed(error.message)
            return undefined
          }
          deps.log.warn(
            { orderId, attempts, err: error.message },
            'courier label: courier unreachable, retried',
          )
          return error
        }
      }
    })
    // Thrown after the commit: the attempt is recorded, and the queue runs the job again after its back-off.
    if (retry) throw retry
  }
}
