import type { TestApp } from '../app.ts'
import { productFor } from '../stock-fixtures.ts'
import type { Ctx, IsolationArea, Party, Probe } from './kit.ts'
import { forbidden, noLeak, notFound } from './kit.ts'

/** An order of the party, created by its own user (no stock: it waits in No goods). */
async function seed(t: TestApp, p: Party): Promise<Record<string, string>> {
  const tag = p.client.name.split(' ')[0]!.toUpperCase()
  const product = await productFor(t, p.client.id, {
    name: `${tag} Order Marker Lamp`,
    sku: `${tag}-ORDER-SKU-7`,
  })
  const created = await t.as(p.token).post('/api/orders/create/new', {
    clientOrderNr: `${tag}-ORDER-NR-8812`,
    shipTo: {
      country: 'Czech',
      city: 'Brno',
      street: `${tag} Marker Street`,
      postcode: '602 00',
      client: { firstName: `${tag}Firstname`, email: `${tag.toLowerCase()}.buyer@example.com` },
    },
    items: [{ product: product.id, quantity: 1, price: 10 }],
  })
  if (created.status !== 201)
    throw new Error(`seed order → ${created.status} ${JSON.stringify(created.body)}`)
  const commented = await t.as(p.token).request({
    method: 'POST',
    url: '/api/comments',
    query: { trigger: 'order', triggerId: created.body._id },
    payload: { text: `${tag} Comment Marker 5521` },
  })
  if (commented.status !== 200)
    throw new Error(`seed comment → ${commented.status} ${JSON.stringify(commented.body)}`)
  return {
    commentId: commented.body[0]._id,
    commentText: `${tag} Comment Marker 5521`,
    orderId: created.body._id,
    orderItemId: created.body.items[0]._id,
    orderProductId: product.id,
    orderProductSku: product.sku,
    clientOrderNr: `${tag}-ORDER-NR-8812`,
    street: `${tag} Marker Street`,
    firstName: `${tag}Firstname`,
  }
}

const o = (p: Party) => p.areas.orders!
/**
 * An export reaching for A's orders finds nothing of A's: 404 'No objects were found for export' (a file is
 * compressed, so the walk's text search could not see a leak). The three exports share one selection, so
 * the filters are probed on one of them and the ids on each.
 */
const exportCases = (url: string, withFilters = false): Record<string, (ctx: Ctx) => Probe[]> => ({
  [`POST ${url}`]: ({ a }) => [
    notFound({ method: 'POST', url, payload: { ids: [o(a).orderId] } }),
    ...(withFilters
      ? [
          notFound({ method: 'POST', url, payload: { businessclient: a.client.id } }),
          notFound({ method: 'POST', url, payload: { product: o(a).orderProductId } }),
          notFound({ method: 'POST', url, payload: { skus: [o(a).orderProductSku] } }),
        ]
      : []),
  ],
})

const address = { country: 'Czech', city: 'Brno', street: 'Intruder 1', postcode: '110 00' }

