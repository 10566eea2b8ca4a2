/**
 * Courier labels and tracking (issue 25 "Courier labels and tracking"): the states the order detail, the
 * packing station and the tracking job share. Plain TypeScript.
 */

/**
 * An order's courier label: none asked yet; unsupported (its courier has no label API here: the tracking
 * number is typed as before); requested (queued or being created); created (tracking number and AWB PDF
 * stored); failed (the courier refused it, or was unreachable past the retries: the message says which, a
 * retry is offered); inDoubt (the courier may hold a label whose answer was lost, and its API cannot look it
 * up: a person checks the courier's portal before a retry).
 */
export const labelStatuses = ['none', 'unsupported', 'requested', 'created', 'failed', 'inDoubt'] as const
export type LabelStatus = (typeof labelStatuses)[number]

/** A parcel's state in our words, whatever the courier's codes; `unknown` for a code we cannot place. */
export const trackingStates = [
  'labelCreated',
  'inTransit',
  'readyForPickup',
  'delivered',
  'returning',
  'returned',
  'cancelled',
  'unknown',
] as const
export type TrackingState = (typeof trackingStates)[number]
