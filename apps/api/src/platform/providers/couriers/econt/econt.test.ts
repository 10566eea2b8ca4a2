import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Json } from '../../../../../test/app.ts'
import { createEcontFake, type EcontFake } from '../../../../dev/fakes/econt/econt-fake.ts'
import { cityKey, createEcontAdapter, toOffice } from './econt-adapter.ts'
import { createEcontClient, EcontError } from './econt-client.ts'

const credentials = { username: 'shop-user', password: 's3cret-Pa55' }
let fake: EcontFake
let baseUrl: string

beforeAll(async () => {
  fake = createEcontFake({ credentials })
  baseUrl = await fake.start()
})
afterAll(() => fake.close())

const client = (overrides: Partial<Parameters<typeof createEcontClient>[0]> = {}) =>
  createEcontClient({ baseUrl, ...credentials, timeoutMs: 10_000, ...overrides })

/** A raw POST to the fake, as Econt would be called by anyone. */
async function raw(path: string, init: RequestInit = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${baseUrl}/${path}`, { method: 'POST', ...init })
  return { status: res.status, body: await res.json() }
}

describe('the Econt fake', () => {
  it("answers Econt's Error shape for a non-POST call, bad JSON, a bad parameter and an unknown service", async () => {
    const error = (type: string) => ({
      type,
      message: expect.any(String),
      fields: expect.any(Array),
      innerErrors: [],
    })
    const path = 'Nomenclatures/NomenclaturesService.getOffices.json'
    expect(await raw(path, { method: 'GET' })).toEqual({ status: 405, body: error('ExInvalidRequest') })
    expect(await raw(path, { body: '{not json' })).toEqual({ status: 400, body: error('ExInvalidParam') })
    expect(await raw(path, { body: JSON.stringify({ countryCode: 359 }) })).toEqual({
      status: 400,
      body: { ...error('ExInvalidParam'), fields: ['countryCode'] },
    })
    expect((await raw('Nomenclatures/NomenclaturesService.getSomething.json', { body: '{}' })).status).toBe(
      501,
    )
    const basic = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`
    expect((await raw('nothing-here', { body: '{}', headers: { authorization: basic } })).status).toBe(404)
  })

  it('serves nomenclatures without credentials but not shipments, and refuses wrong credentials', async () => {
    const offices = await raw('Nomenclatures/NomenclaturesService.getOffices.json', {
      body: JSON.stringify({ countryCode: 'grc', cityID: 204102 }),
    })
    expect(offices.status).toBe(200)
    expect(offices.body.offices.map((o: { code: string }) => o.code)).toEqual(['7201', '7202'])
    expect(offices.body.offices[0]).toMatchObject({
      partnerCode: 'ACS',
      hubCode: '500906',
      currency: 'EUR',
      language: null,
      address: { street: null, other: 'ΕΓΝΑΤΙΑΣ 45', city: { country: { code3: 'GRC' } } },
    })
    expect((await raw('Shipments/LabelService.createLabel.json', { body: '{}' })).status).toBe(401)
    const wrong = `Basic ${Buffer.from('shop-user:nope').toString('base64')}`
    const refused = await raw('Nomenclatures/NomenclaturesService.getCountries.json', {
      body: '{}',
      headers: { authorization: wrong },
    })
    expect(refused).toMatchObject({ status: 401, body: { type: 'ExAccessDenied' } })
  })
})

