import type { Office } from '@expedo/domain'
import type { CourierAdapter, OfficeQuery } from '../courier-adapter.ts'
import { econtCountryCode } from './country-codes.ts'
import type { EcontAddress, EcontCity, EcontOffice } from './econt-api.ts'
import type { EcontClient } from './econt-client.ts'

/** A city name compared loosely: no case, no accents, single spaces ('Veliko  Tărnovo' = 'veliko tarnovo'). */
export const cityKey = (name: string | null | undefined) =>
  (name ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()

/** At most this many same-named cities are asked for offices (villages share names across regions). */
const MAX_CITY_MATCHES = 5

/**
 * Econt's offices (staffed offices and APS lockers alike: the business decides which to use) in the
 * contract's shape. ECONT and ECONT_GR share it: Greece is the same API with country GRC.
 * A city is found among `getCities` by its Bulgarian/Greek or English name, then `getOffices` by cityID.
 */
export function createEcontAdapter(client: EcontClient): CourierAdapter {
  return {
    label: 'Econt',
    async offices({ country, city }: OfficeQuery): Promise<Office[]> {
      const countryCode = econtCountryCode(country)
      if (!countryCode) return []
      if (city === undefined) {
        const { offices } = await client.getOffices({ countryCode })
        return (offices ?? []).map(toOffice)
      }
      const wanted = cityKey(city)
      if (!wanted) return []
      const { cities } = await client.getCities(countryCode)
      const ids = (cities ?? [])
        .filter((c) => typeof c.id === 'number' && matchesCity(c, wanted))
        .map((c) => c.id as number)
        .slice(0, MAX_CITY_MATCHES)
      const answers = await Promise.all(ids.map((cityID) => client.getOffices({ countryCode, cityID })))
      return answers.flatMap((a) => (a.offices ?? []).map(toOffice))
    },
  }
}

const matchesCity = (c: EcontCity, wanted: string) =>
  cityKey(c.name) === wanted || cityKey(c.nameEn) === wanted

/** Latin names first (the back office is read in five non-Bulgarian languages), the local ones otherwise. */
export function toOffice(o: EcontOffice): Office {
  const city = o.address?.city
  return {
    name: o.nameEn || o.name || o.code || '',
    code: o.code ?? '',
    city: city?.nameEn || city?.name || '',
    address: addressText(o.address),
  }
}

/** Greek partner offices keep their street in `other` with `street: null`: fall back to `fullAddress`. */
function addressText(a: EcontAddress | null | undefined): string {
  if (!a) return ''
  if (a.fullAddressEn) return a.fullAddressEn
  if (a.fullAddress) return a.fullAddress
  const street = [a.quarter, [a.street, a.num].filter(Boolean).join(' '), a.other].filter(Boolean)
  return street.join(', ')
}
