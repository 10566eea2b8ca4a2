import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type Json, type TestApp } from '../../../test/app.ts'
import { TINY_PNG, uploadRequest } from '../../../test/multipart.ts'

/**
 * A stored photo is served only through a URL signed for its viewer by a call that checked role and tenant
 * (platform/security/file-urls.ts); everything else is 404, never the bytes.
 */
let t: TestApp
let a: Awaited<ReturnType<TestApp['tenantWithApi']>>
let b: Awaited<ReturnType<TestApp['tenantWithApi']>>
let product: Json
let key: string

beforeAll(async () => {
  t = await createTestApp()
  a = await t.tenantWithApi()
  b = await t.tenantWithApi()
  const upload = await a.api.request(uploadRequest('products', 'can.png'))
  expect(upload.status).toBe(201)
  key = upload.body.key
  const file = await a.api.post('/api/files/create', { key })
  const made = await a.api.post('/api/products', {
    name: 'Watering can',
    codes: { sku: t.factory.unique('PHOTO') },
  })
  expect(made.status).toBe(201)
  const withPhoto = await a.api.put(`/api/products/${made.body._id}`, { photos: [file.body._id] })
  expect(withPhoto.status).toBe(200)
  product = made.body
})
afterAll(() => t?.close())

const fetchFile = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url })
  return { status: res.statusCode, bytes: res.rawPayload, headers: res.headers }
}
const photoUrlAs = async (api: typeof a.api) =>
  (await api.get(`/api/products/${product._id}`)).body.foundProduct.photos[0].publicurl as string
/** `url` with one query parameter replaced. */
const withParam = (url: string, name: string, value: string) => {
  const u = new URL(url, 'http://x')
  u.searchParams.set(name, value)
  return `${u.pathname}${u.search}`
}

describe('GET /files/<key>', () => {
  it('serves the owner’s signed URL from its product with the bytes, privately cached until it expires', async () => {
    const url = await photoUrlAs(a.api)
    expect(url).toMatch(new RegExp(`^/files/${key}\\?t=.+&exp=\\d+&sig=`))
    const res = await fetchFile(url)
    expect(res.status).toBe(200)
    expect(Buffer.compare(res.bytes, TINY_PNG)).toBe(0)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+/)
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))![1])
    expect(maxAge).toBeGreaterThan(11 * 3600)
    expect(maxAge).toBeLessThanOrEqual(13 * 3600)
  })

  it('serves staff (all tenants) the URL their answer carries', async () => {
    const admin = await t.asAdmin()
    expect((await fetchFile(await photoUrlAs(admin))).status).toBe(200)
    const operator = (await t.userWithToken({ roles: ['operator'] })).api
    expect((await fetchFile(await photoUrlAs(operator))).status).toBe(200)
  })

  it('answers 404 to a URL without a signature, even the owner’s file, and to anonymous callers', async () => {
    for (const url of [`/files/${key}`, `/files/${key}?t=all`, `/files/${key}?t=all&exp=99999999999&sig=`]) {
      const res = await fetchFile(url)
      expect(res.status, url).toBe(404)
      expect(res.bytes.length, url).toBeLessThan(TINY_PNG.length + 200)
      expect(res.bytes.includes(TINY_PNG), url).toBe(false)
    }
  })

  it('answers 404 to a tampered signature, tenant or expiry, and to an expired URL', async () => {
    const url = await photoUrlAs(a.api)
    const sig = new URL(url, 'http://x').searchParams.get('sig')!
    const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'))
    for (const bad of [
      withParam(url, 'sig', flipped),
      withParam(url, 'sig', `${sig}x`),
      withParam(url, 't', 'all'),
      withParam(url, 'exp', String(exp + 3600)),
      url.replace(
        key,
        key.replace(/.\.png$/, (m) => `${m[0] === 'a' ? 'b' : 'a'}.png`),
      ),
    ])
      expect((await fetchFile(bad)).status, bad).toBe(404)
    const yesterday = Date.now() - 14 * 3600 * 1000
    const expired = t.app.fileUrls.sign(key, { kind: 'client', businessclientId: a.client.id }, yesterday)
    expect((await fetchFile(expired)).status).toBe(404)
  })

  it('answers 404 to a URL signed for another tenant, and that tenant never gets one', async () => {
    expect((await b.api.get(`/api/products/${product._id}`)).status).toBe(404)
    const forB = t.app.fileUrls.sign(key, { kind: 'client', businessclientId: b.client.id })
    expect((await fetchFile(forB)).status).toBe(404)
  })

  it('gives the uploader a working URL in the upload’s answer (POST /upload, POST /api/files/create)', async () => {
    const upload = await b.api.request(uploadRequest('products', 'pot.png'))
    expect((await fetchFile(upload.body.publicurl)).status).toBe(200)
    const file = await b.api.post('/api/files/create', { key: upload.body.key })
    expect((await fetchFile(file.body.publicurl)).status).toBe(200)
    // B's own file through a URL signed for A: not found.
    const forA = t.app.fileUrls.sign(upload.body.key, { kind: 'client', businessclientId: a.client.id })
    expect((await fetchFile(forA)).status).toBe(404)
  })
})
