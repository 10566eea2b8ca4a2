import { euIsoOf, supplyRegistrationOf, type VatTreatment, vatTreatmentOf } from '@expedo/domain'
import { AppError } from '../../../platform/http/app-error.ts'
import type { InvoicesRepository } from '../invoices.repository.ts'
import type { SupplierVat } from './supplier.ts'

export type ChargedTreatment = Exclude<VatTreatment, { kind: 'refuse' }>

/** A charged treatment and the country of the supplier's VAT registration it is issued under. */
export type OrderVatTreatment = ChargedTreatment & { registration: string }

/**
 * The VAT treatment of an order's goods by the place of supply (FINANCE.md "Place of supply"; the rule table
 * in the domain's place-of-supply.ts): from the warehouse the order ships from, the ship-to country, the
 * customer's VAT number and the business client's VAT registrations and One-Stop-Shop. A case the rules refuse
 * (a VAT registration the client lacks, an export) answers 409 naming it, before anything is written. The
 * supply is made where the goods leave from (art. 31, 32): a VAT payer registered in the warehouse's country
 * issues under that registration (its VAT id printed), otherwise under its home one.
 */
export async function orderVatTreatment(
  repo: InvoicesRepository,
  vat: SupplierVat,
  order: { warehouseId: string | null; shipToCountry: string; customerTaxId: string },
  taxDate: string,
): Promise<OrderVatTreatment> {
  const dispatchCountry = await repo.warehouseCountry(order.warehouseId)
  if (vat.vatPayer && !dispatchCountry)
    throw new AppError(
      'CONFLICT',
      'The order has no ship-from warehouse yet: its place of supply, and so its VAT, is not known',
      { warehouse: 'is required to decide the VAT' },
    )
  const treatment = vatTreatmentOf(
    {
      documentType: 'invoice',
      supplierCountry: vat.country,
      supplierVatPayer: vat.vatPayer,
      registrations: vat.registrations,
      dispatchCountry: dispatchCountry ?? vat.country,
      destinationCountry: order.shipToCountry,
      customerVatNumber: order.customerTaxId,
      oss: vat.oss,
      taxDate,
    },
    euIsoOf(vat.country),
  )
  if (treatment.kind === 'refuse')
    throw new AppError(
      'CONFLICT',
      treatment.reason,
      treatment.registration
        ? { vatRegistration: `a VAT registration in ${treatment.registration} is missing` }
        : { placeOfSupply: treatment.reason },
    )
  const registration = supplyRegistrationOf({
    supplierCountry: vat.country,
    supplierVatPayer: vat.vatPayer,
    registrations: vat.registrations,
    dispatchCountry: dispatchCountry ?? vat.country,
  })
  return { ...treatment, registration }
}

/** The rate of an order's lines under a treatment: the country's standard rate, or 0 where no VAT is charged. */
export async function treatmentRate(
  repo: InvoicesRepository,
  treatment: ChargedTreatment,
  day: string,
): Promise<string> {
  if (treatment.kind !== 'domestic' && treatment.kind !== 'oss') return '0'
  const rate = await repo.standardRate(treatment.country, day)
  if (rate === undefined || rate === null)
    throw new AppError(
      'CONFLICT',
      `No standard VAT rate of ${treatment.country} on ${day}: add one, then invoice`,
    )
  return rate
}
