import { eshops, shoptetProductImports } from '../../src/db/schema/index.ts'
import type { TestApp } from '../app.ts'
import type { IsolationArea, Party } from './kit.ts'
import { forbidden, notFound } from './kit.ts'

let nextShoptetId = 880_000

/** An installed Shoptet connection of the party (credentials and all) and a product import of it. */
async function seed(t: TestApp, p: Party): Promise<Record<string, string>> {
  const tag = p.client.name.split(' ')[0]!.toLowerCase()
  const shoptetEshopId = ++nextShoptetId
  const [eshop] = await t.db
    .insert(eshops)
    .values({
      businessclientId: p.client.id,
      eshopUrl: `https://${tag}-shoptet-marker.myshoptet.cz/`,
      shoptetEshopId,
      isActive: true,
      oauthAccessToken: `${tag}-oauth-token-marker-0123456789`,
      webhookSignatureKey: `${tag}-signature-key-marker`,
      installedAt: new Date(),
      activatedAt: new Date(),
    })
    .returning()
  const [job] = await t.db
    .insert(shoptetProductImports)
    .values({ eshopId: eshop!.id, businessclientId: p.client.id, kind: 'import', status: 'done' })
    .returning()
  return {
    shoptetConnectionId: eshop!.id,
    shoptetEshopUrl: eshop!.eshopUrl,
    oauthToken: eshop!.oauthAccessToken!,
    signatureKey: eshop!.webhookSignatureKey!,
    productImportId: job!.id,
    shoptetEshopId: String(shoptetEshopId),
  }
}

const e = (p: Party) => p.areas.eshops as Record<'shoptetConnectionId' | 'productImportId', string>

export const eshopsArea: IsolationArea = {
  name: 'eshops',
  seed,
  cases: {
    'GET /api/settings/eshops/:id': ({ a }) => [
      notFound({ method: 'GET', url: `/api/settings/eshops/${e(a).shoptetConnectionId}` }),
    ],
    'PUT /api/settings/eshops/:id': ({ a }) => [
      notFound({
        method: 'PUT',
        url: `/api/settings/eshops/${e(a).shoptetConnectionId}`,
        payload: { isActive: false },
      }),
      notFound({
        method: 'PUT',
        url: `/api/settings/eshops/${e(a).shoptetConnectionId}`,
        payload: { 'shoptet_settings.import_orders_enabled': false },
      }),
    ],
    // Credentials are the admin's: a client may not call it at all.
    'GET /api/settings/eshops/:id/auth': ({ a }) => [
      forbidden({ method: 'GET', url: `/api/settings/eshops/${e(a).shoptetConnectionId}/auth` }),
    ],
    'GET /api/settings/eshops/:id/statuses': ({ a }) => [
      notFound({ method: 'GET', url: `/api/settings/eshops/${e(a).shoptetConnectionId}/statuses` }),
    ],
    // Shoptet's install call and the activation landing are public by nature (a code / a one-time key).
    'GET /api/shoptet/install': () => 'public',
    'POST /api/shoptet/newinstall/activation': () => 'public',
    // Public, authorised by the shop's id + OAuth token pair (shoptet-settings.int.test.ts proves a wrong
    // pair and a signed-in client without the pair are both 401).
    'GET /api/shoptet/settings/webhooks': () => 'public',
    'POST /api/shoptet/settings/webhooks': () => 'public',
    'DELETE /api/shoptet/settings/webhooks/:id': () => 'public',
    'GET /api/shoptet/products': ({ a }) => [
      notFound({ method: 'GET', url: '/api/shoptet/products', query: { eshop: e(a).shoptetConnectionId } }),
      notFound({ method: 'GET', url: '/api/shoptet/products', query: { businessclient: a.client.id } }),
    ],
    'PUT /api/shoptet/products': ({ a }) => [
      notFound({ method: 'PUT', url: '/api/shoptet/products', payload: { eshop: e(a).shoptetConnectionId } }),
      notFound({ method: 'PUT', url: '/api/shoptet/products', payload: { businessclient: a.client.id } }),
    ],
    'GET /api/shoptet/products/imports/:id': ({ a }) => [
      notFound({ method: 'GET', url: `/api/shoptet/products/imports/${e(a).productImportId}` }),
    ],
  },
}
