import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './env.ts'

const secret = 'x'.repeat(32)

/** The ConfigError thrown for `env`, or a failure when none is thrown. */
function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env)
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return error as ConfigError
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`)
}

describe('loadConfig', () => {
  it('gives development defaults for an empty environment', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.resolve('./data'),
      poolMax: 10,
      jwtSecret: undefined,
      jwtTtlHours: 12,
      seedDemo: true,
      logLevel: 'info',
      authRateLimit: 20,
      jobsEnabled: true,
    })
  })

  it('reads and converts every value it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgresql://app@db:5432/expedo',
      JWT_SECRET: secret,
      JWT_TTL_HOURS: '24',
      DATABASE_POOL_MAX: '20',
      SEED_DEMO: '1',
      JOBS_ENABLED: 'false',
      AUTH_RATE_LIMIT: '5',
    })
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      databaseUrl: 'postgresql://app@db:5432/expedo',
      jwtSecret: secret,
      jwtTtlHours: 24,
      poolMax: 20,
      seedDemo: true,
      jobsEnabled: false,
      authRateLimit: 5,
    })
  })

  it('treats an empty variable as not set', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 })
  })

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://root@localhost/expedo' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['JWT_SECRET', { JWT_SECRET: 'too-short' }],
    ['NODE_ENV', { NODE_ENV: 'staging' }],
    ['JOBS_ENABLED', { JOBS_ENABLED: 'yes' }],
    ['ECONT_BASE_URL', { ECONT_BASE_URL: 'ftp://ee.econt.com/services' }],
    ['ECONT_BASE_URL', { ECONT_BASE_URL: 'https://user:pw@ee.econt.com/services' }],
    ['ECONT_TIMEOUT_MS', { ECONT_TIMEOUT_MS: '0' }],
    ['ECONT_CACHE_SECONDS', { ECONT_CACHE_SECONDS: '-5' }],
    ['PACKETA_BASE_URL', { PACKETA_BASE_URL: 'https://key:pw@www.zasilkovna.cz/api/rest' }],
    ['GLS_BASE_URL', { GLS_BASE_URL: 'ftp://api.mygls.cz' }],
    ['GLS_CLIENT_NUMBER', { GLS_CLIENT_NUMBER: 'abc' }],
    ['GLS_TIMEOUT_MS', { GLS_TIMEOUT_MS: '5' }],
  ])('refuses a bad %s with a ConfigError naming the variable', (variable, env) => {
    expect(configErrorOf(env).message).toMatch(new RegExp(`^\\s+${variable}: `, 'm'))
  })

  it("reads Econt's settings: no base URL by default (the local fake), 5 s timeout, one hour of cache", () => {
    expect(loadConfig({}).econt).toEqual({
      baseUrl: undefined,
      username: undefined,
      password: undefined,
      timeoutMs: 5000,
      cacheSeconds: 3600,
    })
    const econt = loadConfig({
      ECONT_BASE_URL: 'https://demo.econt.com/ee/services/',
      ECONT_USERNAME: 'iasp-dev',
      ECONT_PASSWORD: 'secret',
      ECONT_TIMEOUT_MS: '2500',
      ECONT_CACHE_SECONDS: '0',
    }).econt
    expect(econt).toEqual({
      baseUrl: 'https://demo.econt.com/ee/services',
      username: 'iasp-dev',
      password: 'secret',
      timeoutMs: 2500,
      cacheSeconds: 0,
    })
  })

  it('refuses an Econt username without a password, and the reverse', () => {
    expect(configErrorOf({ ECONT_USERNAME: 'iasp-dev' }).message).toContain('ECONT_USERNAME:')
    expect(configErrorOf({ ECONT_PASSWORD: 'secret' }).message).toContain('ECONT_USERNAME:')
  })

  it("reads Packeta's and GLS's settings, and refuses a base URL without its credentials", () => {
    expect(loadConfig({}).packeta).toEqual({
      baseUrl: undefined,
      apiPassword: undefined,
      timeoutMs: 10_000,
      fakePort: 0,
    })
    const config = loadConfig({
      PACKETA_BASE_URL: 'https://www.zasilkovna.cz/api/rest/',
      PACKETA_API_PASSWORD: 'a'.repeat(32),
      GLS_BASE_URL: 'https://api.mygls.cz/ParcelService.svc/json',
      GLS_USERNAME: 'shop@example.test',
      GLS_PASSWORD: 'secret',
      GLS_CLIENT_NUMBER: '100000001',
      GLS_TIMEOUT_MS: '3000',
      PACKETA_FAKE_PORT: '3301',
    })
    expect(config.packeta).toEqual({
      baseUrl: 'https://www.zasilkovna.cz/api/rest',
      apiPassword: 'a'.repeat(32),
      timeoutMs: 10_000,
      fakePort: 3301,
    })
    expect(config.gls).toEqual({
      baseUrl: 'https://api.mygls.cz/ParcelService.svc/json',
      username: 'shop@example.test',
      password: 'secret',
      clientNumber: 100000001,
      timeoutMs: 3000,
    })
    expect(configErrorOf({ PACKETA_BASE_URL: 'https://www.zasilkovna.cz/api/rest' }).message).toContain(
      'PACKETA_API_PASSWORD: is required with PACKETA_BASE_URL',
    )
    const gls = {
      GLS_BASE_URL: 'https://api.mygls.cz/ParcelService.svc/json',
      GLS_USERNAME: 'u',
      GLS_PASSWORD: 'p',
    }
    expect(configErrorOf(gls).message).toContain('GLS_CLIENT_NUMBER: is required with GLS_BASE_URL')
  })

  it('names every bad variable at once', () => {
    const { message } = configErrorOf({ PORT: '-1', JWT_SECRET: 'short' })
    expect(message).toContain('PORT:')
    expect(message).toContain('JWT_SECRET:')
  })

  it('refuses production without a JWT_SECRET, and never seeds demo data there by default', () => {
    expect(configErrorOf({ NODE_ENV: 'production' }).message).toContain(
      'JWT_SECRET: is required in production',
    )
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).seedDemo).toBe(false)
  })

  it('refuses a production add-on that does not say where Shoptet reaches it over HTTPS', () => {
    const shoptet = {
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      SHOPTET_API_URL: 'https://api.myshoptet.com',
      SHOPTET_OAUTH_URL: 'https://12345.myshoptet.com/action/ApiOAuthServer',
      SHOPTET_CLIENT_ID: 'expedo',
    }
    expect(configErrorOf(shoptet).message).toContain('PUBLIC_URL: is required in production')
    expect(configErrorOf({ ...shoptet, PUBLIC_URL: 'http://app.expedo.eu' }).message).toContain(
      'PUBLIC_URL: must be an https:// URL',
    )
    expect(loadConfig({ ...shoptet, PUBLIC_URL: 'https://app.expedo.eu/' }).publicUrl).toBe(
      'https://app.expedo.eu',
    )
    // Without Shoptet, production needs no public URL; outside production the local default stays.
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret }).publicUrl).toBe('http://127.0.0.1:3000')
    expect(loadConfig({ ...shoptet, NODE_ENV: 'development' }).publicUrl).toMatch(/^http:\/\/127\.0\.0\.1:/)
  })

  it('trusts no proxy headers by default, and only the proxies TRUST_PROXY lists', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
    ])
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8' }).trustProxy).toEqual(['fd00::/8'])
    for (const bad of ['true', '1', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,,10.0.0.2']) {
      expect(configErrorOf({ TRUST_PROXY: bad }).message, bad).toContain('TRUST_PROXY:')
    }
  })

  it('reads the request timeout and the load-shedding limits', () => {
    expect(loadConfig({})).toMatchObject({
      requestTimeoutMs: 30_000,
      poolWaitMs: 2000,
      maxEventLoopDelayMs: 500,
    })
    expect(
      loadConfig({
        REQUEST_TIMEOUT_SECONDS: '5',
        DATABASE_POOL_WAIT_MS: '250',
        MAX_EVENT_LOOP_DELAY_MS: '200',
      }),
    ).toMatchObject({ requestTimeoutMs: 5000, poolWaitMs: 250, maxEventLoopDelayMs: 200 })
    expect(configErrorOf({ REQUEST_TIMEOUT_SECONDS: '0' }).message).toContain('REQUEST_TIMEOUT_SECONDS:')
  })
})
