import type { TransferOrder } from '@expedo/domain'
import { endpoints } from '@expedo/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../platform/db/database.ts'
import { invalid } from '../../platform/http/app-error.ts'
import { multipartError } from '../../platform/http/multipart.ts'
import { registerEndpoint } from '../../platform/http/route.ts'
import { sendXlsx, type XlsxColumn } from '../../platform/providers/xlsx-export.ts'
import type { CodService } from './cod.service.ts'
import { readPayoutSpreadsheet } from './use-cases/payout-spreadsheet.ts'
import { transfersPaymentFile } from './use-cases/transfer-payment-file.ts'

const orderColumns: XlsxColumn<TransferOrder>[] = [
  { header: 'Order', value: (o) => o.clientOrderNr, width: 16 },
  { header: 'Internal id', value: (o) => o.internalNumericId, width: 12 },
  { header: 'Status', value: (o) => o.status },
  { header: 'Tracking id', value: (o) => o.trackingId, width: 22 },
  { header: 'Customer', value: (o) => o.customer, width: 24 },
  { header: 'Country', value: (o) => o.country },
  { header: 'COD', value: (o) => o.codAmount, width: 12 },
  { header: 'Collected', value: (o) => o.collected, width: 12 },
  { header: 'Invoiced', value: (o) => o.invoiced, width: 12 },
  { header: 'Collected − invoiced', value: (o) => o.invoiceDifference, width: 14 },
]

/**
 * The one `file` part of a multipart upload, as bytes (anything else: 400 naming the field; past the upload
 * limit: 413, and the connection closes with the answer rather than wait for the unread rest).
 */
async function uploadedFile(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ filename: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw invalid('file', 'must be sent as multipart/form-data')
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'file') {
        return { filename: part.filename, bytes: await part.toBuffer() }
      }
      if (part.type === 'file') part.file.resume()
    }
  } catch (error) {
    reply.header('connection', 'close')
    throw multipartError(error)
  }
  throw invalid('file', 'is required')
}

/** COD reconciliation and transfers (spec §7 COD transfers, Exports /transffers/{id}/orders/export). */
export function codRoutes(app: FastifyInstance, deps: { db: Db; cod: CodService }): void {
  const e = endpoints.cod
  const { cod } = deps
  registerEndpoint(app, e.importEcont, ({ auth, body }) => cod.importEcont(auth, body))
  registerEndpoint(app, e.upload, async ({ auth, request, reply }) => {
    const file = await uploadedFile(request, reply)
    const lines = await readPayoutSpreadsheet(file.bytes)
    return cod.importLines(auth, lines, 'upload', file.filename.slice(0, 200))
  })
  registerEndpoint(app, e.checkUnpaid, ({ body }) => cod.checkUnpaid(body.days))
  registerEndpoint(app, e.mismatches, ({ query }) => cod.mismatches(query))
  registerEndpoint(app, e.resolve, ({ auth, params, body }) => cod.resolve(auth, params.id, body))
  registerEndpoint(app, e.list, ({ auth, query }) => cod.list(auth, query))
  registerEndpoint(app, e.preview, ({ query }) => cod.preview(query.businessclient, query.currency))
  registerEndpoint(app, e.create, ({ auth, body }) => cod.create(auth, body))
  registerEndpoint(app, e.paymentFile, ({ body, reply }) => transfersPaymentFile(deps.db, body, reply))
  registerEndpoint(app, e.get, ({ auth, params, query }) => cod.get(auth, params.id, query))
  registerEndpoint(app, e.update, ({ auth, params, body }) => cod.setStatus(auth, params.id, body.status))
  registerEndpoint(app, e.exportOrders, async ({ auth, params, reply }) => {
    const { transfer, batches } = await cod.exportOrders(auth, params.id)
    return sendXlsx(reply, {
      filename: `transfer-${transfer.tranfferNr}-orders.xlsx`,
      sheet: 'Orders',
      columns: orderColumns,
      batches,
    })
  })
}
