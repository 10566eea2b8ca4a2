import assert from 'node:assert/strict'
import { baseURL, DEMO_PASSWORD } from './browser.ts'

type Json = Record<string, unknown>

/**
 * A demo user signed in to the API, for the set-up a journey needs (the journeys test the screens, not
 * the set-up): its token, its business client, and `call`, which sends JSON and fails the step on any
 * answer but 2xx (naming the call, its status and its body). `base`: another server than the journeys'.
 */
export async function apiAs(username: string, base = baseURL) {
  const signin = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  })
  assert.equal(signin.status, 200, `sign-in of ${username}`)
  const session = (await signin.json()) as { token: string; businessclient: string | null }
  const call = async <T = Json>(method: string, url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: {
        authorization: `Bearer ${session.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    assert.ok(res.ok, `${method} ${url} answered ${res.status}: ${text}`)
    return (text ? JSON.parse(text) : undefined) as T
  }
  return { token: session.token, businessclient: session.businessclient, call }
}

/**
 * A fresh product of eshop1's company (`sku`, `name`) with `quantity` units received into the demo's Prague
 * warehouse: what an order of a journey allocates.
 */
export async function stockedProduct(sku: string, name: string, quantity: number) {
  const eshop = await apiAs('eshop1')
  const operator = await apiAs('operator')
  const product = await eshop.call<{ _id: string }>('POST', '/products', { name, codes: { sku } })
  const warehouses = await operator.call<{ _id: string; name: string }[]>('GET', '/warehouse')
  const warehouse = warehouses.find((w) => w.name === 'Praha Hostivař')
  assert.ok(warehouse, 'the demo warehouse')
  const inbound = await operator.call<{ _id: string }>('POST', '/shipments/inbound/create', {
    warehouse: warehouse._id,
    businessclient: eshop.businessclient,
  })
  await operator.call('POST', `/shipments/inbound/${inbound._id}/goodsreceived`, { sku, quantity })
  return { productId: product._id, productName: name, sku }
}
