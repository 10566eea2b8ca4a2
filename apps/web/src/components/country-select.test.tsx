import { renderHook } from '@testing-library/react'
import i18n from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { useCountryName } from './country-select'

describe('useCountryName', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en')
  })

  it("shows a stored country name in the reader's language, an unknown one as stored", async () => {
    await i18n.changeLanguage('cs')
    const { result } = renderHook(() => useCountryName())
    expect(result.current('Czech')).toBe('Česko')
    expect(result.current('Slovakia')).toBe('Slovensko')
    expect(result.current('Atlantis')).toBe('Atlantis')
  })

  it('keeps the stored English names in English', () => {
    const { result } = renderHook(() => useCountryName())
    expect(result.current('Czech')).toBe('Czech')
  })
})
