import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import { PdfFileSchema } from '../invoices/invoices.schemas.ts'
import {
  PackedBodySchema,
  PackingOpenBodySchema,
  PackingScanAnswerSchema,
  PackingScanBodySchema,
  PackingSessionSchema,
} from './packing.schemas.ts'

const tags = ['packing']

/** Scan-to-pack at a packing station (issue 25 "Scan-to-pack"): the floor staff's; `:id` is the order's. */
export const packingEndpoints = {
  open: defineEndpoint({
    method: 'POST',
    path: '/packing/open',
    access: 'orders.process',
    summary: "Open an order at the station by its slip's or tote's scan; it is held for this packer",
    tags,
    body: PackingOpenBodySchema,
    response: PackingSessionSchema,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/packing/:id',
    access: 'orders.process',
    summary: 'An order at the station: its lines and what is packed so far',
    tags,
    params: IdParamsSchema,
    response: PackingSessionSchema,
  }),
  scan: defineEndpoint({
    method: 'POST',
    path: '/packing/:id/scan',
    access: 'orders.process',
    summary:
      'One item into the box: it must be the order’s goods and not one too many (else nothing changes)',
    tags,
    params: IdParamsSchema,
    body: PackingScanBodySchema,
    response: PackingScanAnswerSchema,
  }),
  reset: defineEndpoint({
    method: 'POST',
    path: '/packing/:id/reset',
    access: 'orders.process',
    summary: 'Start the box again: every line back to 0 packed',
    tags,
    params: IdParamsSchema,
    response: PackingSessionSchema,
  }),
  leave: defineEndpoint({
    method: 'POST',
    path: '/packing/:id/leave',
    access: 'orders.process',
    summary: 'Put the order down without packing it: another packer may take it (what was scanned stays)',
    tags,
    params: IdParamsSchema,
    response: PackingSessionSchema,
  }),
  packed: defineEndpoint({
    method: 'POST',
    path: '/packing/:id/packed',
    access: 'orders.process',
    summary: 'Every item scanned: weight and parcels, then the order is Packed (packer and time recorded)',
    tags,
    params: IdParamsSchema,
    body: PackedBodySchema,
    response: PackingSessionSchema,
  }),
  slip: defineEndpoint({
    method: 'GET',
    path: '/packing/:id/slip',
    access: 'orders.process',
    summary: "The order's packing slip PDF: its barcode, items and the client's return address",
    tags,
    params: IdParamsSchema,
    response: PdfFileSchema,
  }),
}
