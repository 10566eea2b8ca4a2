import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config/env.ts'
import { startDevFakes } from './dev-fakes.ts'

describe('startDevFakes', () => {
  it('outside production, answers Econt from a local fake the app is configured with', async () => {
    const fakes = await startDevFakes(loadConfig({ NODE_ENV: 'development' }))
    try {
      const baseUrl = fakes.config.econt.baseUrl
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
      expect(fakes.started).toEqual([{ service: 'Econt', baseUrl }])
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

  it('starts nothing in production or for a configured service', async () => {
    const production = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })
    expect(await startDevFakes(production)).toMatchObject({ config: production, started: [] })
    const configured = loadConfig({ ECONT_BASE_URL: 'https://ee.econt.com/services' })
    expect(await startDevFakes(configured)).toMatchObject({ config: configured, started: [] })
  })
})
