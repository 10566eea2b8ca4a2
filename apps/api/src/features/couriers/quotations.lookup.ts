/**
 * The one active-quotation lookup shared by the couriers' screens and the services recorded when an order
 * ships; it lives with the quotations' other queries (only repositories touch the database).
 */
export { findActiveQuotation, type QuotationRow } from './quotations.repository.ts'
