import { checkVatNumber, euIsoOf, isEuMemberState } from './vat-number.ts'

/**
 * VAT by place of supply (FINANCE.md "Place of supply, numbering and document content"): which country's VAT a
 * document charges, or none, and why. The rules are DATA, one row per document type and case, each citing its
 * source, so an accountant corrects a row, not the code; `vatTreatmentOf` only classifies a document into a
 * case and reads the table. Where no row fits, the document is refused with a reason rather than guessed.
 * Countries are the app's stored names ('Czech', 'Slovakia').
 */

/** What a document's VAT is. `country`: whose rate the lines take. */
export type VatTreatment =
  | { kind: 'domestic'; country: string; rule: string }
  | { kind: 'oss'; country: string; rule: string }
  | { kind: 'reverse-charge'; rule: string }
  | { kind: 'intra-community-exempt'; rule: string }
  | { kind: 'not-vat-payer'; rule: string }
  | {
      kind: 'refuse'
      reason: string
      rule: string
      /** The case refused, and the country its message names: for a screen to say it in its language. */
      case: SupplyCase
      country: string
      /** The country whose VAT registration is missing. */
      registration?: string
    }

/** The kinds a document stores (refusal is never stored). */
export const vatTreatmentKinds = [
  'domestic',
  'oss',
  'reverse-charge',
  'intra-community-exempt',
  'not-vat-payer',
] as const
export type VatTreatmentKind = (typeof vatTreatmentKinds)[number]

/** Bills are the provider's services to a business client; invoices are a business client's goods sales. */
export type SupplyDocumentType = 'bill' | 'invoice'

/** The cases a document is classified into; a row of the table answers each. */
export type SupplyCase =
  // either document type
  | 'supplier-not-vat-payer'
  // services (bills)
  | 'services-immovable-property'
  | 'services-immovable-property-abroad'
  | 'services-domestic'
  | 'services-b2b-other-member-state'
  | 'services-no-vat-number'
  | 'services-outside-eu'
  // goods (invoices)
  | 'goods-no-registration-in-dispatch-country'
  | 'goods-domestic'
  | 'goods-b2b-intra-community'
  | 'goods-distance-sale-oss'
  | 'goods-distance-sale-below-threshold'
  | 'goods-outside-eu'

/** Which country's rate a row takes: the supplier's, where the goods leave from, where they arrive, or none. */
export type RateOf = 'supplier' | 'property' | 'dispatch' | 'destination' | 'none'

export interface PlaceOfSupplyRule {
  documentType: SupplyDocumentType
  case: SupplyCase
  treatment: VatTreatmentKind | 'refuse'
  rateOf: RateOf
  /** The law the row summarises. */
  source: string
  /** The refusal's message (refuse rows); `{country}` names the country. */
  message?: string
  /**
   * Issuer countries the row applies to (ISO codes); absent: every member state. A country-specific row
   * listed before the general one overrides it.
   */
  countries?: readonly string[]
}

const DIRECTIVE = 'Directive 2006/112/EC'

