import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { memoryTokens, type ShoptetTestbed, startShoptet } from '../../../../test/shoptet.ts'

/**
 * The contract: every answer the client reads, taken from the fake, validates against Shoptet's own
 * OpenAPI schemas (OpenAPI 3.1 = JSON Schema 2020-12, $refs resolved). If the fake drifts from Shoptet,
 * the client's tests against it would prove nothing; this test keeps the fake honest.
 */
type Spec = {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
  components: unknown
}
const spec = parse(readFileSync(new URL('./shoptet-openapi.yaml', import.meta.url), 'utf8'), {
  maxAliasCount: -1,
}) as Spec
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void
const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false })
addFormats(ajv)
ajv.addSchema({ $id: 'shoptet', components: spec.components })

/** Points local '#/components/…' refs of a path's schema at the shared components document. */
function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `shoptet${v}` : rebase(v),
      ]),
    )
  }
  return value
}
const compiled = new Map<string, ValidateFunction>()
function responseSchema(path: string, method: string, status: number): ValidateFunction {
  const key = `${method} ${path} ${status}`
  let validate = compiled.get(key)
  if (!validate) {
    const response = spec.paths[path]?.[method]?.responses[status] as
      | { content?: Record<string, { schema: unknown }> }
      | undefined
    const schema = response?.content?.['application/json']?.schema
    if (!schema) throw new Error(`No schema for ${key}`)
    validate = ajv.compile(rebase(schema) as object)
    compiled.set(key, validate)
  }
  return validate
}
function componentSchema(name: string): ValidateFunction {
  return ajv.compile({ $ref: `shoptet#/components/schemas/${name}` })
}
const describeErrors = (v: ValidateFunction) =>
  (v.errors ?? []).slice(0, 5).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`)

function expectValid(v: ValidateFunction, value: unknown) {
  const ok = v(value)
  expect(ok ? [] : describeErrors(v)).toEqual([])
}

let bed: ShoptetTestbed
let token: string
let eshopId: number
const received: { body: string; headers: Record<string, unknown> }[] = []
let hook: Server
let hookUrl: string

beforeAll(async () => {
  bed = await startShoptet()
  eshopId = bed.fake.createShop({ products: 'demo' }).eshopId
  const installation = await bed.installShop(eshopId)
  token = await memoryTokens(bed.cfg, installation.oauthAccessToken).get()
  hook = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers })
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', () => resolve()))
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hooks`
})
afterAll(async () => {
  await bed?.close()
  hook?.closeAllConnections()
  await new Promise<void>((resolve) => (hook ? hook.close(() => resolve()) : resolve()))
})

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${bed.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'shoptet-access-token': token },
    ...(body === undefined ? {} : { body: JSON.stringify({ data: body }) }),
  })
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> }
}

