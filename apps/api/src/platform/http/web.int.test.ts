import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'

// A built web app as vite writes it: index.html, meta.json and hashed assets with .br and .gz beside them.
const script = `export const page = ${JSON.stringify('orders '.repeat(400))}\n`
let webDist: string
let t: TestApp
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'expedo-web-'))
  await mkdir(path.join(webDist, 'assets'))
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Expedo</title>')
  await writeFile(path.join(webDist, 'meta.json'), '{"buildDate":"2026-11-27T10:00:00.000Z"}')
  await writeFile(path.join(webDist, 'secret.txt'), 'not an asset')
  const asset = path.join(webDist, 'assets', 'orders-list-page-AbC123_x.js')
  await writeFile(asset, script)
  await writeFile(`${asset}.br`, brotliCompressSync(script))
  await writeFile(`${asset}.gz`, gzipSync(script))
  await writeFile(path.join(webDist, 'assets', 'index-Zz9.css'), '.boot{display:grid}')
  // pdf.js's worker keeps its .mjs name in the build (the PDF pages' viewer starts it as a module worker).
  const worker = path.join(webDist, 'assets', 'pdf.worker.min-CIq_JB0y.mjs')
  await writeFile(worker, script)
  await writeFile(`${worker}.br`, brotliCompressSync(script))
  t = await createTestApp({ env: { WEB_DIST: webDist } })
})
afterAll(async () => {
  await t?.close()
  await rm(webDist, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

describe('the built web app', () => {
  it('serves a hashed asset compressed as the browser accepts, cached for a year', async () => {
    const br = await get('/assets/orders-list-page-AbC123_x.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(br.headers.vary).toBe('accept-encoding')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script)

    const gz = await get('/assets/orders-list-page-AbC123_x.js', { 'accept-encoding': 'gzip, br;q=0' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script)

    const plain = await get('/assets/orders-list-page-AbC123_x.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)

    // a file without precompressed copies (under 1 KB) is sent as it is
    const css = await get('/assets/index-Zz9.css', { 'accept-encoding': 'br' })
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.headers['content-encoding']).toBeUndefined()
    expect(css.body).toBe('.boot{display:grid}')
  })

  it('serves pdf.js’s .mjs worker as JavaScript, compressed, under the same CSP (no blob: worker needed)', async () => {
    const res = await get('/assets/pdf.worker.min-CIq_JB0y.mjs', { 'accept-encoding': 'br' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8')
    expect(res.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script)
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'")
  })

  it('answers a revalidation with 304 and the security headers on every asset', async () => {
    const first = await get('/assets/orders-list-page-AbC123_x.js', { 'accept-encoding': 'br' })
    const again = await get('/assets/orders-list-page-AbC123_x.js', {
      'if-none-match': String(first.headers.etag),
    })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    expect(first.headers['x-content-type-options']).toBe('nosniff')
    expect(String(first.headers['content-security-policy'])).toContain("script-src 'self'")
  })

  it('answers an asset not in the build, or a path out of the folder, with 404 — never another file', async () => {
    for (const url of [
      '/assets/nothing-here.js',
      '/assets/..%2Fsecret.txt',
      '/assets/%2E%2E%2Fsecret.txt',
      '/assets/.hidden.js',
      '/assets/orders-list-page-AbC123_x.js.br',
    ]) {
      const res = await get(url, { 'accept-encoding': 'br' })
      expect(res.statusCode, url).not.toBe(200)
      expect(res.body, url).not.toContain('not an asset')
      expect(res.headers['content-encoding'], url).toBeUndefined()
    }
    // the app's own paths get the app (its router shows them); index.html and meta.json are never cached
    const page = await get('/orders')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<title>Expedo</title>')
    expect(page.headers['cache-control']).toBe('no-cache')
    const meta = await get('/meta.json')
    expect(meta.statusCode).toBe(200)
    expect(meta.headers['cache-control']).toBe('no-cache')
  })
})