/** The table. First matching row wins (a country-specific row before the general one of its case). */
export const placeOfSupplyRules: readonly PlaceOfSupplyRule[] = [
  // Bills: fulfilment, storage, transport and handling services to a business client.
  {
    documentType: 'bill',
    case: 'supplier-not-vat-payer',
    treatment: 'not-vat-payer',
    rateOf: 'none',
    source: `${DIRECTIVE} art. 282–292 (small enterprises): no VAT charged`,
  },
  {
    documentType: 'bill',
    case: 'services-immovable-property',
    treatment: 'domestic',
    rateOf: 'property',
    source: `${DIRECTIVE} art. 47; Implementing Regulation 282/2011 art. 31a(2)(h): taxed where the building is`,
  },
  {
    documentType: 'bill',
    case: 'services-immovable-property-abroad',
    treatment: 'refuse',
    rateOf: 'none',
    source: `${DIRECTIVE} art. 47; Implementing Regulation 282/2011 art. 31a(2)(h)`,
    message:
      'Storage in a building in {country} is taxed in {country}: the issuer needs a VAT registration there',
  },
  {
    documentType: 'bill',
    case: 'services-domestic',
    treatment: 'domestic',
    rateOf: 'supplier',
    source: `${DIRECTIVE} art. 44: the customer is established in the supplier's country`,
  },
  {
    documentType: 'bill',
    case: 'services-b2b-other-member-state',
    treatment: 'reverse-charge',
    rateOf: 'none',
    source: `${DIRECTIVE} art. 44 and 196; wording art. 226(11a)`,
  },
  {
    documentType: 'bill',
    case: 'services-no-vat-number',
    treatment: 'domestic',
    rateOf: 'supplier',
    source: `${DIRECTIVE} art. 45: a customer without a VAT number is taxed where the supplier is`,
  },
  {
    documentType: 'bill',
    case: 'services-outside-eu',
    treatment: 'refuse',
    rateOf: 'none',
    source: `${DIRECTIVE} art. 44 (customer outside the EU): not covered by this table`,
    message:
      'The business client is established outside the EU ({country}): the VAT of this bill is not in the rules',
  },
  // Invoices: a business client's goods, sold to the order's customer, dispatched from a warehouse.
  {
    documentType: 'invoice',
    case: 'supplier-not-vat-payer',
    treatment: 'not-vat-payer',
    rateOf: 'none',
    source: `${DIRECTIVE} art. 282–292 (small enterprises): no VAT charged`,
  },
  {
    documentType: 'invoice',
    case: 'goods-no-registration-in-dispatch-country',
    treatment: 'refuse',
    rateOf: 'none',
    source: `${DIRECTIVE} art. 31, 32 and 138: the supply takes place where the dispatch begins`,
    message:
      'The goods leave from a warehouse in {country}: the business client needs a VAT registration in {country} (add its company id and VAT number for {country} to the profile)',
  },
  {
    documentType: 'invoice',
    case: 'goods-domestic',
    treatment: 'domestic',
    rateOf: 'dispatch',
    source: `${DIRECTIVE} art. 31 and 32: a supply within one member state`,
  },
  {
    documentType: 'invoice',
    case: 'goods-b2b-intra-community',
    treatment: 'intra-community-exempt',
    rateOf: 'none',
    source: `${DIRECTIVE} art. 138 (exempt intra-Community supply); wording art. 226(11)`,
  },
  {
    documentType: 'invoice',
    case: 'goods-distance-sale-oss',
    treatment: 'oss',
    rateOf: 'destination',
    source: `${DIRECTIVE} art. 33(a) and 369a–369k (One-Stop-Shop)`,
  },
  {
    documentType: 'invoice',
    case: 'goods-distance-sale-below-threshold',
    treatment: 'domestic',
    rateOf: 'dispatch',
    source: `${DIRECTIVE} art. 59c: below the EU-wide 10,000 EUR threshold, the origin country's VAT`,
  },
  {
    documentType: 'invoice',
    case: 'goods-outside-eu',
    treatment: 'refuse',
    rateOf: 'none',
    source: `${DIRECTIVE} art. 146 (export): not covered by this table`,
    message: 'The goods go outside the EU ({country}): the VAT of an export is not in the rules',
  },
]

export interface ServicesSupply {
  documentType: 'bill'
  /** The supplier's (issuer's) country. */
  supplierCountry: string
  supplierVatPayer: boolean
  /** Where the business customer is established (its address). */
  customerCountry: string
  /** The customer's VAT number ('' when none). */
  customerVatNumber: string
  /** A service connected with immovable property (storage in a part of a building for the customer's exclusive use). */
  immovableProperty?: boolean
  /** The building's country for such a service (default: the supplier's). */
  propertyCountry?: string
}

export interface GoodsSupply {
  documentType: 'invoice'
  /** Where the business client (the supplier) is established. */
  supplierCountry: string
  supplierVatPayer: boolean
  /** The countries where the supplier holds a VAT registration (its company-id records with a VAT number). */
  registrations: readonly string[]
  /** The warehouse's country the goods leave from. */
  dispatchCountry: string
  /** The order's ship-to country. */
  destinationCountry: string
  /** The customer's VAT number ('' for a consumer). */
  customerVatNumber: string
  /** The One-Stop-Shop: whether the supplier declares distance sales through it, and since when. */
  oss: { enabled: boolean; since: string | null }
  /** The document's tax date, YYYY-MM-DD. */
  taxDate: string
}

export type Supply = ServicesSupply | GoodsSupply

/** A valid VAT number of a member state other than `country` (the customer accounts for the VAT there). */
function vatNumberOfOtherState(vatNumber: string, country: string, partyCountry: string): boolean {
  if (!vatNumber.trim()) return false
  const check = checkVatNumber(vatNumber, partyCountry)
  return check.valid && check.country !== euIsoOf(country)
}

