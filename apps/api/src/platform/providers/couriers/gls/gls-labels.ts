import {
  CourierRefusedError,
  CourierUnavailableError,
  type CreateLabelRequest,
  type LabelAdapter,
  type TrackingState,
  type TrackingStatus,
} from '../courier-adapter.ts'
import { createInDoubtMemory } from '../courier-http.ts'
import { type GlsClient, parseWcfDate } from './gls-client.ts'

/** GLS's public tracking page [UNCONF: not in couriers.md]. */
export const glsTrackingUrl = (parcelNumber: string) =>
  `https://gls-group.com/EU/en/parcel-tracking?match=${encodeURIComponent(parcelNumber)}`

/**
 * GLS's status codes in our words [UNCONF: couriers.md lists no codes; these follow MyGLS's code table
 * as commonly published]. Any other code is `unknown`, with GLS's own description beside it.
 */
const STATES: Record<string, TrackingState> = {
  '51': 'labelCreated',
  '1': 'inTransit',
  '2': 'inTransit',
  '3': 'inTransit',
  '4': 'inTransit',
  '6': 'inTransit',
  '7': 'inTransit',
  '9': 'inTransit',
  '11': 'inTransit',
  '12': 'inTransit',
  '32': 'inTransit',
  '8': 'readyForPickup',
  '54': 'readyForPickup',
  '55': 'readyForPickup',
  '56': 'readyForPickup',
  '5': 'delivered',
  '58': 'delivered',
  '23': 'returned',
  '40': 'returned',
}

/**
 * GLS's parcels (PrintLabels: created and printed in one call) and tracking (GetParcelStatuses).
 *
 * Idempotency: our reference is the parcel's `ClientReference`. After an attempt in doubt the adapter
 * lists the parcels printed in the last two days (GetParcelList) and, when one carries the reference,
 * answers it with its label (GetPrintedLabels) instead of creating another.
 */
export function createGlsLabels(
  client: GlsClient,
  clientNumber: number,
  now: () => number = Date.now,
): LabelAdapter {
  const inDoubt = createInDoubtMemory()

  async function found(reference: string) {
    const parcels = await client.getParcelList(now() - 2 * 86_400_000, now() + 3_600_000)
    return parcels.find((p) => p.Parcel?.ClientReference === reference && p.ParcelId && p.ParcelNumber)
  }

  async function label(parcelId: number, parcelNumber: number, pdf?: Buffer) {
    const trackingId = String(parcelNumber)
    return {
      trackingId,
      trackingUrl: glsTrackingUrl(trackingId),
      labelPdf: pdf ?? (await client.getPrintedLabels([parcelId])),
    }
  }

  return {
    label: 'GLS',
    async createLabel(request) {
      const parcel = glsParcel(request, clientNumber)
      let created = false
      try {
        if (request.earlierAttemptInDoubt || inDoubt.has(request.reference)) {
          const existing = await found(request.reference)
          if (existing) {
            const result = await label(existing.ParcelId as number, existing.ParcelNumber as number)
            inDoubt.delete(request.reference)
            return result
          }
        }
        const { info, pdf } = await client.printLabels(parcel)
        created = true
        const result = await label(info.ParcelId as number, info.ParcelNumber as number, pdf)
        inDoubt.delete(request.reference)
        return result
      } catch (error) {
        if (created && error instanceof CourierUnavailableError) error.outcomeUnknown = true
        if (error instanceof CourierUnavailableError && error.outcomeUnknown) inDoubt.add(request.reference)
        throw error
      }
    },
    async trackingStatuses(trackingIds) {
      const result: TrackingStatus[] = []
      for (const trackingId of trackingIds) {
        if (!/^\d+$/.test(trackingId)) {
          result.push({
            trackingId,
            state: 'unknown',
            courierText: '',
            at: null,
            error: 'Not a GLS parcel number',
          })
          continue
        }
        const { statuses, errors } = await client.getParcelStatuses(Number(trackingId))
        result.push(trackingStatus(trackingId, statuses, errors[0]?.ErrorDescription))
      }
      return result
    },
  }
}

/** The latest of GLS's statuses (by StatusDate) in our words. */
export function trackingStatus(
  trackingId: string,
  statuses: { StatusCode?: string; StatusDate?: string; StatusDescription?: string }[],
  error?: string,
): TrackingStatus {
  const dated = statuses.map((s) => ({ s, at: parseWcfDate(s.StatusDate) }))
  const latest = dated.reduce<(typeof dated)[number] | undefined>(
    (a, b) => (!a || (b.at?.getTime() ?? 0) >= (a.at?.getTime() ?? 0) ? b : a),
    undefined,
  )
  if (!latest) {
    return {
      trackingId,
      state: 'unknown',
      courierText: '',
      at: null,
      error: error ?? 'GLS answered no status',
    }
  }
  const code = String(Number(latest.s.StatusCode ?? ''))
  return {
    trackingId,
    state: STATES[code] ?? 'unknown',
    courierText: latest.s.StatusDescription ?? '',
    at: latest.at,
  }
}

/** Our request as MyGLS's Parcel (§3): a parcel shop by the PSD service, else the receiver's address. */
export function glsParcel(request: CreateLabelRequest, clientNumber: number): Record<string, unknown> {
  const { sender, receiver, cod } = request
  const address = (
    party: typeof sender | typeof receiver,
    a:
      | {
          street: string
          houseNumber?: string | undefined
          other?: string | undefined
          city: string
          postCode: string
          country: string
        }
      | undefined,
  ) => ({
    Name: party.company || party.name,
    Street: a?.street ?? '',
    HouseNumber: a?.houseNumber ?? '',
    HouseNumberInfo: a?.other ?? '',
    City: a?.city ?? '',
    ZipCode: (a?.postCode ?? '').replace(/\s+/g, ''),
    CountryIsoCode: a?.country ?? sender.address.country,
    ContactName: party.name,
    ContactPhone: party.phone ?? '',
    ContactEmail: party.email ?? '',
  })
  if (!receiver.pickupPointCode && !receiver.address) {
    throw new CourierRefusedError('The receiver needs an address or a parcel shop')
  }
  return {
    ClientNumber: clientNumber,
    ClientReference: request.reference,
    Count: request.parcels,
    Content: request.description ?? `Order ${request.orderNumber}`,
    PickupAddress: address(sender, sender.address),
    DeliveryAddress: address(receiver, receiver.address),
    ...(cod
      ? { CODAmount: Number(cod.amount), CODCurrency: cod.currency, CODReference: request.orderNumber }
      : {}),
    ServiceList: receiver.pickupPointCode
      ? [{ Code: 'PSD', PSDParameter: { StringValue: receiver.pickupPointCode } }]
      : [],
  }
}
