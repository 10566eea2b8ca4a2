import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import { PdfFileSchema } from '../invoices/invoices.schemas.ts'
import { XlsxFileSchema } from '../stock/stock.endpoints.ts'
import {
  BillCreditNoteBodySchema,
  BillItemParamsSchema,
  BillItemUpdateBodySchema,
  BillListQuerySchema,
  BillListSchema,
  BillRunBodySchema,
  BillRunResultSchema,
  BillSchema,
  BillServicesExportBodySchema,
  BillServicesQuerySchema,
  BillServicesSchema,
} from './bills.schemas.ts'
import { IssuerInputSchema, IssuerListSchema, IssuerSchema } from './issuers.schemas.ts'

const tags = ['bills']

/** Provider bills and their issuers (spec §7 Services and bills, Exports /bills/{id}/services/export). */
export const billsEndpoints = {
  issuers: defineEndpoint({
    method: 'GET',
    path: '/issuers',
    access: 'issuers.read',
    summary: 'The provider’s issuers, one per country it bills from',
    tags,
    response: IssuerListSchema,
  }),
  createIssuer: defineEndpoint({
    method: 'POST',
    path: '/issuers',
    access: 'issuers.write',
    summary: 'Adds the issuer of a country (409 when the country has one)',
    tags,
    body: IssuerInputSchema,
    response: IssuerSchema,
    status: 201,
  }),
  updateIssuer: defineEndpoint({
    method: 'PUT',
    path: '/issuers/:id',
    access: 'issuers.write',
    summary: 'Changes an issuer; bills already locked keep the block they copied',
    tags,
    params: IdParamsSchema,
    body: IssuerInputSchema,
    response: IssuerSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/bills',
    access: 'bills.read',
    summary: 'Bills (and bill credit notes) newest first, by period and status, with paging',
    tags,
    query: BillListQuerySchema,
    response: BillListSchema,
  }),
  run: defineEndpoint({
    method: 'POST',
    path: '/bills/run',
    access: 'bills.write',
    summary:
      'Bills a month’s unbilled services: one unlocked bill per business client, currency and issuer ' +
      'country; a rerun bills nothing twice',
    tags,
    body: BillRunBodySchema,
    response: BillRunResultSchema,
    idempotent: true,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/bills/:id',
    access: 'bills.read',
    summary: 'A bill with its items, parties, totals and credit note',
    tags,
    params: IdParamsSchema,
    response: BillSchema,
  }),
  services: defineEndpoint({
    method: 'GET',
    path: '/bills/:id/services',
    access: 'bills.read',
    summary: 'A bill’s services, paged, with the summary per service name and the grand total',
    tags,
    params: IdParamsSchema,
    query: BillServicesQuerySchema,
    response: BillServicesSchema,
  }),
  exportServices: defineEndpoint({
    method: 'POST',
    path: '/bills/:id/services/export',
    access: 'bills.read',
    summary: 'A bill’s services as .xlsx (streamed)',
    tags,
    params: IdParamsSchema,
    body: BillServicesExportBodySchema,
    response: XlsxFileSchema,
  }),
  pdf: defineEndpoint({
    method: 'GET',
    path: '/bills/:id/pdf',
    access: 'bills.read',
    summary: 'A locked bill as an A4 PDF with the payment QR code (409 while unlocked)',
    tags,
    params: IdParamsSchema,
    response: PdfFileSchema,
  }),
  updateItem: defineEndpoint({
    method: 'PUT',
    path: '/bills/:id/items/:itemId',
    access: 'bills.write',
    summary: 'Changes an item of an unlocked bill (totals follow); a locked bill answers 409 DOCUMENT_ISSUED',
    tags,
    params: BillItemParamsSchema,
    body: BillItemUpdateBodySchema,
    response: BillSchema,
    idempotent: true,
  }),
  lock: defineEndpoint({
    method: 'POST',
    path: '/bills/:id/lock',
    access: 'bills.write',
    summary:
      'Approves a bill: issued today, due in 14 days, the issuer’s and client’s blocks copied, and last ' +
      'the next number of the issuer’s series (gap-free)',
    tags,
    params: IdParamsSchema,
    response: BillSchema,
    idempotent: true,
  }),
  pay: defineEndpoint({
    method: 'POST',
    path: '/bills/:id/pay',
    access: 'bills.write',
    summary: 'Marks a locked bill paid',
    tags,
    params: IdParamsSchema,
    response: BillSchema,
    idempotent: true,
  }),
  creditNote: defineEndpoint({
    method: 'POST',
    path: '/bills/:id/creditnote',
    access: 'bills.write',
    summary:
      'Issues the credit note of a locked bill (its lines negated) with its reason (required, printed), ' +
      'numbered from its own series; a bill credited already answers 409',
    tags,
    params: IdParamsSchema,
    body: BillCreditNoteBodySchema,
    response: BillSchema,
    status: 201,
  }),
}
