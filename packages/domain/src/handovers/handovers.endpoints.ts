import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import { PdfFileSchema } from '../invoices/invoices.schemas.ts'
import {
  HandoverConfirmAnswerSchema,
  HandoverConfirmBodySchema,
  HandoverCreateBodySchema,
  HandoverDetailSchema,
  HandoverListQuerySchema,
  HandoverListSchema,
  HandoverParcelParamsSchema,
  HandoverPickupBodySchema,
  HandoverReadyQuerySchema,
  HandoverReadySchema,
  HandoverScanAnswerSchema,
  HandoverScanBodySchema,
} from './handovers.schemas.ts'

const tags = ['handovers']

/**
 * Courier handover (issue 25): a manifest of one warehouse's Packed, labelled parcels for one courier; the
 * courier's pickup booked where its API can; confirmed → the orders go Packed → Shipping. The floor staff's.
 */
export const handoversEndpoints = {
  ready: defineEndpoint({
    method: 'GET',
    path: '/handovers/ready',
    access: 'orders.process',
    summary: 'Packed orders with a label in no open handover, per warehouse and courier',
    tags,
    query: HandoverReadyQuerySchema,
    response: HandoverReadySchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/handovers',
    access: 'orders.process',
    summary: 'Handovers, newest first',
    tags,
    query: HandoverListQuerySchema,
    response: HandoverListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/handovers',
    access: 'orders.process',
    summary:
      "Make a handover of a warehouse's ready orders for one courier (an order is in one open handover)",
    tags,
    body: HandoverCreateBodySchema,
    response: HandoverDetailSchema,
    status: 201,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/handovers/:id',
    access: 'orders.process',
    summary: 'A handover with its parcels',
    tags,
    params: IdParamsSchema,
    response: HandoverDetailSchema,
  }),
  manifest: defineEndpoint({
    method: 'GET',
    path: '/handovers/:id/manifest',
    access: 'orders.process',
    summary: "The handover's manifest as a PDF: parcels with their AWB barcodes, totals, signatures",
    tags,
    params: IdParamsSchema,
    response: PdfFileSchema,
  }),
  scan: defineEndpoint({
    method: 'POST',
    path: '/handovers/:id/scan',
    access: 'orders.process',
    summary: "Scan a parcel into the van: it must be on this open handover's manifest",
    tags,
    params: IdParamsSchema,
    body: HandoverScanBodySchema,
    response: HandoverScanAnswerSchema,
  }),
  removeParcel: defineEndpoint({
    method: 'DELETE',
    path: '/handovers/:id/parcels/:orderId',
    access: 'orders.process',
    summary: 'Take an order off an open handover (it stays Packed and ready for the next one)',
    tags,
    params: HandoverParcelParamsSchema,
    response: HandoverDetailSchema,
  }),
  pickup: defineEndpoint({
    method: 'POST',
    path: '/handovers/:id/pickup',
    access: 'orders.process',
    summary: "Book the courier's van for an open handover (couriers with a pickup API: Econt)",
    tags,
    params: IdParamsSchema,
    body: HandoverPickupBodySchema,
    response: HandoverDetailSchema,
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/handovers/:id/confirm',
    access: 'orders.process',
    summary: 'The driver took the parcels: the handover closes and its Packed orders go to Shipping',
    tags,
    params: IdParamsSchema,
    body: HandoverConfirmBodySchema,
    response: HandoverConfirmAnswerSchema,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/handovers/:id/cancel',
    access: 'orders.process',
    summary: 'Cancel an open handover: its orders stay Packed and are ready again',
    tags,
    params: IdParamsSchema,
    response: HandoverDetailSchema,
  }),
}