describe('the Shoptet fake answers what the OpenAPI file describes', () => {
  it('e-shop info', async () => {
    const r = await call('GET', '/api/eshop')
    expect(r.status).toBe(200)
    expect(r.headers.get('x-request-id')).toBeTruthy()
    expect(r.headers.get('x-ratelimit-bucket-filling')).toMatch(/^\d+\/200$/)
    expectValid(responseSchema('/api/eshop', 'get', 200), r.json)
  })

  it('webhooks: register, list, renew the key, delete', async () => {
    const created = await call('POST', '/api/webhooks', [
      { event: 'order:create', url: hookUrl },
      { event: 'order:update', url: hookUrl },
    ])
    expect(created.status).toBe(201)
    expectValid(responseSchema('/api/webhooks', 'post', 201), created.json)
    const list = await call('GET', '/api/webhooks')
    expectValid(responseSchema('/api/webhooks', 'get', 200), list.json)
    const key = await call('POST', '/api/webhooks/renew-signature-key')
    expectValid(responseSchema('/api/webhooks/renew-signature-key', 'post', 200), key.json)
    const id = (created.json.data as { webhooks: { id: number }[] }).webhooks[1]!.id
    const deleted = await call('DELETE', `/api/webhooks/${id}`)
    expect(deleted.status).toBe(200)
    expectValid(responseSchema('/api/webhooks/{id}', 'delete', 200), deleted.json)
    const missing = await call('DELETE', `/api/webhooks/${id}`)
    expect(missing.status).toBe(404)
    expectValid(responseSchema('/api/webhooks/{id}', 'delete', 404), missing.json)
  })

  it('products: list, detail, changes', async () => {
    const list = await call('GET', '/api/products?page=1&itemsPerPage=2')
    expectValid(responseSchema('/api/products', 'get', 200), list.json)
    const guid = (list.json.data as { products: { guid: string }[] }).products[0]!.guid
    const detail = await call('GET', `/api/products/${guid}`)
    expectValid(responseSchema('/api/products/{guid}', 'get', 200), detail.json)
    const changes = await call('GET', '/api/products/changes?from=2020-01-01T00:00:00%2B0000')
    expect((changes.json.data as { changes: unknown[] }).changes.length).toBeGreaterThan(0)
    expectValid(responseSchema('/api/products/changes', 'get', 200), changes.json)
  })

  it('orders: list, detail (with notes), changes, statuses, status and notes writes, webhook body', async () => {
    const cod = bed.fake.createOrder(eshopId, { cod: true, country: 'SK' })
    bed.fake.createOrder(eshopId, { cod: false, country: 'CZ' })
    const list = await call('GET', '/api/orders')
    expectValid(responseSchema('/api/orders', 'get', 200), list.json)
    const detail = await call('GET', `/api/orders/${cod.code}`)
    expectValid(responseSchema('/api/orders/{code}', 'get', 200), detail.json)
    const order = (detail.json.data as { order: Record<string, unknown> }).order
    expect(order.billingMethod).toMatchObject({ id: 1 })
    expect(order).not.toHaveProperty('notes')
    const withNotes = await call('GET', `/api/orders/${cod.code}?include=notes`)
    expectValid(responseSchema('/api/orders/{code}', 'get', 200), withNotes.json)
    const changes = await call('GET', '/api/orders/changes?from=2020-01-01T00:00:00%2B0000')
    expectValid(responseSchema('/api/orders/changes', 'get', 200), changes.json)
    const statuses = await call('GET', '/api/orders/statuses')
    expectValid(responseSchema('/api/orders/statuses', 'get', 200), statuses.json)
    const status = await call('PATCH', `/api/orders/${cod.code}/status?suppressEmailSending=true`, {
      statusId: -2,
    })
    expect(status.status).toBe(200)
    expectValid(responseSchema('/api/orders/{code}/status', 'patch', 200), status.json)
    const notes = await call('PATCH', `/api/orders/${cod.code}/notes`, { trackingNumber: 'DR1234567890' })
    expect(notes.status).toBe(200)
    expectValid(responseSchema('/api/orders/{code}/notes', 'patch', 200), notes.json)
    const missing = await call('GET', '/api/orders/NOPE-1')
    expect(missing.status).toBe(404)
    expectValid(componentSchema('Errors'), missing.json.errors)
    await bed.fake.idle()
    const delivered = received.find((d) => JSON.parse(d.body).eventInstance === cod.code)
    expect(delivered).toBeDefined()
    expectValid(componentSchema('notificationData'), JSON.parse(delivered!.body))
    const log = await call('GET', '/api/webhooks/notifications')
    expect((log.json.data as { notifications: unknown[] }).notifications.length).toBeGreaterThan(0)
    expectValid(responseSchema('/api/webhooks/notifications', 'get', 200), log.json)
  })

  it('invoices: issued by a status, list (by order, by code), changes, the PDF, one PDF at a time', async () => {
    const order = bed.fake.createOrder(eshopId, { country: 'CZ' })
    const status = await call('PATCH', `/api/orders/${order.code}/status`, { statusId: -3 })
    expect(status.status).toBe(200)
    const list = await call('GET', `/api/invoices?orderCode=${order.code}`)
    expectValid(responseSchema('/api/invoices', 'get', 200), list.json)
    const [invoice] = (list.json.data as { invoices: { code: string; orderCode: string }[] }).invoices
    expect(invoice).toMatchObject({ orderCode: order.code })
    const byCode = await call('GET', `/api/invoices?codeFrom=${invoice!.code}&codeTo=${invoice!.code}`)
    expect((byCode.json.data as { invoices: unknown[] }).invoices).toHaveLength(1)
    const changes = await call('GET', '/api/invoices/changes?from=2020-01-01T00:00:00%2B0000')
    expectValid(responseSchema('/api/invoices/changes', 'get', 200), changes.json)
    expect(JSON.stringify(changes.json)).toContain(invoice!.code)

    const pdfOf = (code: string) =>
      fetch(`${bed.baseUrl}/api/invoices/${code}/pdf`, { headers: { 'shoptet-access-token': token } })
    const pdf = await pdfOf(invoice!.code)
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/octet-stream')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    const missing = await pdfOf('NOPE-1')
    expect(missing.status).toBe(404)
    expectValid(responseSchema('/api/invoices/{code}/pdf', 'get', 404), await missing.json())

    bed.fake.setLatency(150)
    try {
      const both = await Promise.all([pdfOf(invoice!.code), pdfOf(invoice!.code)])
      expect(both.map((r) => r.status).sort()).toEqual([200, 423])
      await Promise.all(both.map((r) => r.arrayBuffer()))
    } finally {
      bed.fake.setLatency(0)
    }
  })

  it('refuses a broken shape (the check can fail)', async () => {
    const detail = await call('GET', `/api/orders/${bed.fake.createOrder(eshopId).code}`)
    const validate = responseSchema('/api/orders/{code}', 'get', 200)
    expect(validate(detail.json)).toBe(true)
    const order = (detail.json.data as { order: Record<string, unknown> }).order
    const broken = structuredClone(detail.json)
    const brokenOrder = (broken.data as { order: Record<string, unknown> }).order
    brokenOrder.price = { ...(order.price as object), withVat: 262 }
    expect(validate(broken)).toBe(false)
    const missingCode = structuredClone(detail.json)
    delete (missingCode.data as { order: Record<string, unknown> }).order.code
    expect(validate(missingCode)).toBe(false)
    const extra = structuredClone(detail.json)
    ;(extra.data as { order: Record<string, unknown> }).order.trackingNumber = 'X1'
    expect(validate(extra)).toBe(false)
    expect(
      componentSchema('notificationData')({
        eshopId: '1',
        event: 'x',
        eventCreated: null,
        eventInstance: 'x',
      }),
    ).toBe(false)
  })
})
