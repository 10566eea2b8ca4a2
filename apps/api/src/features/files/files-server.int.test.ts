import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../test/app.ts'
import { uploadRequest } from '../../../test/multipart.ts'

// A built web app, so that unknown paths outside the server's own would be answered with it.
let webDist: string
let t: TestApp
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'expedo-web-'))
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Expedo</title>')
  t = await createTestApp({ env: { WEB_DIST: webDist } })
})
afterAll(async () => {
  await t?.close()
  await rm(webDist, { recursive: true, force: true })
})

describe('the file server next to the web app', () => {
  it('serves an uploaded file under its key', async () => {
    const { api } = await t.userWithToken({ roles: ['admin'] })
    const upload = await api.request(uploadRequest('products'))
    expect(upload.status).toBe(201)
    const res = await t.anon.get(upload.body.publicurl)
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
  })

  it('answers an unknown key with 404 in the error shape, not with the web app', async () => {
    for (const url of [
      '/files/products/0190a6f5-7b2c-7000-8000-000000000000.png',
      '/files/products/nothing-here',
      '/files/no-such-file',
      '/files/',
      '/upload/extra',
    ]) {
      const res = await t.anon.get(url)
      expect(res.status, url).toBe(404)
      expect(res.body, url).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' })
    }
  })

  it('still answers the web app for its own routes', async () => {
    const res = await t.anon.get('/orders/123')
    expect(res.status).toBe(200)
    expect(res.body).toContain('<title>Expedo</title>')
  })
})
