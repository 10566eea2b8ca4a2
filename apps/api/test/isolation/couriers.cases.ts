import { eq } from 'drizzle-orm'
import { courierQuotations, orders } from '../../src/db/schema/index.ts'
import type { TestApp } from '../app.ts'
import { productFor } from '../stock-fixtures.ts'
import type { IsolationArea, Party } from './kit.ts'
import { forbidden, noLeak, notFound } from './kit.ts'

let econt: Promise<string> | undefined
/** The shared ECONT courier (couriers belong to no tenant, so its id is not one of A's markers). */
let econtId = ''
/** A quotation of the shared ECONT courier (quotations belong to the courier, not to a tenant). */
let quotationId: Promise<string> | undefined
let qid = ''
const quotation = { country: 'Bulgaria', currency: 'BGN', courier_transport: 5.9 }

/** An order of the party to Sofia with the ECONT courier: the parcel-shop lookup of the detail page. */
async function seed(t: TestApp, p: Party): Promise<Record<string, string>> {
  econt ??= t.factory.courier({ name: 'ECONT', country: 'Bulgaria', isDefault: true }).then((c) => c.id)
  econtId = await econt
  quotationId ??= t.db
    .insert(courierQuotations)
    .values({ courierId: econtId, country: 'Bulgaria', currency: 'BGN', transport: '5.90', amount: '5.90' })
    .returning()
    .then(([q]) => q!.id)
  qid = await quotationId
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
    // Couriers and their quotations belong to no tenant: any reader may see them, only an admin change them.
    'GET /api/couriers/:id': () => [noLeak({ method: 'GET', url: `/api/couriers/${econtId}` })],
    'POST /api/couriers/:id': () => [forbidden({ method: 'POST', url: `/api/couriers/${econtId}` })],
    'GET /api/couriers/:id/quotations': () => [
      noLeak({ method: 'GET', url: `/api/couriers/${econtId}/quotations` }),
    ],
    'POST /api/couriers/:id/quotations': () => [
      forbidden({ method: 'POST', url: `/api/couriers/${econtId}/quotations`, payload: quotation }),
    ],
    'PUT /api/couriers/:id/quotations/:qid': () => [
      forbidden({ method: 'PUT', url: `/api/couriers/${econtId}/quotations/${qid}`, payload: quotation }),
    ],
    'DELETE /api/couriers/:id/quotations/:qid': () => [
      forbidden({ method: 'DELETE', url: `/api/couriers/${econtId}/quotations/${qid}` }),
    ],
    // The calculator's prefill: the caller's own numbers only.
    'GET /api/costcalculator/me': () => [noLeak({ method: 'GET', url: '/api/costcalculator/me' })],
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
