import type { CountryCode } from '@expedo/domain'
import {
  CourierLabelInDoubtError,
  CourierRefusedError,
  CourierUnavailableError,
  type CreateLabelRequest,
  type LabelAdapter,
  type TrackingState,
  type TrackingStatus,
} from '../courier-adapter.ts'
import { kilograms } from '../courier-http.ts'
import { type PacketaClient, PacketaRefusedError, type PacketaStatusRecord } from './packeta-client.ts'

/** Packeta's public tracking page of a packet [UNCONF: the page's address is not in couriers.md]. */
export const packetaTrackingUrl = (packetId: string) =>
  `https://tracking.packeta.com/en/?id=${encodeURIComponent(packetId)}`

/**
 * Packeta's own home-delivery carrier per destination, the `addressId` of a parcel sent to a door
 * (`carrier.json` lists them; 131 is Slovakia's in couriers.md §8, 106 the Czech one). A country missing
 * here is refused for home delivery (a pick-up point works everywhere Packeta has one).
 */
export const packetaHomeDeliveryCarriers: Partial<Record<CountryCode, string>> = { CZ: '106', SK: '131' }

/** Packeta's status codes (status-codes.mdx) in our words. */
const STATES: Record<string, TrackingState> = {
  '1': 'labelCreated',
  '2': 'inTransit',
  '3': 'inTransit',
  '4': 'inTransit',
  '5': 'readyForPickup',
  '6': 'inTransit',
  '7': 'delivered',
  '9': 'returning',
  '10': 'returned',
  '11': 'cancelled',
  '14': 'inTransit',
  '15': 'returning',
  '16': 'inTransit',
  '17': 'returning',
}

/** The label format asked for: one A6 label on an A6 page (the thermal printers' size). */
const LABEL_FORMAT = 'A6 on A6'

/**
 * Packeta's packets (createPacket), labels (packetLabelPdf) and tracking (packetStatus).
 *
 * Idempotency: Packeta's API has no lookup by our reference or order number and does not refuse a
 * repeated order number, so a lost createPacket answer cannot be found again by the API. The adapter
 * never risks a second packet: a retry of a reference whose earlier attempt ended in doubt (a timeout, a
 * connection lost after sending) throws CourierLabelInDoubtError instead of creating, and a person looks
 * the order number up in client.packeta.com (an unused packet is never charged). A failure Packeta
 * answered (a fault, an HTTP error) created nothing, so its retry creates normally.
 */
export function createPacketaLabels(
  client: PacketaClient,
  homeDeliveryCarriers: Partial<Record<CountryCode, string>> = packetaHomeDeliveryCarriers,
): LabelAdapter {
  /** Packets created whose label could not be fetched yet: their retry prints, never creates. */
  const unprinted = new Map<string, string>()
  async function printed(reference: string, packetId: string) {
    unprinted.set(reference, packetId)
    let labelPdf: Buffer
    try {
      labelPdf = await client.packetLabelPdf(packetId, LABEL_FORMAT)
    } catch (error) {
      // Another process's retry cannot know the packet: it must stop rather than create a second one.
      if (error instanceof CourierUnavailableError) error.outcomeUnknown = true
      throw error
    }
    unprinted.delete(reference)
    return { trackingId: packetId, trackingUrl: packetaTrackingUrl(packetId), labelPdf }
  }
  return {
    label: 'Packeta',
    async createLabel(request) {
      const known = unprinted.get(request.reference)
      if (known) return printed(request.reference, known)
      // Only the caller's word (the label row's flag): a memory of our own would refuse the retry a person
      // allowed after checking the portal, until a restart.
      if (request.earlierAttemptInDoubt) {
        throw new CourierLabelInDoubtError(
          `Packeta may already hold a packet for order ${request.orderNumber} (an earlier answer was lost) ` +
            'and its API cannot look it up: check client.packeta.com before creating another',
        )
      }
      const attributes = packetAttributes(request, homeDeliveryCarriers)
      const packet = await client.createPacket(attributes)
      // The packet exists from here on: a failure to print is retried by printing, never by creating.
      return printed(request.reference, packet.id)
    },
    async trackingStatuses(trackingIds) {
      const result: TrackingStatus[] = []
      for (const trackingId of trackingIds) {
        try {
          result.push(trackingStatus(trackingId, await client.packetStatus(trackingId)))
        } catch (error) {
          if (!(error instanceof PacketaRefusedError)) throw error
          result.push({ trackingId, state: 'unknown', courierText: '', at: null, error: error.message })
        }
      }
      return result
    },
  }
}

export function trackingStatus(trackingId: string, record: PacketaStatusRecord): TrackingStatus {
  let state = STATES[record.statusCode ?? ''] ?? 'unknown'
  if (record.isReturning === 'true' && (state === 'inTransit' || state === 'readyForPickup'))
    state = 'returning'
  return {
    trackingId,
    state,
    courierText: record.statusText || record.codeText || '',
    at: record.dateTime ? pragueTime(record.dateTime) : null,
  }
}

/** Our request as Packeta's PacketAttributes (§2): a pick-up point by its id, else home delivery. */
export function packetAttributes(
  request: CreateLabelRequest,
  homeDeliveryCarriers: Partial<Record<CountryCode, string>>,
): Record<string, unknown> {
  const { receiver, cod } = request
  const [name, surname] = splitName(receiver.name)
  let place: Record<string, string>
  if (receiver.pickupPointCode) {
    place = { addressId: receiver.pickupPointCode }
  } else if (receiver.address) {
    const a = receiver.address
    const carrier = homeDeliveryCarriers[a.country]
    if (!carrier)
      throw new CourierRefusedError(`Packeta home delivery to ${a.country} is not set up`, ['country'])
    place = {
      addressId: carrier,
      street: a.street,
      houseNumber: a.houseNumber ?? '',
      city: a.city,
      zip: a.postCode,
    }
  } else {
    throw new CourierRefusedError('The receiver needs an address or a pick-up point')
  }
  return {
    number: request.orderNumber,
    name,
    surname,
    ...(receiver.company ? { company: receiver.company } : {}),
    ...(receiver.email ? { email: receiver.email } : {}),
    ...(receiver.phone ? { phone: receiver.phone } : {}),
    ...place,
    ...(cod ? { currency: cod.currency, cod: cod.amount } : { currency: request.declaredValue.currency }),
    value: request.declaredValue.amount,
    weight: kilograms(request.weightGrams),
    eshop: request.sender.company || request.sender.name,
    note: request.reference,
  }
}

/** 'Jana Nováková' → ['Jana', 'Nováková']; one word is the surname too (Packeta requires both). */
function splitName(full: string): [string, string] {
  const words = full.trim().split(/\s+/)
  if (words.length < 2) return [words[0] ?? '', words[0] ?? '']
  return [words.slice(0, -1).join(' '), words.at(-1) as string]
}

/** Packeta's `Y-m-d\TH:i:s` is Prague's local time (no offset given). */
export function pragueTime(local: string): Date | null {
  const asUtc = new Date(`${local}Z`)
  if (Number.isNaN(asUtc.getTime())) return null
  const inPrague = new Date(asUtc.toLocaleString('en-US', { timeZone: 'Europe/Prague' }))
  const asUtcLocal = new Date(asUtc.toLocaleString('en-US', { timeZone: 'UTC' }))
  return new Date(asUtc.getTime() - (inPrague.getTime() - asUtcLocal.getTime()))
}
