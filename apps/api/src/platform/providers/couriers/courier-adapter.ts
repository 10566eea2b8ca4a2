import {
  type CountryCode,
  countryCodeByName,
  type Office,
  type PickupStatus,
  type TrackingState,
} from '@expedo/domain'

/** Where to look for offices: a country (ISO alpha-2, as the domain's country list), optionally one city. */
export interface OfficeQuery {
  country: CountryCode
  /** A city name as an order stores it (local or English spelling); matched without case or accents. */
  city?: string
}

/**
 * One courier's pick-up network (offices, lockers, parcel shops) behind one interface, so a feature never
 * speaks a courier's wire format. Implementations throw `CourierUnavailableError` when the courier cannot
 * answer; they never put credentials into an error.
 */
export interface CourierAdapter {
  /** The courier as named in messages, e.g. 'Econt'. */
  readonly label: string
  offices(query: OfficeQuery): Promise<Office[]>
}

/** The courier's API failed, timed out or is not configured: the caller answers 503 (or retries later). */
export class CourierUnavailableError extends Error {
  override name = 'CourierUnavailableError'
  readonly retryable: boolean = true
  /**
   * The request may have reached the courier and been carried out (a timeout or a dropped connection after
   * sending): a label call retried must look the label up first (CreateLabelRequest.earlierAttemptInDoubt).
   */
  outcomeUnknown = false
}

/** A postal address as a label needs it. */
export interface LabelAddress {
  country: CountryCode
  city: string
  postCode: string
  street: string
  houseNumber?: string | undefined
  /** Block, entrance, floor, flat: printed as given. */
  other?: string | undefined
}

/** A label's country: an order or warehouse stores the country's name ('Czech'), a courier takes its ISO code. */
export const labelCountry = (name: string): CountryCode => countryCodeByName(name) ?? (name as CountryCode)

/** A person or company on a label. At least a phone or an e-mail: couriers notify the receiver. */
export interface LabelContact {
  name: string
  company?: string | undefined
  phone?: string | undefined
  email?: string | undefined
}

/** An amount in a currency; the amount as a decimal string ('49.90'), never a binary float. */
export interface LabelMoney {
  amount: string
  currency: string
}

/**
 * What the order flow asks a courier to label. `reference` is our parcel's own key and the idempotency key:
 * one reference never yields a second label (see LabelAdapter.createLabel).
 */
export interface CreateLabelRequest {
  reference: string
  orderNumber: string
  /** The warehouse sending the parcel. */
  sender: LabelContact & { address: LabelAddress }
  /** Delivered to `address`, or to the pick-up point (office, locker, parcel shop) `pickupPointCode`. */
  receiver: LabelContact & { address?: LabelAddress | undefined; pickupPointCode?: string | undefined }
  /** Cash on delivery, when the receiver pays the courier. */
  cod?: LabelMoney | undefined
  declaredValue: LabelMoney
  weightGrams: number
  parcels: number
  description?: string | undefined
  /**
   * An earlier attempt for this reference ended in doubt (`CourierUnavailableError.outcomeUnknown`): the
   * courier may have created the label. The adapter then looks the label up before creating one.
   * The labels layer keeps it on the label row (any process) and clears it when a person checked the
   * courier's portal and found no label. Econt and GLS also remember a doubt in the process (it costs a
   * lookup); Packeta, which cannot look a label up, trusts this flag alone.
   */
  earlierAttemptInDoubt?: boolean | undefined
}

export interface CourierLabel {
  /** The courier's parcel number (AWB), as the courier's tracking knows it. */
  trackingId: string
  /** The courier's public tracking page of the parcel. */
  trackingUrl: string
  /** The printable label. */
  labelPdf: Buffer
}

/** A parcel's state in our words (the domain's list); `unknown` for a courier code we cannot place. */
export { type TrackingState, trackingStates } from '@expedo/domain'

export interface TrackingStatus {
  trackingId: string
  state: TrackingState
  /** The courier's own words for the state (shown beside ours). */
  courierText: string
  /** When the courier recorded it; null when the courier gives no time. */
  at: Date | null
  /** True once the courier reports the COD as paid out to us (where its tracking says so). */
  codPaid?: boolean
  /** The courier's per-parcel error (e.g. an unknown number); then state is `unknown`. */
  error?: string
}

/** One courier's labels and tracking behind one courier-neutral interface (issue 25). */
export interface LabelAdapter {
  readonly label: string
  /**
   * Creates the label, or answers the one the courier already holds for `request.reference` (after a lost
   * answer). Throws CourierRefusedError when the courier refuses the request, CourierUnavailableError when
   * it cannot be reached (retry later).
   */
  createLabel(request: CreateLabelRequest): Promise<CourierLabel>
  /** One status per id asked, in the same order. */
  trackingStatuses(trackingIds: readonly string[]): Promise<TrackingStatus[]>
  /**
   * Books the courier's van to collect labelled parcels (Econt `requestCourier` with `attachShipments`);
   * absent where the courier's API has none (the handover is then confirmed by hand). Throws as createLabel.
   */
  requestPickup?(request: PickupRequest): Promise<PickupBooking>
  /** The state of booked pickups, one per id asked, in the same order. */
  pickupStatuses?(requestIds: readonly string[]): Promise<PickupState[]>
}

/** A courier's van asked to collect a handover's parcels from the warehouse within a window. */
export interface PickupRequest {
  /** The warehouse: its contact and the address the van comes to. */
  sender: LabelContact & { address: LabelAddress }
  from: Date
  to: Date
  /** The parcels' AWB numbers (the courier's tracking ids). */
  trackingIds: readonly string[]
  /** Boxes and their total weight. */
  parcels: number
  weightGrams: number
}

export interface PickupBooking {
  /** The courier's request number, to ask its state later. */
  requestId: string
  /** The courier's warnings, if any (shown beside the booking). */
  courierText: string
}

/** A booked pickup's state in the domain's words (pickupStatusList without 'none'). */
export interface PickupState {
  requestId: string
  status: Exclude<PickupStatus, 'none'>
  /** The courier's own words (its status, a refusal's reason, or a per-request error). */
  courierText: string
}

/**
 * The courier refused the request (a bad address, an unknown pick-up point, a missing field): retrying
 * the same request fails again. `message` is the courier's own message (safe to show; no credentials).
 */
export class CourierRefusedError extends Error {
  override name = 'CourierRefusedError'
  readonly retryable = false
  /** The request fields the courier named, when it names them. */
  readonly fields: string[]
  constructor(message: string, fields: string[] = []) {
    super(message)
    this.fields = fields
  }
}

/**
 * An earlier attempt may have created the label and this courier's API offers no way to find it: the
 * adapter will not risk a second label. A person checks the courier's client section for the order number.
 */
export class CourierLabelInDoubtError extends CourierRefusedError {
  override name = 'CourierLabelInDoubtError'
}
