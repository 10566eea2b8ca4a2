import { z } from 'zod'
import { labelStatuses, trackingStates } from './label-rules.ts'

export const LabelStatusSchema = z.enum(labelStatuses)
export const TrackingStateSchema = z.enum(trackingStates)

export const TrackingSnapshotSchema = z.object({
  state: TrackingStateSchema,
  courierText: z.string().describe("The courier's own words for the state"),
  at: z.string().nullable().describe('When the courier recorded it'),
  checkedAt: z.string().describe('When we last asked the courier'),
})

export const LabelStateSchema = z
  .object({
    status: LabelStatusSchema,
    courier: z.string().nullable().describe("The order's courier"),
    trackingId: z.string(),
    trackingUrl: z.string(),
    awbPdf: z.string().describe("The AWB PDF's URL for this reader ('' before it exists)"),
    error: z.string().nullable().describe("The courier's message of the last failure"),
    attempts: z.number().int(),
    updatedAt: z.string().nullable(),
    tracking: TrackingSnapshotSchema.nullable().describe("The parcel's last state at the courier"),
  })
  .meta({ id: 'LabelState' })
export type LabelState = z.infer<typeof LabelStateSchema>

export const TrackingRefreshSchema = z.object({
  status: z.string().describe("The order's status after the courier's answer"),
  label: LabelStateSchema,
})
export type TrackingRefresh = z.infer<typeof TrackingRefreshSchema>
