import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import { XlsxFileSchema } from '../stock/stock.endpoints.ts'
import {
  AddPhotosBodySchema,
  CreateInboundBodySchema,
  GoodsReceivedBodySchema,
  InboundExportBodySchema,
  InboundListBodySchema,
  InboundListSchema,
  InboundShipmentDetailsSchema,
} from './inbound.schemas.ts'

const tags = ['inbound shipments']

export const inboundEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: '/shipments/inbound',
    access: 'inbound.read',
    summary: 'Inbound shipments with filters and paging (itemsPerPage 0 = all), newest first',
    tags,
    body: InboundListBodySchema,
    response: InboundListSchema,
  }),
  export: defineEndpoint({
    method: 'POST',
    path: '/shipments/inbound/export',
    access: 'inbound.read',
    summary: 'Inbound shipments matching the filters as a streamed .xlsx file',
    tags,
    body: InboundExportBodySchema,
    response: XlsxFileSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/shipments/inbound/:id',
    access: 'inbound.read',
    summary: 'An inbound shipment with its photos and goods received',
    tags,
    params: IdParamsSchema,
    response: InboundShipmentDetailsSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/shipments/inbound/create',
    access: 'inbound.receive',
    summary: 'Register an arriving inbound shipment (status New)',
    tags,
    body: CreateInboundBodySchema,
    response: InboundShipmentDetailsSchema,
    status: 201,
  }),
  receive: defineEndpoint({
    method: 'POST',
    path: '/shipments/inbound/:id/goodsreceived',
    access: 'inbound.receive',
    summary: 'Record one received line: finds or creates the inventory card and writes its movement',
    tags,
    params: IdParamsSchema,
    body: GoodsReceivedBodySchema,
    response: InboundShipmentDetailsSchema,
    status: 201,
  }),
  addPhotos: defineEndpoint({
    method: 'POST',
    path: '/shipments/inbound/:id/photos',
    access: 'inbound.receive',
    summary: 'Attach registered photos to an inbound shipment',
    tags,
    params: IdParamsSchema,
    body: AddPhotosBodySchema,
    response: InboundShipmentDetailsSchema,
  }),
  process: defineEndpoint({
    method: 'POST',
    path: '/shipments/inbound/:id/process',
    access: 'inbound.receive',
    summary: 'Mark the shipment Processed; no more lines can be received after that',
    tags,
    params: IdParamsSchema,
    response: InboundShipmentDetailsSchema,
  }),
}
