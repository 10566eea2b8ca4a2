import { z } from 'zod'
import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import { XlsxFileSchema } from '../stock/stock.endpoints.ts'
import {
  CodCheckUnpaidBodySchema,
  CodCheckUnpaidResultSchema,
  CodEcontImportBodySchema,
  CodImportResultSchema,
  CodMismatchListQuerySchema,
  CodMismatchListSchema,
  CodMismatchSchema,
  CodResolveBodySchema,
  TransferCreateBodySchema,
  TransferDetailQuerySchema,
  TransferDetailSchema,
  TransferListQuerySchema,
  TransferListSchema,
  TransferPaymentFileBodySchema,
  TransferPreviewQuerySchema,
  TransferPreviewSchema,
  TransferSchema,
  TransferUpdateBodySchema,
} from './cod.schemas.ts'

const tags = ['cod']
export const PaymentFileSchema = z
  .unknown()
  .describe(
    'application/xml (ISO 20022 pain.001.001.03), one file per debtor account; application/zip of those files when the transfers are paid from several accounts',
  )

/** COD reconciliation and transfers (spec §7 COD transfers, Exports /transffers/{id}/orders/export). */
export const codEndpoints = {
  importEcont: defineEndpoint({
    method: 'POST',
    path: '/cod/payouts/econt',
    access: 'transfers.write',
    summary:
      'Imports Econt’s COD PaymentReport for a date range: equal amounts mark orders collected, the rest ' +
      'go to the mismatch queue; a line imported before changes nothing',
    tags,
    body: CodEcontImportBodySchema,
    response: CodImportResultSchema,
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: '/cod/payouts/upload',
    access: 'transfers.write',
    summary:
      'Imports a courier’s payout spreadsheet (multipart form data, one .xlsx `file`; columns tracking id, ' +
      'amount, date), matched like the Econt report',
    tags,
    response: CodImportResultSchema,
  }),
  checkUnpaid: defineEndpoint({
    method: 'POST',
    path: '/cod/mismatches/check-unpaid',
    access: 'transfers.write',
    summary:
      'Queues a not_paid mismatch for each COD WAITING order shipped more than `days` ago with no payout',
    tags,
    body: CodCheckUnpaidBodySchema,
    response: CodCheckUnpaidResultSchema,
  }),
  mismatches: defineEndpoint({
    method: 'GET',
    path: '/cod/mismatches',
    access: 'transfers.write',
    summary: 'The COD mismatch queue, newest first, with paging',
    tags,
    query: CodMismatchListQuerySchema,
    response: CodMismatchListSchema,
  }),
  resolve: defineEndpoint({
    method: 'POST',
    path: '/cod/mismatches/:id/resolve',
    access: 'transfers.write',
    summary:
      'Resolves an open mismatch: accept (the received amount, or the expected one when nothing was paid), ' +
      'adjust (amount and reason) or write off (reason; the order counts as collected with what was paid)',
    tags,
    params: IdParamsSchema,
    body: CodResolveBodySchema,
    response: CodMismatchSchema,
    idempotent: true,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/transffers',
    access: 'transfers.read',
    summary: 'COD transfers newest first, by status and business client, with paging',
    tags,
    query: TransferListQuerySchema,
    response: TransferListSchema,
  }),
  preview: defineEndpoint({
    method: 'GET',
    path: '/transffers/preview',
    access: 'transfers.write',
    summary: 'The collected, not yet transferred COD of a business client in a currency (orders and amount)',
    tags,
    query: TransferPreviewQuerySchema,
    response: TransferPreviewSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/transffers',
    access: 'transfers.write',
    summary:
      'Creates a transfer of a client’s collected COD in a currency (optionally netting its unpaid bills); ' +
      'its orders move COD WAITING → Delivered in the same transaction',
    tags,
    body: TransferCreateBodySchema,
    response: TransferSchema,
    status: 201,
  }),
  paymentFile: defineEndpoint({
    method: 'POST',
    path: '/transffers/payment-file',
    access: 'transfers.write',
    summary:
      'pain.001 credit-transfer files of New transfers, one per debtor account (a ZIP when several); they become Sent in the same transaction',
    tags,
    body: TransferPaymentFileBodySchema,
    response: PaymentFileSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/transffers/:id',
    access: 'transfers.read',
    summary: 'A COD transfer with its orders (paged) and the netting line',
    tags,
    params: IdParamsSchema,
    query: TransferDetailQuerySchema,
    response: TransferDetailSchema,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/transffers/:id',
    access: 'transfers.write',
    summary: 'Moves a transfer New → Sent → Paid (409 for any other change)',
    tags,
    params: IdParamsSchema,
    body: TransferUpdateBodySchema,
    response: TransferSchema,
    idempotent: true,
  }),
  exportOrders: defineEndpoint({
    method: 'GET',
    path: '/transffers/:id/orders/export',
    access: 'transfers.read',
    summary: 'A transfer’s orders as .xlsx',
    tags,
    params: IdParamsSchema,
    response: XlsxFileSchema,
  }),
}
