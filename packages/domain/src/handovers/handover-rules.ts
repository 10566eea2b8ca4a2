/**
 * Courier handover (issue 25 "Courier labels and tracking": "the order goes to Shipping when the courier's
 * manifest or pickup is confirmed"). A handover is one warehouse's Packed, labelled parcels of one courier,
 * listed on a manifest the driver signs; it is confirmed by hand (the driver took them) or by the courier's
 * pickup API (Econt's courier request reported `taken`), and its orders then go Packed → Shipping.
 * Plain TypeScript, no zod.
 */

/** open: being loaded (parcels can be scanned, removed, a pickup booked); handedOver: the courier has them. */
export const handoverStatusList = ['open', 'handedOver', 'cancelled'] as const
export type HandoverStatus = (typeof handoverStatusList)[number]

/**
 * The courier's van booked for the handover: none asked (or the courier has no pickup API); requested
 * (the courier has the request, not yet processed); accepted (planned); taken (the courier collected the
 * parcels: the handover is confirmed by it); rejected (the courier refused it: its reason is kept).
 */
export const pickupStatusList = ['none', 'requested', 'accepted', 'taken', 'rejected'] as const
export type PickupStatus = (typeof pickupStatusList)[number]

/** The most parcels on one manifest (a van's load many times over). */
export const HANDOVER_PARCEL_CAP = 2000

/** A handover's printed number (a sequence, not a tax series): H-000012, also its manifest's barcode. */
export const handoverCode = (n: number) => `H-${String(n).padStart(6, '0')}`

/** The shortest pickup window a courier is asked for, and how far ahead one may be booked. */
export const PICKUP_WINDOW_MIN_MINUTES = 60
export const PICKUP_DAYS_AHEAD = 7

export type PickupWindowProblem = 'past' | 'order' | 'short' | 'otherDay' | 'tooFar'

/**
 * Why a pickup window cannot be booked, or null: `from` already past (a minute's grace), `to` not after
 * `from`, shorter than an hour, spanning two days (UTC dates, as couriers take a day and two times), or more
 * than a week ahead.
 */
export function pickupWindowProblem(from: Date, to: Date, now: Date): PickupWindowProblem | null {
  if (from.getTime() < now.getTime() - 60_000) return 'past'
  if (to.getTime() <= from.getTime()) return 'order'
  if (to.getTime() - from.getTime() < PICKUP_WINDOW_MIN_MINUTES * 60_000) return 'short'
  if (from.toISOString().slice(0, 10) !== to.toISOString().slice(0, 10)) return 'otherDay'
  if (from.getTime() - now.getTime() > PICKUP_DAYS_AHEAD * 86_400_000) return 'tooFar'
  return null
}

/** The message of each window problem (the API's 400 on `from`/`to`; the screen has its own translations). */
export const pickupWindowMessages: Record<PickupWindowProblem, string> = {
  past: 'must not be in the past',
  order: 'must be after the start',
  short: `must be at least ${PICKUP_WINDOW_MIN_MINUTES} minutes after the start`,
  otherDay: 'must be on the same day as the start',
  tooFar: `must be within ${PICKUP_DAYS_AHEAD} days`,
}
