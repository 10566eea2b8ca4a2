import {
  type CourierLabel,
  CourierRefusedError,
  CourierUnavailableError,
  type CreateLabelRequest,
  type LabelAdapter,
  type LabelAddress,
  type TrackingState,
  type TrackingStatus,
} from '../courier-adapter.ts'
import { createInDoubtMemory, kilograms } from '../courier-http.ts'
import { econtCountryCode } from './country-codes.ts'
import type { EcontShipmentStatus } from './econt-api.ts'
import { type EcontClient, EcontError } from './econt-client.ts'

/** Econt's public tracking page (§1.9). */
export const econtTrackingUrl = (shipmentNumber: string) =>
  `https://www.econt.com/services/track-shipment/${encodeURIComponent(shipmentNumber)}`

/** `shortDeliveryStatusEn` (§1.9) in our words; anything else is `unknown`. */
const STATES: Record<string, TrackingState> = {
  'Prepared in eEcont': 'labelCreated',
  'Accepted in Econt': 'inTransit',
  'In pick up courier': 'inTransit',
  'Accepted in office': 'inTransit',
  'In route': 'inTransit',
  'Arrival departure from hub': 'inTransit',
  'In courier': 'inTransit',
  "In delivery courier's office": 'inTransit',
  'Arrived in office': 'readyForPickup',
  Delivered: 'delivered',
  'Is returning to sender': 'returning',
  'Returned to sender': 'returned',
  'Cancelled after sending': 'cancelled',
  'Cancelled before sending': 'cancelled',
}

/** getShipmentStatuses asked for at most this many numbers at once. */
const STATUS_BATCH = 100

/**
 * Econt's labels (LabelService.createLabel, mode 'create') and tracking (getShipmentStatuses).
 *
 * Idempotency: Econt has no lookup by our reference, so the reference rides in `shipmentDescription`
 * (`… [reference]`, which ShipmentStatus answers). After an attempt in doubt, the adapter lists the
 * account's waybills of the last two days (getMyAWB), reads their statuses and answers the one carrying
 * the reference; only when none does is a label created.
 */
export function createEcontLabels(client: EcontClient, now: () => Date = () => new Date()): LabelAdapter {
  const inDoubt = createInDoubtMemory()

  async function findByReference(reference: string): Promise<EcontShipmentStatus | undefined> {
    const today = now()
    const day = (d: Date) => d.toISOString().slice(0, 10)
    const query = { dateFrom: day(new Date(today.getTime() - 86_400_000)), dateTo: day(today) }
    const numbers: string[] = []
    for (let page = 1, pages = 1; page <= pages && page <= 50; page++) {
      const answer = await client.getMyAWB({ ...query, page })
      pages = answer.totalPages ?? 1
      for (const row of answer.results ?? []) if (row.shipmentNumber) numbers.push(String(row.shipmentNumber))
    }
    const tag = `[${reference}]`
    for (let i = 0; i < numbers.length; i += STATUS_BATCH) {
      const { shipmentStatuses } = await client.getShipmentStatuses(numbers.slice(i, i + STATUS_BATCH))
      const found = (shipmentStatuses ?? []).find((s) => s.status?.shipmentDescription?.endsWith(tag))
      if (found?.status) return found.status
    }
    return undefined
  }

  async function labelOf(status: EcontShipmentStatus): Promise<CourierLabel> {
    if (!status.shipmentNumber || !status.pdfURL) {
      throw new EcontError('Econt answered createLabel without a shipment number or a label')
    }
    const trackingId = String(status.shipmentNumber)
    return {
      trackingId,
      trackingUrl: econtTrackingUrl(trackingId),
      labelPdf: await client.labelPdf(status.pdfURL),
    }
  }

  return {
    label: 'Econt',
    async createLabel(request) {
      const label = econtLabel(request)
      let created = false
      try {
        if (request.earlierAttemptInDoubt || inDoubt.has(request.reference)) {
          const existing = await findByReference(request.reference)
          if (existing) {
            const found = await labelOf(existing)
            inDoubt.delete(request.reference)
            return found
          }
        }
        const answer = await client.createLabel(label, 'create')
        // The waybill exists from here on: a failure to fetch its PDF is retried by finding it.
        created = true
        const result = await labelOf(answer.label ?? {})
        inDoubt.delete(request.reference)
        return result
      } catch (error) {
        if (created && error instanceof CourierUnavailableError) error.outcomeUnknown = true
        if (created || (error instanceof CourierUnavailableError && error.outcomeUnknown)) {
          inDoubt.add(request.reference)
        }
        throw error
      }
    },
    async trackingStatuses(trackingIds) {
      const result: TrackingStatus[] = []
      for (let i = 0; i < trackingIds.length; i += STATUS_BATCH) {
        const ids = trackingIds.slice(i, i + STATUS_BATCH)
        const { shipmentStatuses } = await client.getShipmentStatuses(ids)
        result.push(...ids.map((id, k) => trackingStatus(id, shipmentStatuses?.[k])))
      }
      return result
    },
  }
}

