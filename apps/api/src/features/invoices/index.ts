export { mergeInvoiceDayCounts } from './invoice-day-counts.repository.ts'
export { invoicesRoutes } from './invoices.routes.ts'
export { createInvoicesService, type InvoicesService } from './invoices.service.ts'
export { supplierOf, supplierVatOf } from './use-cases/supplier.ts'
