import type { IsolationArea } from './kit.ts'

/**
 * The Shoptet webhook intake: public (Shoptet calls it), authorised by the shop's signature instead of a
 * session; features/shoptet-orders/shoptet-webhooks.int.test.ts proves a foreign or missing signature is
 * 401 and stores nothing.
 */
export const shoptetOrdersArea: IsolationArea = {
  name: 'shoptet-orders',
  cases: {
    'POST /api/shoptet/webhooks': () => 'public',
  },
}
