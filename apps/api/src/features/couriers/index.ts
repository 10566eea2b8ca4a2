export { couriersRoutes } from './couriers.routes.ts'
export { type CouriersService, createCouriersService } from './couriers.service.ts'
export { findActiveQuotation, type QuotationRow } from './quotations.lookup.ts'
export { createQuotationsService, type QuotationsService } from './quotations.service.ts'
