import type { LabelAdapter, PickupRequest, PickupState } from '../courier-adapter.ts'
import { kilograms } from '../courier-http.ts'
import { type EcontClient, EcontError } from './econt-client.ts'
import { econtAddress } from './econt-labels.ts'

/** getRequestCourierStatus's `status` (§1.11) in our words. */
const STATES: Record<string, PickupState['status']> = {
  unprocess: 'requested',
  process: 'accepted',
  taken: 'taken',
  reject: 'rejected',
  reject_client: 'rejected',
}

/** getRequestCourierStatus asked for at most this many requests at once. */
const STATUS_BATCH = 50

/**
 * Econt's courier pickup (docs/integrations/couriers.md §1.11): `ShipmentService.requestCourier` books a van
 * for prepared shipments (`attachShipments`: the handover's AWBs) at the sender's address within a window
 * (`requestTimeFrom/To` as unix timestamps in milliseconds, as the API's other times), and
 * `getRequestCourierStatus` follows it: unprocess → requested, process → accepted, taken, reject and
 * reject_client → rejected (with Econt's reason).
 */
export function createEcontPickup(
  client: EcontClient,
): Pick<LabelAdapter, 'requestPickup' | 'pickupStatuses'> {
  return {
    async requestPickup(request: PickupRequest) {
      const answer = await client.requestCourier(econtCourierRequest(request))
      if (
        answer.courierRequestID === null ||
        answer.courierRequestID === undefined ||
        answer.courierRequestID === ''
      )
        throw new EcontError('Econt answered requestCourier without a request number')
      return { requestId: String(answer.courierRequestID), courierText: warningsText(answer.warnings) }
    },
    async pickupStatuses(requestIds) {
      const result: PickupState[] = []
      for (let i = 0; i < requestIds.length; i += STATUS_BATCH) {
        const ids = requestIds.slice(i, i + STATUS_BATCH)
        const { requestCourierStatus } = await client.getRequestCourierStatus(ids)
        result.push(...ids.map((id, k) => pickupState(id, requestCourierStatus?.[k])))
      }
      return result
    },
  }
}

/** Our pickup request as Econt's requestCourier body. */
export function econtCourierRequest(request: PickupRequest): Record<string, unknown> {
  const { sender } = request
  const phones = sender.phone ? [sender.phone] : []
  return {
    requestTimeFrom: request.from.getTime(),
    requestTimeTo: request.to.getTime(),
    shipmentType: 'pack',
    shipmentPackCount: request.parcels,
    shipmentWeight: kilograms(request.weightGrams),
    senderClient: {
      name: sender.company || sender.name,
      phones,
      ...(sender.email ? { email: sender.email } : {}),
    },
    ...(sender.company && sender.name !== sender.company
      ? { senderAgent: { name: sender.name, phones } }
      : {}),
    senderAddress: econtAddress(sender.address),
    attachShipments: [...request.trackingIds],
  }
}

type StatusEntry = NonNullable<
  Awaited<ReturnType<EcontClient['getRequestCourierStatus']>>['requestCourierStatus']
>[number]

/**
 * One request's state: Econt's status in our words, its note or rejection reason as its text. A per-item
 * error (an unknown id) leaves the request as asked (`requested`) with Econt's message.
 */
export function pickupState(requestId: string, entry: StatusEntry | undefined): PickupState {
  const status = entry?.status
  if (!status?.status || entry?.error?.message) {
    return {
      requestId,
      status: 'requested',
      courierText: entry?.error?.message ?? 'Econt answered no status',
    }
  }
  const state = STATES[status.status] ?? 'requested'
  const words = [status.status, status.reject_reason || status.note].filter(Boolean)
  return { requestId, status: state, courierText: words.join(': ') }
}

function warningsText(warnings: unknown): string {
  if (!warnings) return ''
  if (typeof warnings === 'string') return warnings
  if (Array.isArray(warnings))
    return warnings.map((w) => (typeof w === 'string' ? w : JSON.stringify(w))).join('; ')
  return ''
}
