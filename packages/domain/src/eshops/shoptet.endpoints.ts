import { defineEndpoint } from '../common/http.ts'
import { IdParamsSchema } from '../common/ids.ts'
import {
  SHOPTET_INSTALL_PATH,
  ShoptetActivationAnswerSchema,
  ShoptetActivationBodySchema,
  ShoptetInstallAnswerSchema,
  ShoptetInstallQuerySchema,
  ShoptetProductImportQuerySchema,
  ShoptetProductImportSchema,
  ShoptetProductUpdateBodySchema,
  ShoptetWebhookCreateBodySchema,
  ShoptetWebhookDeletedSchema,
  ShoptetWebhookIdParamsSchema,
  ShoptetWebhookListSchema,
  ShoptetWebhookQuerySchema,
} from './shoptet.schemas.ts'

const tags = ['shoptet']

/** The Shoptet add-on's API (spec §7 "E-shop platform", docs/integrations/shoptet.md §1, §3, §4). */
export const shoptetEndpoints = {
  install: defineEndpoint({
    method: 'GET',
    path: SHOPTET_INSTALL_PATH,
    access: 'public',
    summary:
      'Shoptet’s installation call: exchanges the code for the OAuth token (within 5 s), creates or ' +
      'refreshes the inactive connection and its one-time activation link; a bad or used code is a 400',
    tags,
    query: ShoptetInstallQuerySchema,
    response: ShoptetInstallAnswerSchema,
  }),
  activate: defineEndpoint({
    method: 'POST',
    path: '/shoptet/newinstall/activation',
    access: 'public',
    summary:
      'Sets the user’s password, activates the connection and signs in; an unknown, used or expired key ' +
      "is 410 ACTIVATION_EXPIRED ('Activation link expired. Reinstall ADDON.')",
    tags,
    body: ShoptetActivationBodySchema,
    response: ShoptetActivationAnswerSchema,
  }),
  listWebhooks: defineEndpoint({
    method: 'GET',
    path: '/shoptet/settings/webhooks',
    access: 'public',
    summary: 'The shop’s webhooks at Shoptet (shoptet_eshopId + shoptet_oauthaccesstoken, or an admin)',
    tags,
    query: ShoptetWebhookQuerySchema,
    response: ShoptetWebhookListSchema,
  }),
  createWebhooks: defineEndpoint({
    method: 'POST',
    path: '/shoptet/settings/webhooks',
    access: 'public',
    summary: 'Registers webhooks at Shoptet (body data: {event, url} or a list of them)',
    tags,
    query: ShoptetWebhookQuerySchema,
    body: ShoptetWebhookCreateBodySchema,
    response: ShoptetWebhookListSchema,
    status: 201,
  }),
  deleteWebhook: defineEndpoint({
    method: 'DELETE',
    path: '/shoptet/settings/webhooks/:id',
    access: 'public',
    summary: 'Removes one webhook at Shoptet by its id',
    tags,
    params: ShoptetWebhookIdParamsSchema,
    query: ShoptetWebhookQuerySchema,
    response: ShoptetWebhookDeletedSchema,
  }),
  importProducts: defineEndpoint({
    method: 'GET',
    path: '/shoptet/products',
    access: 'eshops.write',
    summary:
      'Starts importing the shop’s products (page 1, 10 per page, then page by page to the end) as a job: ' +
      'matched to SKUs by code, missing ones created, Shoptet’s guid kept as the product’s e-shop id. ' +
      'Answers the job’s progress; a running import is answered instead of starting a second',
    tags,
    query: ShoptetProductImportQuerySchema,
    response: ShoptetProductImportSchema,
  }),
  updateProducts: defineEndpoint({
    method: 'PUT',
    path: '/shoptet/products',
    access: 'eshops.write',
    summary:
      'Starts updating the linked products from Shoptet (names, barcodes, weights, dimensions) as a job',
    tags,
    body: ShoptetProductUpdateBodySchema,
    response: ShoptetProductImportSchema,
  }),
  productImport: defineEndpoint({
    method: 'GET',
    path: '/shoptet/products/imports/:id',
    access: 'eshops.read',
    summary: 'The progress of a product import or update',
    tags,
    params: IdParamsSchema,
    response: ShoptetProductImportSchema,
  }),
}