describe('the Econt client', () => {
  it('POSTs JSON to {BASE}/{Module}/{Service}.{method}.json with HTTP Basic auth', async () => {
    const before = fake.calls.length
    const { countries } = await client().getCountries()
    expect(countries?.find((c) => c.code2 === 'GR')).toMatchObject({
      code3: 'GRC',
      nameEn: 'Greece',
      isEU: true,
    })
    const { cities } = await client({ username: undefined, password: undefined }).getCities('BGR')
    expect(cities?.find((c) => c.id === 41)).toMatchObject({
      name: 'София',
      nameEn: 'Sofia',
      postCode: '1000',
    })
    expect(fake.calls.slice(before)).toEqual([
      { path: 'Nomenclatures/NomenclaturesService.getCountries.json', body: {}, auth: 'valid' },
      {
        path: 'Nomenclatures/NomenclaturesService.getCities.json',
        body: { countryCode: 'BGR' },
        auth: 'none',
      },
    ])
  })

  it('reports an unreachable host, a timeout and a refusal without the credentials or the URL', async () => {
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((r) => closed.close(() => r()))
    const messages: string[] = []
    const collect = (p: Promise<unknown>) =>
      p.then(
        () => expect.unreachable(),
        (e: unknown) => {
          expect(e).toBeInstanceOf(EcontError)
          messages.push((e as Error).message)
        },
      )
    await collect(client({ baseUrl: `http://127.0.0.1:${port}/services` }).getOffices({ countryCode: 'BGR' }))
    fake.settings.latencyMs = 400
    await collect(client({ timeoutMs: 150 }).getOffices({ countryCode: 'BGR' }))
    fake.settings.latencyMs = 0
    await collect(client({ password: 'wrong-pass-word' }).getOffices({ countryCode: 'BGR' }))
    expect(messages).toEqual([
      'Econt could not be reached for getOffices',
      'Econt did not answer getOffices within 0.15 s',
      'Econt refused getOffices (HTTP 401, ExAccessDenied): Invalid username or password',
    ])
    expect(messages.join(' ')).not.toMatch(/s3cret|wrong-pass|127\.0\.0\.1|shop-user/)
  })

  it('treats an Error body as a failure even with HTTP 200, and an answer of another shape as a failure', async () => {
    const odd = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        req.url?.includes('getOffices')
          ? '{"error":{"type":"ExInvalidParam","message":"Bad city"}}'
          : '{"cities":7}',
      )
    })
    await new Promise<void>((r) => odd.listen(0, '127.0.0.1', r))
    const url = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`
    try {
      await expect(client({ baseUrl: url }).getOffices({ countryCode: 'BGR' })).rejects.toThrow(
        'Econt refused getOffices (HTTP 200, ExInvalidParam): Bad city',
      )
      await expect(client({ baseUrl: url }).getCities('BGR')).rejects.toThrow(
        'Econt answered getCities in an unexpected shape',
      )
    } finally {
      await new Promise<void>((r) => odd.close(() => r()))
    }
  })
})

describe('the Econt adapter', () => {
  it('maps offices to name, code, city and address, preferring the Latin names', () => {
    expect(
      toOffice({
        code: '1127',
        name: 'София Младост 1',
        nameEn: 'Sofia Mladost 1',
        address: {
          city: { name: 'София', nameEn: 'Sofia' },
          fullAddress: 'София ж.к. Младост 1',
          fullAddressEn: null,
        },
      }),
    ).toEqual({ name: 'Sofia Mladost 1', code: '1127', city: 'Sofia', address: 'София ж.к. Младост 1' })
    expect(
      toOffice({
        code: '9',
        name: 'Русе',
        nameEn: null,
        address: { street: 'ул. Борисова', num: '33', other: null },
      }),
    ).toEqual({ name: 'Русе', code: '9', city: '', address: 'ул. Борисова 33' })
    expect(toOffice({ code: null, name: null, address: null })).toEqual({
      name: '',
      code: '',
      city: '',
      address: '',
    })
  })

  it('finds a city by its local or English name without case or accents, and asks nothing outside Europe', async () => {
    expect(cityKey('  Veliko   Tărnovo ')).toBe('veliko tarnovo')
    const adapter = createEcontAdapter(client())
    const codes = async (city: string) => (await adapter.offices({ country: 'BG', city })).map((o) => o.code)
    expect(await codes('VELIKO TARNOVO')).toEqual(['5000'])
    expect(await codes('Велико Търново')).toEqual(['5000'])
    expect(await codes('Atlantis')).toEqual([])
    const before = fake.calls.length
    expect(await adapter.offices({ country: 'JP' })).toEqual([])
    expect(fake.calls.length).toBe(before)
  })
})