type StatusEntry = NonNullable<
  Awaited<ReturnType<EcontClient['getShipmentStatuses']>>['shipmentStatuses']
>[number]

export function trackingStatus(trackingId: string, entry: StatusEntry | undefined): TrackingStatus {
  const status = entry?.status
  if (!status || entry?.error?.message) {
    const error = entry?.error?.message ?? 'Econt answered no status'
    return { trackingId, state: 'unknown', courierText: '', at: null, error }
  }
  const text = status.shortDeliveryStatusEn ?? ''
  const times = (status.trackingEvents ?? []).map((e) => e.time ?? 0).filter((t) => t > 0)
  const last = times.length ? Math.max(...times) : (status.deliveryTime ?? status.createdTime ?? null)
  return {
    trackingId,
    state: STATES[text] ?? 'unknown',
    courierText: status.shortDeliveryStatus ? `${text} (${status.shortDeliveryStatus})` : text,
    at: last ? new Date(last) : null,
    codPaid: (status.cdPaidAmount ?? 0) > 0 || Boolean(status.cdPaidTime),
  }
}

/** Our request as Econt's ShippingLabel (§1.7): office delivery by office code, else to the door. */
export function econtLabel(request: CreateLabelRequest): Record<string, unknown> {
  const { sender, receiver, cod, declaredValue } = request
  const client = (c: {
    name: string
    company?: string | undefined
    phone?: string | undefined
    email?: string | undefined
  }) => ({
    name: c.company || c.name,
    phones: c.phone ? [c.phone] : [],
    ...(c.email ? { email: c.email } : {}),
  })
  const receiverPlace = receiver.pickupPointCode
    ? { receiverOfficeCode: receiver.pickupPointCode }
    : receiver.address
      ? { receiverAddress: econtAddress(receiver.address) }
      : undefined
  if (!receiverPlace) throw new CourierRefusedError('The receiver needs an address or an office code')
  return {
    orderNumber: request.orderNumber,
    senderClient: client(sender),
    // The sender is the e-shop whose goods ship; the warehouse's contact is the person Econt's courier asks for.
    ...(sender.company
      ? { senderAgent: { name: sender.name, phones: sender.phone ? [sender.phone] : [] } }
      : {}),
    senderAddress: econtAddress(sender.address),
    receiverClient: client(receiver),
    ...(receiver.company
      ? { receiverAgent: { name: receiver.name, phones: receiver.phone ? [receiver.phone] : [] } }
      : {}),
    ...receiverPlace,
    packCount: request.parcels,
    shipmentType: 'pack',
    weight: kilograms(request.weightGrams),
    shipmentDescription: `${request.description ?? `Order ${request.orderNumber}`} [${request.reference}]`,
    services: {
      ...(cod ? { cdAmount: Number(cod.amount), cdType: 'get', cdCurrency: cod.currency } : {}),
      declaredValueAmount: Number(declaredValue.amount),
      declaredValueCurrency: declaredValue.currency,
    },
  }
}

/** A LabelAddress as Econt's Address (city by country, name and post code; street and number). */
export function econtAddress(a: LabelAddress) {
  const code3 = econtCountryCode(a.country)
  if (!code3) throw new CourierRefusedError(`Econt does not deliver to or from ${a.country}`, ['country'])
  return {
    city: { country: { code3 }, name: a.city, postCode: a.postCode },
    street: a.street,
    num: a.houseNumber ?? '',
    ...(a.other ? { other: a.other } : {}),
  }
}
