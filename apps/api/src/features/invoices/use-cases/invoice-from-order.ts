import { addDays, currencyOfCountry, documentLanguageOf, orderInvoiceLines } from '@expedo/domain'
import type { Tx } from '../../../platform/db/database.ts'
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../../platform/db/errors.ts'
import { AppError, notFound } from '../../../platform/http/app-error.ts'
import type { TenantScope } from '../../../platform/http/auth-context.ts'
import { shopInvoicing } from '../../orders/index.ts'
import { createInvoicesRepository } from '../invoices.repository.ts'
import { type NewLine, storedLine, totalsOf } from './document-lines.ts'
import { orderVatTreatment, treatmentRate } from './place-of-supply.ts'
import { supplierSnapshot } from './supplier.ts'

export const documentIssued = (what = 'The invoice') =>
  new AppError('DOCUMENT_ISSUED', `${what} is issued: it cannot change; create a credit note instead`)

/**
 * The order's invoice as a draft (spec §7 `POST /orders/{id}/invoice`): its items at their prices (the
 * e-shop's prices include VAT: the netto price is derived at the standard rate of the country the place of
 * supply names — the warehouse's, or the destination's under the One-Stop-Shop —, or 0 % for an exempt
 * intra-Community supply and a non-VAT-payer; a case needing a VAT registration the client lacks is refused), a shipping line, COD as the payment type; the supplier is the business client,
 * the customer and shipping address the order's. A draft made before is rebuilt; an issued invoice that is
 * not fully credited answers 409. Answers the draft's id. The order stays locked until the commit.
 */
export async function invoiceFromOrder(
  tx: Tx,
  scope: TenantScope,
  orderId: string,
  today: string,
): Promise<string> {
  const repo = createInvoicesRepository(tx)
  const found = await repo.lockOrder(scope, orderId)
  if (!found) throw notFound('Order')
  const { order, items } = found
  if ((await shopInvoicing(tx, order.eshopId)) === 'shoptet') {
    throw new AppError('CONFLICT', 'Shoptet invoices this e-shop’s orders: Expedo issues no invoice for them')
  }
  const live = await repo.liveInvoiceOf(orderId)
  if (live && live.sequenceNumber !== null) throw documentIssued('The order’s invoice')

  const { supplier, dueDays, vat } = await supplierSnapshot(repo, order.businessclientId)
  const country = order.shipToCountry
  const c = order.shipToClient
  // The place of supply decides the rate (FINANCE.md): refused here, before a draft or a number exists.
  const treatment = await orderVatTreatment(
    repo,
    vat,
    { warehouseId: order.warehouseId, shipToCountry: country, customerTaxId: c.taxId },
    today,
  )
  const rate = await treatmentRate(repo, treatment, today)
  // The customer's own (billing) address when the order has one, else the shipping address; the invoice
  // prints the shipping address as its own block only when the two differ (spec: shipTo).
  const billing = [c.street, c.city, c.country].every((v) => typeof v === 'string' && v.trim()) ? c : null
  // The document's language is the customer's country's: the shipping line is named in it too.
  const language = documentLanguageOf(billing ? billing.country : country)
  const lines: NewLine[] = orderInvoiceLines(items, order.shippingCost, rate, language)
  const stored = lines.map((l, n) => storedLine(l, n + 1))
  const header = {
    kind: 'invoice',
    vatTreatment: treatment.kind,
    businessclientId: order.businessclientId,
    orderId: order.id,
    orderNr: order.clientOrderNr || String(order.internalNumericId),
    country,
    currency: currencyOfCountry(country),
    paymentType: order.codApply ? 'COD' : order.paymentType || 'Bank transfer',
    issuedDate: today,
    taxDate: today,
    dueDate: addDays(today, dueDays),
    supplier: { ...supplier, vatRegistration: treatment.registration },
    customer: {
      firstName: c.firstName,
      lastName: c.lastName,
      companyName: c.isCompany || order.shipToIsCompany ? c.companyName : '',
      street: billing ? billing.street : order.shipToStreet,
      streetNr: billing ? billing.streetNr : order.shipToStreetNr,
      postcode: billing ? billing.postcode : order.shipToPostcode,
      city: billing ? billing.city : order.shipToCity,
      country: billing ? billing.country : country,
      taxId: c.taxId,
      companyId: c.nr_reg_com,
      email: c.email,
      phone: order.shipToPhone || c.phone,
    },
    shipTo: {
      name: [c.firstName, c.lastName].filter(Boolean).join(' '),
      street: order.shipToStreet,
      streetNr: order.shipToStreetNr,
      postcode: order.shipToPostcode,
      city: order.shipToCity,
      country,
    },
    ...totalsOf(stored),
  }
  if (live) {
    await repo.deleteItems(live.id)
    await repo.update(live.id, header)
    for (const line of stored) await repo.insertItem({ ...line, invoiceId: live.id })
    return live.id
  }
  try {
    return (await repo.insert(header, stored)).id
  } catch (error) {
    // The order is locked, so only a writer outside this path can get here first; say so plainly.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
      throw new AppError('CONFLICT', 'The order already has an invoice')
    throw error
  }
}
