import { type AddressInfo, createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { labelRequest } from '../../../test/courier-labels.ts'
import { loadConfig } from '../../config/env.ts'
import { createCourierProviders } from '../../platform/providers/couriers/courier-providers.ts'
import { shoptetClientConfig } from '../../platform/providers/shoptet/shoptet-client.ts'
import { startDevFakes } from './dev-fakes.ts'

describe('startDevFakes', () => {
  it('outside production, answers Econt from a local fake the app is configured with', async () => {
    const fakes = await startDevFakes(loadConfig({ NODE_ENV: 'development' }))
    try {
      const baseUrl = fakes.config.econt.baseUrl
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
      expect(fakes.started).toContainEqual({ service: 'Econt', baseUrl })
      const res = await fetch(`${baseUrl}/Nomenclatures/NomenclaturesService.getCountries.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      expect(res.status).toBe(200)
    } finally {
      await fakes.close()
    }
  })

  it('outside production, creates Econt, Packeta and GLS labels through local fakes the app is configured with', async () => {
    const fakes = await startDevFakes(loadConfig({ NODE_ENV: 'development' }))
    try {
      const { packeta, gls } = fakes.config
      expect(packeta).toMatchObject({
        baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/api\/rest$/),
      })
      expect(gls.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/ParcelService\.svc\/json$/)
      expect(fakes.started).toContainEqual({ service: 'Packeta', baseUrl: packeta.baseUrl })
      const providers = createCourierProviders(fakes.config)
      const request = labelRequest({
        receiver: { name: 'Jana Nováková', phone: '+420777123456', pickupPointCode: '79' },
      })
      const label = await providers.labelsFor('Packeta SK')?.createLabel(request)
      expect(label?.labelPdf.subarray(0, 5).toString()).toBe('%PDF-')
      const glsLabel = await providers.labelsFor('GLS')?.createLabel({
        ...request,
        receiver: { ...request.receiver, pickupPointCode: 'CZ10001-PARCELSHOP' },
      })
      expect(glsLabel?.trackingId).toMatch(/^\d+$/)
      expect(providers.labelsFor('PPL')).toBeUndefined()
      const econt = await providers.labelsFor('ECONT')?.createLabel(labelRequest())
      expect(econt?.trackingId).toMatch(/^\d{13}$/)
    } finally {
      await fakes.close()
    }
  })

  it('outside production, answers Shoptet (OAuth and API) from a local fake the demo can drive', async () => {
    const fakes = await startDevFakes(loadConfig({ NODE_ENV: 'development' }))
    try {
      const { apiUrl, oauthUrl, clientId } = fakes.config.shoptet
      expect(apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(oauthUrl).toBe(`${apiUrl}/action/ApiOAuthServer`)
      expect(fakes.started).toContainEqual({ service: 'Shoptet', baseUrl: apiUrl })
      const cfg = shoptetClientConfig(fakes.config.shoptet)
      expect(cfg).toMatchObject({ apiUrl, oauthUrl, clientId })
      // the handle drives the fake (the demo seeding creates and installs a shop with it)
      const shop = fakes.shoptet!.createShop({ name: 'Demo' })
      expect(fakes.shoptet!.shop(shop.eshopId).products.length).toBeGreaterThan(0)
      const res = await fetch(`${apiUrl}/api/eshop`)
      expect(res.status).toBe(401)
      expect(await res.json()).toMatchObject({ errors: [{ errorCode: 'missing-access-token' }] })
    } finally {
      await fakes.close()
    }
  })

  it('starts the Shoptet fake on SHOPTET_FAKE_PORT when given (browser tests drive it there)', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const p = (probe.address() as AddressInfo).port
        probe.close(() => resolve(p))
      })
    })
    const fakes = await startDevFakes(
      loadConfig({ NODE_ENV: 'development', SHOPTET_FAKE_PORT: String(port) }),
    )
    try {
      expect(fakes.config.shoptet.apiUrl).toBe(`http://127.0.0.1:${port}`)
      const res = await fetch(`http://127.0.0.1:${port}/_control/shops`)
      expect(await res.json()).toEqual([])
    } finally {
      await fakes.close()
    }
  })

  it('starts nothing in production or for a configured service', async () => {
    const production = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })
    expect(await startDevFakes(production)).toMatchObject({ config: production, started: [] })
    expect(shoptetClientConfig(production.shoptet)).toBeUndefined()
    const configured = loadConfig({
      ECONT_BASE_URL: 'https://ee.econt.com/services',
      SHOPTET_API_URL: 'https://api.myshoptet.com/',
      SHOPTET_OAUTH_URL: 'https://12345.myshoptet.com/action/ApiOAuthServer',
      SHOPTET_CLIENT_ID: 'client',
      PACKETA_BASE_URL: 'https://www.zasilkovna.cz/api/rest',
      PACKETA_API_PASSWORD: 'p'.repeat(32),
      GLS_BASE_URL: 'https://api.mygls.cz/ParcelService.svc/json',
      GLS_USERNAME: 'shop@example.test',
      GLS_PASSWORD: 'secret',
      GLS_CLIENT_NUMBER: '100000001',
    })
    expect(configured.shoptet).toMatchObject({ apiUrl: 'https://api.myshoptet.com', timeoutMs: 10_000 })
    expect(await startDevFakes(configured)).toMatchObject({ config: configured, started: [] })
    const econtOnly = loadConfig({ ECONT_BASE_URL: 'https://ee.econt.com/services' })
    const fakes = await startDevFakes(econtOnly)
    try {
      expect(fakes.started.map((s) => s.service)).toEqual(['Packeta', 'GLS', 'Shoptet'])
      expect(fakes.config.econt.baseUrl).toBe('https://ee.econt.com/services')
    } finally {
      await fakes.close()
    }
  })

  it('refuses a half-configured or malformed Shoptet', () => {
    expect(() => loadConfig({ SHOPTET_API_URL: 'https://api.myshoptet.com' })).toThrow(/SHOPTET_OAUTH_URL/)
    expect(() =>
      loadConfig({
        SHOPTET_API_URL: 'ftp://api.myshoptet.com',
        SHOPTET_OAUTH_URL: 'https://x.myshoptet.com/action/ApiOAuthServer',
        SHOPTET_CLIENT_ID: 'c',
      }),
    ).toThrow(/SHOPTET_API_URL/)
    expect(() => loadConfig({ SHOPTET_TIMEOUT_MS: '5' })).toThrow(/SHOPTET_TIMEOUT_MS/)
  })
})