export const ordersArea: IsolationArea = {
  name: 'orders',
  seed,
  cases: {
    'POST /api/orders': ({ a }) => [
      noLeak({ method: 'POST', url: '/api/orders', payload: {} }),
      noLeak({ method: 'POST', url: '/api/orders', payload: { businessclient: a.client.id } }),
      noLeak({ method: 'POST', url: '/api/orders', payload: { product: o(a).orderProductId } }),
      noLeak({ method: 'POST', url: '/api/orders', payload: { skus: [o(a).orderProductSku] } }),
    ],
    'POST /api/orders/find/search': ({ a }) => [
      noLeak({ method: 'POST', url: '/api/orders/find/search', payload: { searchTerm: o(a).clientOrderNr } }),
      noLeak({
        method: 'POST',
        url: '/api/orders/find/search',
        payload: { searchTerm: o(a).firstName, key: 'customer' },
      }),
    ],
    'POST /api/orders/create/new': ({ a }) => [
      // Creating for A, or with A's product, reaches nothing of A's.
      notFound({
        method: 'POST',
        url: '/api/orders/create/new',
        payload: { businessclient: a.client.id, shipTo: address, items: [] },
      }),
      noLeak({
        method: 'POST',
        url: '/api/orders/create/new',
        payload: { shipTo: address, items: [{ product: o(a).orderProductId, quantity: 1 }] },
      }),
    ],
    'GET /api/orders/:id': ({ a }) => [notFound({ method: 'GET', url: `/api/orders/${o(a).orderId}` })],
    'GET /api/comments': ({ a }) => [
      notFound({
        method: 'GET',
        url: '/api/comments',
        query: { trigger: 'order', triggerId: `${o(a).orderId}` },
      }),
    ],
    'POST /api/comments': ({ a }) => [
      notFound({
        method: 'POST',
        url: '/api/comments',
        query: { trigger: 'order', triggerId: `${o(a).orderId}` },
        payload: { text: 'Intruder comment' },
      }),
    ],
    'GET /api/orders/:id/duplicate': ({ a }) => [
      notFound({ method: 'GET', url: `/api/orders/${o(a).orderId}/duplicate` }),
    ],
    'POST /api/orders/:id/cancel': ({ a }) => [
      notFound({ method: 'POST', url: `/api/orders/${o(a).orderId}/cancel` }),
    ],
    ...exportCases('/api/orders/export/perprodcutline'),
    ...exportCases('/api/orders/export/perorderline', true),
    ...exportCases('/api/orders/export/perorderline/cost'),
    'POST /api/products/:id/pairToOrders': ({ a }) => [
      notFound({ method: 'POST', url: `/api/products/${o(a).orderProductId}/pairToOrders` }),
    ],
    'PUT /api/orders/:id': ({ a }) => [
      notFound({ method: 'PUT', url: `/api/orders/${o(a).orderId}`, payload: { status: 'Draft' } }),
      notFound({ method: 'PUT', url: `/api/orders/${o(a).orderId}`, payload: { status: 'Canceled' } }),
      notFound({
        method: 'PUT',
        url: `/api/orders/${o(a).orderId}`,
        payload: {
          clientOrderNr: 'INTRUDER',
          shipTo: { city: 'Intruder City' },
          shipping: { courier: null },
        },
      }),
      notFound({
        method: 'PUT',
        url: `/api/orders/${o(a).orderId}`,
        payload: { payment: { COD: { amount: 999 } }, processing: { instructions: 'Intruder' } },
      }),
    ],
    // A's ids come back only as the caller sent them, failed as 'Order not found'; nothing else of A's.
    'PUT /api/orders': ({ a }) => [
      noLeak({ method: 'PUT', url: '/api/orders', payload: { orders: [o(a).orderId], status: 'Draft' } }, [
        o(a).orderId!,
      ]),
      noLeak({ method: 'PUT', url: '/api/orders', payload: { orders: [o(a).orderId], status: 'Canceled' } }, [
        o(a).orderId!,
      ]),
      forbidden({
        method: 'PUT',
        url: '/api/orders',
        payload: { orders: [o(a).orderId], assignedUser: null },
      }),
    ],
    'POST /api/orders/:id/items': ({ a }) => [
      notFound({
        method: 'POST',
        url: `/api/orders/${o(a).orderId}/items`,
        payload: { product: o(a).orderProductId, quantity: 1, price: 1 },
      }),
    ],
    'DELETE /api/orders/:id/items/:itemId': ({ a }) => [
      notFound({ method: 'DELETE', url: `/api/orders/${o(a).orderId}/items/${o(a).orderItemId}` }),
    ],
    'POST /api/orders/:id/open': ({ a }) => [
      notFound({ method: 'POST', url: `/api/orders/${o(a).orderId}/open` }),
    ],
    'GET /api/orders/assignees': () => [forbidden({ method: 'GET', url: '/api/orders/assignees' })],
  },
}
