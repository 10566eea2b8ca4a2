import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import { LabelStateSchema, TrackingRefreshSchema } from './labels.schemas.ts'

const tags = ['labels']

/** An order's courier label and tracking (issue 25 "Courier labels and tracking"); `:id` is the order's. */
export const labelsEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/orders/:id/label',
    access: 'orders.read',
    summary: "The order's courier label: its state, tracking number, AWB PDF and the parcel's last state",
    tags,
    params: IdParamsSchema,
    response: LabelStateSchema,
  }),
  request: defineEndpoint({
    method: 'POST',
    path: '/orders/:id/label',
    access: 'orders.process',
    summary:
      'Create the label at the courier (a Packed order; or retry a failed one): queued, answered at once',
    tags,
    params: IdParamsSchema,
    response: LabelStateSchema,
    status: 202,
  }),
  refreshTracking: defineEndpoint({
    method: 'POST',
    path: '/orders/:id/tracking',
    access: 'orders.process',
    summary:
      "Ask the courier for the parcel's state now; the order's status follows it (Shipping, Delivered …)",
    tags,
    params: IdParamsSchema,
    response: TrackingRefreshSchema,
  }),
}
