import { describe, expect, it } from 'vitest'
import { CountryNameSchema, countries, countryCodeByName, countryName } from './countries.ts'
import { CurrencySchema, currencies } from './currencies.ts'
import { buildPath } from './http.ts'

describe('fixed lists', () => {
  it('has about 200 countries with unique codes and names, Czechia named "Czech"', () => {
    expect(countries.length).toBeGreaterThanOrEqual(195)
    expect(countries.length).toBeLessThanOrEqual(215)
    expect(new Set(countries.map((c) => c.code)).size).toBe(countries.length)
    expect(new Set(countries.map((c) => c.name)).size).toBe(countries.length)
    expect(countryName('CZ')).toBe('Czech')
    expect(countryCodeByName('Czech')).toBe('CZ')
    expect(countryCodeByName('Atlantis')).toBeUndefined()
    expect(CountryNameSchema.safeParse('Romania').success).toBe(true)
    expect(CountryNameSchema.safeParse('Atlantis').success).toBe(false)
  })

  it('has about 115 unique ISO currency codes including the ones the provider bills in', () => {
    expect(currencies.length).toBeGreaterThanOrEqual(110)
    expect(currencies.length).toBeLessThanOrEqual(125)
    expect(new Set(currencies).size).toBe(currencies.length)
    for (const code of ['CZK', 'EUR', 'RON', 'BGN', 'HUF', 'PLN', 'USD']) expect(currencies).toContain(code)
    expect(CurrencySchema.safeParse('XYZ').success).toBe(false)
  })
})

describe('buildPath', () => {
  it('fills and encodes path parameters, including the spec’s repeated (+) ones', () => {
    expect(buildPath('/businessclients/:id/companyids/:cid', { id: 'a b', cid: '1' })).toBe(
      '/businessclients/a%20b/companyids/1',
    )
    expect(buildPath('/internal/loginas/:username/:password+', { username: 'u', password: 'p/q' })).toBe(
      '/internal/loginas/u/p%2Fq',
    )
  })

  it('refuses to build a path with a missing parameter', () => {
    expect(() => buildPath('/businessclients/:id', {})).toThrow(/id/)
  })
})
