import { eshops } from '../../src/db/schema/index.ts'
import type { TestApp } from '../app.ts'
import type { IsolationArea, Party } from './kit.ts'
import { noLeak, notFound } from './kit.ts'

const slug = (p: Party) => p.client.name.split(' ')[0]!.toUpperCase()

/** A product with a photo and an e-shop id, a group holding it, and the e-shop: all made by the party's user. */
async function seed(t: TestApp, p: Party): Promise<Record<string, string>> {
  const api = t.as(p.token)
  const tag = slug(p)
  const [eshop] = await t.db
    .insert(eshops)
    .values({ businessclientId: p.client.id, eshopUrl: `https://www.${tag.toLowerCase()}-eshop-marker.cz` })
    .returning()
  const created = await api.post('/api/products', {
    name: `${tag} Marker Rake`,
    codes: { sku: `${tag}-SKU-771`, barcode: `${tag}-EAN-771` },
  })
  if (created.status !== 201) throw new Error(`seed product → ${created.status}`)
  const productId: string = created.body._id
  await api.put(`/api/products/${productId}`, { photos: [p.file.id] })
  const withId = await api.post(`/api/products/${productId}/addeshopid`, {
    productId: `${tag}-EXT-991`,
    eshop: eshop!.id,
  })
  const group = await api.post('/api/products/groups/', {
    name: `${tag} Marker Group`,
    products: [productId],
  })
  if (group.status !== 201) throw new Error(`seed group → ${group.status}`)
  return {
    productId,
    productName: `${tag} Marker Rake`,
    sku: `${tag}-SKU-771`,
    barcode: `${tag}-EAN-771`,
    eshopId: eshop!.id,
    eshopUrl: eshop!.eshopUrl,
    eshopItemId: withId.body.client_ids[0]._id,
    externalId: `${tag}-EXT-991`,
    groupId: group.body._id,
    groupName: `${tag} Marker Group`,
  }
}

const mine = (p: Party) => p.areas.catalogue!
const product = (id: string) => `/api/products/${id}`
const group = (id: string) => `/api/products/groups/${id}`

export const catalogueArea: IsolationArea = {
  name: 'catalogue',
  seed,
  cases: {
    'GET /api/products': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/products' }),
      noLeak({ method: 'GET', url: '/api/products', query: { searchTerm: mine(a).sku! } }),
      noLeak({ method: 'GET', url: '/api/products', query: { businessclient: a.client.id } }),
    ],
    'GET /api/products/:id': ({ a }) => [notFound({ method: 'GET', url: product(mine(a).productId!) })],
    'POST /api/products': ({ a }) => [
      noLeak({
        method: 'POST',
        url: '/api/products',
        payload: { name: 'Intruder', codes: { sku: 'INTRUDER-1' }, businessclient: a.client.id },
      }),
    ],
    'PUT /api/products/:id': ({ a, b }) => [
      notFound({ method: 'PUT', url: product(mine(a).productId!), payload: { name: 'Hijacked' } }),
      notFound({ method: 'PUT', url: product(mine(a).productId!), payload: { photos: [] } }),
      // The caller's own product with A's photo.
      noLeak({ method: 'PUT', url: product(mine(b).productId!), payload: { photos: [a.file.id] } }),
    ],
    'PUT /api/products': ({ a }) => [
      noLeak({
        method: 'PUT',
        url: '/api/products',
        payload: { ids: [mine(a).productId!], query: { allowImportOrders: false } },
      }),
    ],
    'POST /api/products/:id/addeshopid': ({ a, b }) => [
      notFound({
        method: 'POST',
        url: `${product(mine(a).productId!)}/addeshopid`,
        payload: { productId: 'X-1', eshop: mine(a).eshopId! },
      }),
      notFound({
        method: 'POST',
        url: `${product(mine(b).productId!)}/addeshopid`,
        payload: { productId: 'X-2', eshop: mine(a).eshopId! },
      }),
    ],
    'DELETE /api/products/:id/deleteeshopid/:itemId': ({ a, b }) => [
      notFound({
        method: 'DELETE',
        url: `${product(mine(a).productId!)}/deleteeshopid/${mine(a).eshopItemId}`,
      }),
      notFound({
        method: 'DELETE',
        url: `${product(mine(b).productId!)}/deleteeshopid/${mine(a).eshopItemId}`,
      }),
    ],
    'POST /api/products/upload/xls': ({ a }) => [
      noLeak({
        method: 'POST',
        url: '/api/products/upload/xls',
        payload: {
          businessclient: a.client.id,
          products: [{ name: 'Intruder', codes: { sku: 'INTRUDER-XLS', barcode: '1' } }],
        },
      }),
    ],
    'GET /api/settings/eshops': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/settings/eshops' }),
      noLeak({ method: 'GET', url: '/api/settings/eshops', query: { businessclient: a.client.id } }),
    ],
    'POST /api/products/groups/': ({ a }) => [
      noLeak({
        method: 'POST',
        url: '/api/products/groups/',
        payload: { name: 'Intruder group', products: [mine(a).productId!] },
      }),
      noLeak({
        method: 'POST',
        url: '/api/products/groups/',
        payload: { name: 'Intruder group', products: [], businessclient: a.client.id },
      }),
    ],
    'GET /api/products/groups': ({ a }) => [
      noLeak({ method: 'GET', url: '/api/products/groups' }),
      noLeak({ method: 'GET', url: '/api/products/groups', query: { searchTerm: mine(a).groupName! } }),
    ],
    'GET /api/products/groups/:id': ({ a }) => [notFound({ method: 'GET', url: group(mine(a).groupId!) })],
    'PUT /api/products/groups/:id': ({ a }) => [
      notFound({ method: 'PUT', url: group(mine(a).groupId!), payload: { name: 'Hijacked' } }),
    ],
    'DELETE /api/products/groups/:id': ({ a }) => [
      notFound({ method: 'DELETE', url: group(mine(a).groupId!) }),
    ],
    'POST /api/products/groups/:id/products': ({ a, b }) => [
      notFound({
        method: 'POST',
        url: `${group(mine(a).groupId!)}/products`,
        payload: { products: [mine(b).productId!] },
      }),
      // The caller's own group with A's product.
      noLeak({
        method: 'POST',
        url: `${group(mine(b).groupId!)}/products`,
        payload: { products: [mine(a).productId!] },
      }),
    ],
    'DELETE /api/products/groups/:id/products/:productId': ({ a, b }) => [
      notFound({ method: 'DELETE', url: `${group(mine(a).groupId!)}/products/${mine(a).productId}` }),
      notFound({ method: 'DELETE', url: `${group(mine(b).groupId!)}/products/${mine(a).productId}` }),
    ],
  },
}
