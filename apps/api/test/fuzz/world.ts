import { eshops } from '../../src/db/schema/index.ts'
import type { TestApp } from '../app.ts'
import { uploadRequest } from '../multipart.ts'
import { createShipment, productFor, receiveLine } from '../stock-fixtures.ts'

/**
 * Real records of one business client, so a generated request that is valid except for its one bad value
 * reaches the service and the database instead of stopping at a 404 on a made-up id.
 */
export interface FuzzWorld {
  adminToken: string
  clientToken: string
  ids: {
    client: string
    contact: string
    bankAccount: string
    companyId: string
    warehouse: string
    supplier: string
    courier: string
    product: string
    group: string
    eshop: string
    eshopItem: string
    order: string
    orderItem: string
    shipment: string
    card: string
    file: string
    admin: string
  }
  sku: string
}

export async function createFuzzWorld(t: TestApp): Promise<FuzzWorld> {
  const admin = await t.userWithToken({ roles: ['admin'] })
  const tenant = await t.tenantWithApi({ client: { name: 'Fuzz Client s.r.o.' } })
  const warehouse = await t.factory.warehouse()
  const supplier = await t.factory.company()
  const courier = await t.factory.courier({ name: 'ECONT', country: 'Bulgaria' })
  const [eshop] = await t.db
    .insert(eshops)
    .values({ businessclientId: tenant.client.id, eshopUrl: 'https://fuzz.example.com' })
    .returning()
  const sku = 'FUZZ-SKU-1'
  const product = await productFor(t, tenant.client.id, { name: 'Fuzz Product', sku })
  const withEshopId = await tenant.api.post(`/api/products/${product.id}/addeshopid`, {
    productId: 'FUZZ-EXT-1',
    eshop: eshop!.id,
  })
  const group = await tenant.api.post('/api/products/groups/', { name: 'Fuzz Group', products: [product.id] })
  const upload = await tenant.api.request(uploadRequest('products', 'fuzz.png'))
  const file = await tenant.api.post('/api/files/create', { key: upload.body.key })
  const order = await tenant.api.post('/api/orders/create/new', {
    clientOrderNr: 'FUZZ-1',
    shipTo: { country: 'Czech', city: 'Brno', street: 'Fuzzová', postcode: '602 00' },
    items: [{ product: product.id, quantity: 1, price: 10 }],
  })
  const shipment = await createShipment(admin.api, {
    warehouse: warehouse.id,
    businessclient: tenant.client.id,
  })
  await receiveLine(admin.api, shipment, { sku, quantity: 5 })
  const cards = await admin.api.post('/api/inventorycards/stocks', {
    filters: { businessclient: [tenant.client.id] },
  })
  for (const res of [withEshopId, group, file, order, cards]) {
    if (res.status >= 300) throw new Error(`fuzz world: ${res.status} ${JSON.stringify(res.body)}`)
  }
  return {
    adminToken: admin.token,
    clientToken: tenant.token,
    sku,
    ids: {
      client: tenant.client.id,
      contact: tenant.contact.id,
      bankAccount: tenant.bankAccount.id,
      companyId: tenant.companyId.id,
      warehouse: warehouse.id,
      supplier: supplier.id,
      courier: courier.id,
      product: product.id,
      group: group.body._id,
      eshop: eshop!.id,
      eshopItem: withEshopId.body.client_ids[0]._id,
      order: order.body._id,
      orderItem: order.body.items[0]._id,
      shipment,
      card: cards.body.list[0]._id,
      file: file.body._id,
      admin: admin.user.id,
    },
  }
}

type IdName = keyof FuzzWorld['ids']

/** A path parameter's record, from the segment before it (`/orders/:id` → an order). */
const paramIds: Record<string, IdName> = {
  businessclients: 'client',
  contacts: 'contact',
  bankaccounts: 'bankAccount',
  companyids: 'companyId',
  orders: 'order',
  items: 'orderItem',
  products: 'product',
  groups: 'group',
  inbound: 'shipment',
  inventorycards: 'card',
  warehouse: 'warehouse',
  deleteeshopid: 'eshopItem',
  eshops: 'eshop',
}

/** A body or query field's record, by the field's name. */
const fieldIds: Record<string, IdName> = {
  businessclient: 'client',
  product: 'product',
  products: 'product',
  productId: 'product',
  warehouse: 'warehouse',
  shipFrom: 'warehouse',
  courier: 'courier',
  courierId: 'courier',
  eshop: 'eshop',
  orders: 'order',
  triggerId: 'order',
  seller: 'supplier',
  photos: 'file',
  assignedUser: 'admin',
  _id: 'contact',
}

/** The real id a uuid field or parameter most likely wants, or undefined (a made-up id then). */
export function idFor(world: FuzzWorld, url: string, name: string, isParam: boolean): string | undefined {
  if (isParam) {
    const segments = url.split('/')
    const at = segments.indexOf(`:${name}`)
    return world.ids[paramIds[segments[at - 1] ?? ''] ?? paramIds[name] ?? 'client']
  }
  if (name === 'ids') return url.startsWith('/api/products') ? world.ids.product : world.ids.order
  const id = fieldIds[name]
  return id ? world.ids[id] : undefined
}
