import { eq } from 'drizzle-orm'
import { eshops, orders, shoptetInvoices } from '../../src/db/schema/index.ts'
import type { TestApp } from '../app.ts'
import { type IsolationArea, notFound, type Party } from './kit.ts'

/**
 * The party's order (orders area) as an order of its Shoptet connection (eshops area) set to Shoptet
 * invoices, with Shoptet's invoice synced: its number and order code are markers B must never see.
 */
async function seed(t: TestApp, p: Party): Promise<Record<string, string>> {
  const tag = p.client.name.split(' ')[0]!.toLowerCase()
  const eshopId = p.areas.eshops!.shoptetConnectionId!
  const orderId = p.areas.orders!.orderId!
  const orderCode = `${tag}-shoptet-order-marker`
  await t.db.update(eshops).set({ invoicing: 'shoptet' }).where(eq(eshops.id, eshopId))
  await t.db.update(orders).set({ eshopId, eshopOrderCode: orderCode }).where(eq(orders.id, orderId))
  const [invoice] = await t.db
    .insert(shoptetInvoices)
    .values({
      eshopId,
      businessclientId: p.client.id,
      code: `${tag}-shoptet-invoice-marker`,
      orderCode,
      isValid: true,
      currency: 'CZK',
      total: '1234.00',
    })
    .returning()
  return { shoptetOrderCode: orderCode, shoptetInvoiceCode: invoice!.code }
}

export const shoptetOrdersArea: IsolationArea = {
  name: 'shoptet-orders',
  seed,
  cases: {
    /**
     * The Shoptet webhook intake: public (Shoptet calls it), authorised by the shop's signature instead of
     * a session; features/shoptet-orders/shoptet-webhooks.int.test.ts proves a foreign or missing signature
     * is 401 and stores nothing.
     */
    'POST /api/shoptet/webhooks': () => 'public',
    'GET /api/orders/:id/shoptet-invoice/pdf': ({ a }) => [
      notFound({
        method: 'GET',
        url: `/api/orders/${a.areas.orders!.orderId}/shoptet-invoice/pdf`,
      }),
    ],
  },
}
