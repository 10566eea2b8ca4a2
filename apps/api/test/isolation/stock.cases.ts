import type { TestApp } from '../app.ts'
import { createShipment, productFor, receiveLine } from '../stock-fixtures.ts'
import type { IsolationArea, Party } from './kit.ts'
import { forbidden, noLeak, notFound } from './kit.ts'

let operator: Promise<{ token: string; warehouseId: string }> | undefined
/** The shared warehouse (not a tenant's record, so not one of A's markers). */
let sharedWarehouseId = ''

/** An inventory card with movements (received, then adjusted), unpaired goods and an inbound shipment. */
async function seed(t: TestApp, p: Party): Promise<Record<string, string>> {
  operator ??= (async () => {
    const { token } = await t.userWithToken({ roles: ['operator'] })
    const warehouse = await t.factory.warehouse({ name: 'Isolation Warehouse' })
    return { token, warehouseId: warehouse.id }
  })()
  const { token, warehouseId } = await operator
  sharedWarehouseId = warehouseId
  const api = t.as(token)
  const tag = p.client.name.split(' ')[0]!.toUpperCase()
  const sku = `${tag}-STOCK-SKU-551`
  const product = await productFor(t, p.client.id, { name: `${tag} Stock Marker Hose`, sku })
  const shipmentId = await createShipment(api, { warehouse: warehouseId, businessclient: p.client.id })
  await receiveLine(api, shipmentId, {
    sku,
    quantity: 9,
    description: `${tag} stock marker description`,
    inhouse_position: `${tag}-POS-7`,
  })
  const unpairedSku = `${tag}-UNPAIRED-SKU-313`
  await receiveLine(api, shipmentId, { sku: unpairedSku, quantity: 2 })
  const cards = await api.post('/api/inventorycards/stocks', {
    filters: { businessclient: [p.client.id] },
    itemsPerPage: 0,
  })
  const cardId: string = cards.body.list.find((c: { sku: string }) => c.sku === sku)._id
  const unpairedId: string = cards.body.list.find((c: { sku: string }) => c.sku === unpairedSku)._id
  const adjusted = await api.post(`/api/inventorycards/${cardId}/adjust`, {
    quantity: -1,
    reason: `${tag} adjustment marker reason`,
  })
  if (adjusted.status !== 201) throw new Error(`seed adjust → ${adjusted.status}`)
  return {
    stockProductId: product.id,
    stockProductName: product.name,
    sku,
    unpairedSku,
    cardId,
    unpairedId,
    movementId: adjusted.body.movement._id,
    shipmentId,
    reason: `${tag} adjustment marker reason`,
    description: `${tag} stock marker description`,
    position: `${tag}-POS-7`,
  }
}

const s = (p: Party) => p.areas.stock!
const inv = (p: Party) => `/api/warehouse/${sharedWarehouseId}/inventory/${s(p).sku}`

export const stockArea: IsolationArea = {
  name: 'stock',
  seed,
  cases: {
    'GET /api/warehouse': () => [noLeak({ method: 'GET', url: '/api/warehouse' })],
    'GET /api/company/': () => [noLeak({ method: 'GET', url: '/api/company/' })],
    'POST /api/inventorycards/stocks': ({ a }) => [
      noLeak({ method: 'POST', url: '/api/inventorycards/stocks', payload: {} }),
      noLeak({
        method: 'POST',
        url: '/api/inventorycards/stocks',
        payload: {
          filters: { businessclient: [a.client.id], product: [s(a).stockProductId], sku: s(a).sku },
          itemsPerPage: 0,
        },
      }),
    ],
    'POST /api/inventorycards/stocks_atdate': ({ a }) => [
      noLeak({
        method: 'POST',
        url: '/api/inventorycards/stocks_atdate',
        payload: {
          warehouse: sharedWarehouseId,
          products: [s(a).stockProductId],
          businessclient: [a.client.id],
          atDate: new Date().toISOString(),
        },
      }),
    ],
    'POST /api/inventorycards/stocks/export': ({ a }) => [
      noLeak({
        method: 'POST',
        url: '/api/inventorycards/stocks/export',
        payload: { filters: { businessclient: [a.client.id] } },
      }),
    ],
    'POST /api/warehouse/:warehouse_id/inventory/:sku': ({ a }) => [
      notFound({ method: 'POST', url: inv(a) }),
    ],
    'GET /api/warehouse/:warehouse_id/inventory/:sku/movement/:skip/:limit': ({ a }) => [
      notFound({ method: 'GET', url: `${inv(a)}/movement/0/50` }),
    ],
    'POST /api/products/:id/movements': ({ a }) => [
      notFound({ method: 'POST', url: `/api/products/${s(a).stockProductId}/movements`, payload: {} }),
    ],
    'POST /api/inventorycards/:id/adjust': ({ a }) => [
      forbidden({
        method: 'POST',
        url: `/api/inventorycards/${s(a).cardId}/adjust`,
        payload: { quantity: -5, reason: 'Steal' },
      }),
    ],
    'GET /api/inventorycards/unpaired': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/inventorycards/unpaired', query: { businessclient: a.client.id } }),
    ],
    'POST /api/inventorycards/:id/pair': ({ a, b }) => [
      notFound({
        method: 'POST',
        url: `/api/inventorycards/${s(a).unpairedId}/pair`,
        payload: { product: s(b).stockProductId },
      }),
      // The caller's own unpaired goods with A's product.
      noLeak({
        method: 'POST',
        url: `/api/inventorycards/${s(b).unpairedId}/pair`,
        payload: { product: s(a).stockProductId },
      }),
    ],
    'POST /api/shipments/inbound': ({ a }) => [
      noLeak({
        method: 'POST',
        url: '/api/shipments/inbound',
        payload: { filters: { businessclient: a.client.id } },
      }),
    ],
    'POST /api/shipments/inbound/export': ({ a }) => [
      noLeak({
        method: 'POST',
        url: '/api/shipments/inbound/export',
        payload: { filters: { businessclient: a.client.id } },
      }),
    ],
    'GET /api/shipments/inbound/:id': ({ a }) => [
      notFound({ method: 'GET', url: `/api/shipments/inbound/${s(a).shipmentId}` }),
    ],
    'POST /api/shipments/inbound/create': ({ a }) => [
      forbidden({
        method: 'POST',
        url: '/api/shipments/inbound/create',
        payload: { warehouse: sharedWarehouseId, businessclient: a.client.id },
      }),
    ],
    'POST /api/shipments/inbound/:id/goodsreceived': ({ a }) => [
      forbidden({
        method: 'POST',
        url: `/api/shipments/inbound/${s(a).shipmentId}/goodsreceived`,
        payload: { sku: s(a).sku, quantity: 100 },
      }),
    ],
    'POST /api/shipments/inbound/:id/photos': ({ a, b }) => [
      forbidden({
        method: 'POST',
        url: `/api/shipments/inbound/${s(a).shipmentId}/photos`,
        payload: { photos: [b.file.id] },
      }),
    ],
    'POST /api/shipments/inbound/:id/process': ({ a }) => [
      forbidden({ method: 'POST', url: `/api/shipments/inbound/${s(a).shipmentId}/process` }),
    ],
  },
}
