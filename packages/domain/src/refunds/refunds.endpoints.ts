import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import { XlsxFileSchema } from '../stock/stock.endpoints.ts'
import {
  RefundBulkStatusBodySchema,
  RefundBulkStatusResultSchema,
  RefundCreateBodySchema,
  RefundExportQuerySchema,
  RefundListQuerySchema,
  RefundListSchema,
  RefundPaymentFileBodySchema,
  RefundPaymentFileSchema,
  RefundResultBodySchema,
  RefundSchema,
  RefundUpdateBodySchema,
} from './refunds.schemas.ts'

const tags = ['refunds']

/** Refunds (spec §7 Refunds, Exports `/refunds/export`) and finance's bank payment file. */
export const refundsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/refunds',
    access: 'refunds.read',
    summary: 'Refunds by filters, sorted (default createdAt descending), with paging (a client sees its own)',
    tags,
    query: RefundListQuerySchema,
    response: RefundListSchema,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/refunds/export',
    access: 'refunds.read',
    summary: 'The refunds of the list’s filters as an .xlsx',
    tags,
    query: RefundExportQuerySchema,
    response: XlsxFileSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/refunds/:id',
    access: 'refunds.read',
    summary: 'A refund with its inbound parcel',
    tags,
    params: IdParamsSchema,
    response: RefundSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/refunds',
    access: 'refunds.write',
    summary:
      'Requests a refund of an order (status New; a second refund of the same order and amount: duplicate)',
    tags,
    body: RefundCreateBodySchema,
    response: RefundSchema,
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/refunds/:id',
    access: 'refunds.write',
    summary: 'Changes a refund’s contact and bank data (409 when Refunded or Pending Bank Confirmation)',
    tags,
    params: IdParamsSchema,
    body: RefundUpdateBodySchema,
    response: RefundSchema,
    idempotent: true,
  }),
  bulkStatus: defineEndpoint({
    method: 'PUT',
    path: '/refunds',
    access: 'refunds.write',
    summary:
      'Approves or rejects refunds (New or duplicate ones); answers which changed and which were refused',
    tags,
    body: RefundBulkStatusBodySchema,
    response: RefundBulkStatusResultSchema,
    idempotent: true,
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/refunds/:id',
    access: 'refunds.write',
    summary: 'Deletes a refund (409 when Refunded or Pending Bank Confirmation)',
    tags,
    params: IdParamsSchema,
    response: RefundSchema,
  }),
  paymentFile: defineEndpoint({
    method: 'POST',
    path: '/refunds/payment-file',
    access: 'refunds.process',
    summary:
      'A pain.001.001.03 bank payment file of Approved refunds (the chosen ones or all); marks them ' +
      'Pending Bank Confirmation in the same transaction',
    tags,
    body: RefundPaymentFileBodySchema,
    response: RefundPaymentFileSchema,
  }),
  result: defineEndpoint({
    method: 'PUT',
    path: '/refunds/:id/result',
    access: 'refunds.process',
    summary: 'The bank’s answer to a sent refund: Refunded, or error with error_msgs (409 unless sent)',
    tags,
    params: IdParamsSchema,
    body: RefundResultBodySchema,
    response: RefundSchema,
    idempotent: true,
  }),
}
