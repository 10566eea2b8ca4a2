import {
  euIsoOf,
  immovablePropertyServices,
  type ServiceTypeName,
  type VatTreatment,
  type VatTreatmentKind,
  vatTreatmentOf,
} from '@expedo/domain'
import type { Tx } from '../../../platform/db/database.ts'
import { standardVatRate } from '../../../platform/db/tax-rates.ts'
import { AppError } from '../../../platform/http/app-error.ts'
import { type BillRow, createBillsRepository } from '../bills.repository.ts'
import type { IssuerRow } from '../issuers.repository.ts'

type BillClient = BillRow['client']

/** The place-of-supply rules refuse a bill's VAT (409); the refusal says which case and country, for the run. */
export class PlaceOfSupplyRefused extends AppError {
  readonly refusal: Extract<VatTreatment, { kind: 'refuse' }>
  constructor(refusal: Extract<VatTreatment, { kind: 'refuse' }>) {
    super('CONFLICT', refusal.reason, { placeOfSupply: refusal.reason })
    this.refusal = refusal
  }
}

export interface BillVat {
  /** The bill's treatment: reverse-charge when any item is reverse-charged. */
  treatment: VatTreatmentKind
  /** The client block to print: with the VAT number the treatment rests on. */
  client: BillClient
  /** The VAT rate of an item of a service type. */
  rateOf: (serviceType: string) => string
}

/**
 * The VAT of a bill by the place of supply (FINANCE.md; the domain's rule table, document type 'bill'): the
 * provider's services to a business client established in another member state with a VAT number of it are
 * reverse-charged (0 %, "Reverse charge" printed, both VAT numbers); a client of the issuer's country or without
 * a VAT number pays the issuer's standard rate on `day`; a service type flagged as connected with immovable
 * property is taxed where the building is. A case the rules refuse answers 409 with its reason.
 */
export async function billVat(
  tx: Tx,
  issuer: Pick<IssuerRow, 'country' | 'vatPayer'>,
  businessclientId: string,
  day: string,
): Promise<BillVat | undefined> {
  const repo = createBillsRepository(tx)
  const client = await repo.clientBlock(businessclientId, issuer.country)
  if (!client) return undefined
  // The client is established where its address is: its VAT number there decides (art. 44).
  const home = await repo.clientBlock(businessclientId, client.address.country)
  const homeVat =
    home && (await repo.hasCompanyIdIn(businessclientId, client.address.country)) ? home : undefined
  const supply = (serviceType: string) =>
    vatTreatmentOf(
      {
        documentType: 'bill',
        supplierCountry: issuer.country,
        supplierVatPayer: issuer.vatPayer,
        customerCountry: client.address.country,
        customerVatNumber: homeVat?.taxid ?? '',
        immovableProperty: immovablePropertyServices[serviceType as ServiceTypeName] ?? false,
        propertyCountry: issuer.country,
      },
      euIsoOf(issuer.country),
    )
  const treatmentOf = (serviceType: string): Exclude<VatTreatment, { kind: 'refuse' }> => {
    const t = supply(serviceType)
    if (t.kind === 'refuse') throw new PlaceOfSupplyRefused(t)
    return t
  }
  // The bill's treatment is that of a service not connected with immovable property.
  const kind = treatmentOf('').kind
  const rate = (await standardVatRate(tx, issuer.country, day)) ?? '0'
  const rates = new Map<string, string>()
  return {
    treatment: kind,
    client:
      kind === 'reverse-charge' && homeVat ? { ...client, coid: homeVat.coid, taxid: homeVat.taxid } : client,
    rateOf: (serviceType: string) => {
      const known = rates.get(serviceType)
      if (known !== undefined) return known
      const t = treatmentOf(serviceType)
      const r = t.kind === 'domestic' || t.kind === 'oss' ? rate : '0'
      rates.set(serviceType, r)
      return r
    },
  }
}
