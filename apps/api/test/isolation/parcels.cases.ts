import { eq } from 'drizzle-orm'
import { orders } from '../../src/db/schema/index.ts'
import type { TestApp } from '../app.ts'
import { productFor } from '../stock-fixtures.ts'
import type { IsolationArea, Party } from './kit.ts'
import { forbidden, noLeak, notFound } from './kit.ts'

/** A shipped order of the party and a returned parcel of it, registered by an operator. */
async function seed(t: TestApp, p: Party): Promise<Record<string, string>> {
  const tag = p.client.name.split(' ')[0]!.toUpperCase()
  const product = await productFor(t, p.client.id, {
    name: `${tag} Parcel Marker Vase`,
    sku: `${tag}-RET-SKU-3`,
  })
  const order = await t.as(p.token).post('/api/orders/create/new', {
    clientOrderNr: `${tag}-RET-ORDER-4417`,
    shipTo: { country: 'Czech', city: 'Brno', street: 'Údolní', postcode: '602 00' },
    items: [{ product: product.id, quantity: 1, price: 10 }],
  })
  if (order.status !== 201) throw new Error(`seed order → ${order.status} ${JSON.stringify(order.body)}`)
  const trackingId = `${tag}-TRACK-99812`
  await t.db.update(orders).set({ trackingId, status: 'Shipping' }).where(eq(orders.id, order.body._id))
  const operator = (await t.userWithToken({ roles: ['operator'] })).api
  const warehouse = await t.factory.warehouse()
  const parcel = await operator.post('/api/parcels/inbound', {
    trackingId,
    warehouse: warehouse.id,
    note: `${tag} Parcel Note 6630`,
    items: [{ product: product.id, quantity: 1 }],
  })
  if (parcel.status !== 201) throw new Error(`seed parcel → ${parcel.status} ${JSON.stringify(parcel.body)}`)
  return {
    parcelId: parcel.body._id,
    parcelNr: parcel.body.parcelNr,
    parcelOrderId: order.body._id,
    parcelTrackingId: trackingId,
    parcelProductId: product.id,
  }
}

const r = (p: Party) => p.areas.parcels!
/** Warehouses are shared (GET /api/warehouse lists them): not one of A's identifiers. */
const ANY_WAREHOUSE = '0190a0a0-0000-7000-8000-000000000000'

export const parcelsArea: IsolationArea = {
  name: 'parcels',
  seed,
  cases: {
    'GET /api/parcels/inbound': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/parcels/inbound' }),
      noLeak({ method: 'GET', url: '/api/parcels/inbound', query: { businessclient: a.client.id } }, [
        a.client.id,
      ]),
      noLeak(
        {
          method: 'GET',
          url: '/api/parcels/inbound',
          query: { searchTerm: r(a).parcelTrackingId as string },
        },
        [r(a).parcelTrackingId as string],
      ),
    ],
    'GET /api/parcels/inbound/lookup/order': ({ a }) => [
      forbidden({
        method: 'GET',
        url: '/api/parcels/inbound/lookup/order',
        query: { term: r(a).parcelTrackingId as string },
      }),
    ],
    'GET /api/parcels/inbound/:id': ({ a }) => [
      notFound({ method: 'GET', url: `/api/parcels/inbound/${r(a).parcelId}` }),
    ],
    'POST /api/parcels/inbound': ({ a }) => [
      forbidden({
        method: 'POST',
        url: '/api/parcels/inbound',
        payload: {
          order: r(a).parcelOrderId,
          warehouse: ANY_WAREHOUSE,
          items: [{ product: r(a).parcelProductId, quantity: 1 }],
        },
      }),
    ],
    'PUT /api/parcels/inbound/:id': ({ a }) => [
      forbidden({
        method: 'PUT',
        url: `/api/parcels/inbound/${r(a).parcelId}`,
        payload: {
          order: r(a).parcelOrderId,
          warehouse: ANY_WAREHOUSE,
          items: [{ product: r(a).parcelProductId, quantity: 5 }],
        },
      }),
    ],
    'POST /api/parcels/inbound/:id/process': ({ a }) => [
      forbidden({ method: 'POST', url: `/api/parcels/inbound/${r(a).parcelId}/process` }),
    ],
    'GET /api/orders/:id/parcel': ({ a }) => [
      notFound({ method: 'GET', url: `/api/orders/${r(a).parcelOrderId}/parcel` }),
    ],
  },
}
