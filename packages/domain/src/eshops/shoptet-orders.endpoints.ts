import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import { PdfFileSchema } from '../invoices/invoices.schemas.ts'
import { SHOPTET_WEBHOOK_PATH } from './shoptet.schemas.ts'
import { ShoptetWebhookDeliverySchema, ShoptetWebhookReceivedSchema } from './shoptet-orders.schemas.ts'

/** The order import's intake (docs/integrations/shoptet.md §3). */
export const shoptetOrdersEndpoints = {
  webhook: defineEndpoint({
    method: 'POST',
    path: SHOPTET_WEBHOOK_PATH,
    access: 'public',
    summary:
      'Shoptet’s webhook deliveries: verified with the shop’s signature key (Shoptet-Webhook-Signature, ' +
      'hex HMAC-SHA1 of the raw body; bad, missing or unknown shop → 401, nothing stored), stored once ' +
      '(a replay answers 200 again) and processed by a job',
    tags: ['shoptet'],
    body: ShoptetWebhookDeliverySchema,
    response: ShoptetWebhookReceivedSchema,
  }),
  shoptetInvoicePdf: defineEndpoint({
    method: 'GET',
    path: '/orders/:id/shoptet-invoice/pdf',
    access: 'invoices.read',
    summary:
      'Shoptet’s invoice of an order of a shop set to Shoptet invoices, as the PDF Shoptet makes (fetched ' +
      'from Shoptet on each call, never stored; 404 when Shoptet has issued none, 503 when Shoptet does not answer)',
    tags: ['shoptet'],
    params: IdParamsSchema,
    response: PdfFileSchema,
  }),
}
