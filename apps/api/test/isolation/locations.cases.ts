import type { TestApp } from '../app.ts'
import { createShipment, productFor, receiveLine } from '../stock-fixtures.ts'
import type { IsolationArea, Party } from './kit.ts'
import { forbidden, noLeak, notFound } from './kit.ts'

/**
 * A location holding the party's goods, in a warehouse of its own. Warehouses are shared (GET /api/warehouse
 * lists them), so the warehouse id is kept aside instead of being one of A's markers.
 */
const warehouseOf = new Map<string, string>()

async function seed(t: TestApp, p: Party): Promise<Record<string, string>> {
  const tag = p.client.name.split(' ')[0]!.toUpperCase()
  const sku = `${tag}-SHELF-SKU-5`
  await productFor(t, p.client.id, { name: `${tag} Shelf Marker Lamp`, sku, barcode: `${tag}-EAN-3311` })
  const operator = (await t.userWithToken({ roles: ['operator'] })).api
  const warehouse = await t.factory.warehouse()
  warehouseOf.set(p.client.id, warehouse.id)
  const code = `${tag}-LOC-7731`
  const location = await operator.post('/api/locations', { warehouse: warehouse.id, code })
  const shipment = await createShipment(operator, { warehouse: warehouse.id, businessclient: p.client.id })
  await receiveLine(operator, shipment, { sku, quantity: 4 })
  const put = await operator.post('/api/locations/putaway', {
    warehouse: warehouse.id,
    to: code,
    barcode: sku,
    quantity: 3,
  })
  if (put.status !== 200) throw new Error(`seed putaway → ${put.status} ${JSON.stringify(put.body)}`)
  return { locationId: location.body._id, locationCode: code }
}

const r = (p: Party) => p.areas.locations as { locationId: string; locationCode: string }
const w = (p: Party) => warehouseOf.get(p.client.id)!

export const locationsArea: IsolationArea = {
  name: 'locations',
  seed,
  cases: {
    'GET /api/locations': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/locations', query: { warehouse: w(a) } }),
      noLeak({ method: 'GET', url: '/api/locations', query: { warehouse: w(a), search: r(a).locationCode } }),
    ],
    'GET /api/locations/:id': ({ a }) => [
      notFound({ method: 'GET', url: `/api/locations/${r(a).locationId}` }),
    ],
    'GET /api/locations/scan': ({ a }) => [
      notFound({
        method: 'GET',
        url: '/api/locations/scan',
        query: { warehouse: w(a), code: r(a).locationCode },
      }),
    ],
    'POST /api/locations': ({ a }) => [
      forbidden({ method: 'POST', url: '/api/locations', payload: { warehouse: w(a), code: 'B-TRY-1' } }),
    ],
    'PUT /api/locations/:id': ({ a }) => [
      forbidden({ method: 'PUT', url: `/api/locations/${r(a).locationId}`, payload: { active: false } }),
    ],
    'POST /api/locations/bulk': ({ a }) => [
      forbidden({
        method: 'POST',
        url: '/api/locations/bulk',
        payload: {
          warehouse: w(a),
          zone: 'B',
          aisles: { from: 1, to: 1 },
          racks: { from: 1, to: 1 },
          levels: { from: 1, to: 1 },
        },
      }),
    ],
    'GET /api/locations/labels': ({ a }) => [
      forbidden({ method: 'GET', url: '/api/locations/labels', query: { warehouse: w(a) } }),
    ],
    'GET /api/locations/putaway/suggestion': ({ a }) => [
      forbidden({
        method: 'GET',
        url: '/api/locations/putaway/suggestion',
        query: { warehouse: w(a), barcode: 'X' },
      }),
    ],
    'POST /api/locations/putaway': ({ a }) => [
      forbidden({
        method: 'POST',
        url: '/api/locations/putaway',
        payload: { warehouse: w(a), to: r(a).locationCode, barcode: 'X', quantity: 1 },
      }),
    ],
    'POST /api/locations/move': ({ a }) => [
      forbidden({
        method: 'POST',
        url: '/api/locations/move',
        payload: { warehouse: w(a), from: r(a).locationCode, to: 'RECEIVING', barcode: 'X', quantity: 1 },
      }),
    ],
  },
}
