import type { CountryCode, Office } from '@expedo/domain'

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

/** The courier's API failed, timed out or is not configured: the caller answers 503. */
export class CourierUnavailableError extends Error {
  override name = 'CourierUnavailableError'
}
