import { z } from 'zod'
import { plainString } from '../common/input.ts'

/**
 * What Shoptet delivers to the webhook URL (shoptet.md §3.2): the shop, the event, when it happened and the
 * affected entity (an order's code for order events, the shop's id for addon:uninstall). The body is
 * verified against its signature (Shoptet-Webhook-Signature) before anything is read from it.
 */
export const ShoptetWebhookDeliverySchema = z
  .object({
    eshopId: z.number().int().positive().describe('Shoptet’s id of the shop'),
    event: plainString().trim().min(1).max(100).describe('e.g. order:create, addon:uninstall'),
    eventCreated: plainString()
      .max(40)
      .refine((v) => !Number.isNaN(Date.parse(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))), {
        message: 'must be a date-time',
      })
      .describe('ISO 8601 with an offset, e.g. 2024-03-05T14:25:01+0100'),
    eventInstance: plainString().max(1000).describe('The entity: an order code, the eshop id …'),
    payload: z.unknown().optional().describe('Only with sendPayload "full" (not sent by Shoptet yet)'),
  })
  .meta({ id: 'ShoptetWebhookDelivery' })
export type ShoptetWebhookDelivery = z.infer<typeof ShoptetWebhookDeliverySchema>

export const ShoptetWebhookReceivedSchema = z.object({
  received: z.literal(true).describe('Stored (or already stored: a replay) and queued for processing'),
})