/** Which case of the table a supply is. */
export function supplyCaseOf(s: Supply): { case: SupplyCase; country: string } {
  if (!s.supplierVatPayer) return { case: 'supplier-not-vat-payer', country: s.supplierCountry }
  if (s.documentType === 'bill') {
    if (s.immovableProperty) {
      const building = s.propertyCountry || s.supplierCountry
      return building === s.supplierCountry
        ? { case: 'services-immovable-property', country: building }
        : { case: 'services-immovable-property-abroad', country: building }
    }
    if (s.customerCountry === s.supplierCountry)
      return { case: 'services-domestic', country: s.supplierCountry }
    if (!isEuMemberState(s.customerCountry))
      return { case: 'services-outside-eu', country: s.customerCountry }
    return vatNumberOfOtherState(s.customerVatNumber, s.supplierCountry, s.customerCountry)
      ? { case: 'services-b2b-other-member-state', country: s.customerCountry }
      : { case: 'services-no-vat-number', country: s.supplierCountry }
  }
  const from = s.dispatchCountry
  if (from !== s.supplierCountry && !s.registrations.includes(from))
    return { case: 'goods-no-registration-in-dispatch-country', country: from }
  if (s.destinationCountry === from) return { case: 'goods-domestic', country: from }
  if (!isEuMemberState(s.destinationCountry) || !isEuMemberState(from))
    return { case: 'goods-outside-eu', country: s.destinationCountry }
  if (vatNumberOfOtherState(s.customerVatNumber, from, s.destinationCountry))
    return { case: 'goods-b2b-intra-community', country: s.destinationCountry }
  const ossActive = s.oss.enabled && s.oss.since !== null && s.oss.since <= s.taxDate
  return ossActive
    ? { case: 'goods-distance-sale-oss', country: s.destinationCountry }
    : { case: 'goods-distance-sale-below-threshold', country: from }
}

/**
 * The country of the VAT registration a supply of goods is made under, whose VAT id the document prints:
 * the supply takes place where the goods leave from (Directive 2006/112/EC art. 31, 32), so a VAT payer
 * registered in the warehouse's country supplies under that registration; otherwise under its home one.
 */
export function supplyRegistrationOf(
  s: Pick<GoodsSupply, 'supplierCountry' | 'supplierVatPayer' | 'registrations' | 'dispatchCountry'>,
): string {
  return s.supplierVatPayer && s.registrations.includes(s.dispatchCountry)
    ? s.dispatchCountry
    : s.supplierCountry
}

/** The table's row for a case and the supplier's country (a country-specific row first). */
export function placeOfSupplyRule(
  documentType: SupplyDocumentType,
  supplyCase: SupplyCase,
  supplierIso?: string,
): PlaceOfSupplyRule | undefined {
  const rows = placeOfSupplyRules.filter((r) => r.documentType === documentType && r.case === supplyCase)
  return rows.find((r) => supplierIso && r.countries?.includes(supplierIso)) ?? rows.find((r) => !r.countries)
}

/** The VAT treatment of a document by its place of supply: the table's row for the document's case. */
export function vatTreatmentOf(s: Supply, supplierIso?: string): VatTreatment {
  const { case: found, country } = supplyCaseOf(s)
  const row = placeOfSupplyRule(s.documentType, found, supplierIso)
  if (!row)
    return { kind: 'refuse', reason: `No VAT rule for the case ${found}`, rule: '', case: found, country }
  const rule = row.source
  if (row.treatment === 'refuse') {
    const reason = (row.message ?? 'The VAT of this document is not in the rules').replaceAll(
      '{country}',
      country,
    )
    return found === 'goods-no-registration-in-dispatch-country' ||
      found === 'services-immovable-property-abroad'
      ? { kind: 'refuse', reason, rule, case: found, country, registration: country }
      : { kind: 'refuse', reason, rule, case: found, country }
  }
  if (row.treatment === 'domestic' || row.treatment === 'oss') {
    const rateCountry =
      row.rateOf === 'destination' && s.documentType === 'invoice'
        ? s.destinationCountry
        : row.rateOf === 'dispatch' && s.documentType === 'invoice'
          ? s.dispatchCountry
          : row.rateOf === 'property'
            ? country
            : s.supplierCountry
    return { kind: row.treatment, country: rateCountry, rule }
  }
  return { kind: row.treatment, rule }
}
