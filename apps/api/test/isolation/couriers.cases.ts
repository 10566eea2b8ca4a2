import { eq } from 'drizzle-orm'
import { orders } from '../../src/db/schema/index.ts'
import type { TestApp } from '../app.ts'
import { productFor } from '../stock-fixtures.ts'
import type { IsolationArea, Party } from './kit.ts'
import { noLeak, notFound } from './kit.ts'

let econt: Promise<string> | undefined
/** The shared ECONT courier (couriers belong to no tenant, so its id is not one of A's markers). */
let econtId = ''

/** An order of the party to Sofia with the ECONT courier: the parcel-shop lookup of the detail page. */
async function seed(t: TestApp, p: Party): Promise<Record<string, string>> {
  econt ??= t.factory.courier({ name: 'ECONT', country: 'Bulgaria', isDefault: true }).then((c) => c.id)
  econtId = await econt
  const tag = p.client.name.split(' ')[0]!.toUpperCase()
  const product = await productFor(t, p.client.id, {
    name: `${tag} Office Marker Mug`,
    sku: `${tag}-OFFICE-SKU-4`,
  })
  const created = await t.as(p.token).post('/api/orders/create/new', {
    clientOrderNr: `${tag}-OFFICE-NR-3307`,
    shipTo: {
      country: 'Bulgaria',
      city: 'Sofia',
      street: `${tag} Office Marker Boulevard`,
      postcode: '1000',
      client: { firstName: `${tag}Officefirst` },
    },
    items: [{ product: product.id, quantity: 1, price: 12 }],
  })
  if (created.status !== 201)
    throw new Error(`seed order → ${created.status} ${JSON.stringify(created.body)}`)
  await t.db.update(orders).set({ courierId: econtId }).where(eq(orders.id, created.body._id))
  return {
    officeOrderId: created.body._id,
    officeOrderNr: `${tag}-OFFICE-NR-3307`,
    officeStreet: `${tag} Office Marker Boulevard`,
  }
}

const c = (p: Party) => p.areas.couriers!

export const couriersArea: IsolationArea = {
  name: 'couriers',
  seed,
  cases: {
    'GET /api/couriers': () => [
      noLeak({ method: 'GET', url: '/api/couriers' }),
      noLeak({ method: 'GET', url: '/api/couriers', query: { country: 'Bulgaria', name: 'econt' } }),
    ],
    // Offices belong to the courier, not to a tenant: anyone reading orders may list them.
    'POST /api/orders/getoffices': () => [
      noLeak({
        method: 'POST',
        url: '/api/orders/getoffices',
        payload: { country: 'Bulgaria', courierId: econtId },
      }),
    ],
    'POST /api/orders/:id/parcelshops': ({ a }) => [
      notFound({ method: 'POST', url: `/api/orders/${c(a).officeOrderId}/parcelshops`, payload: {} }),
      notFound({
        method: 'POST',
        url: `/api/orders/${c(a).officeOrderId}/parcelshops`,
        payload: { city: 'Sofia', courierId: econtId },
      }),
    ],
  },
}
