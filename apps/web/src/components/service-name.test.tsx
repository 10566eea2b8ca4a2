import { renderHook } from '@testing-library/react'
import i18n from 'i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import cs from '../locales/cs/components.json'
import { useServiceText } from './service-name'

describe('useServiceText', () => {
  beforeAll(() => {
    i18n.addResourceBundle('cs', 'components', cs)
  })
  afterEach(async () => {
    await i18n.changeLanguage('en')
  })

  it("names a service by its code in the reader's language", async () => {
    await i18n.changeLanguage('cs')
    const { result } = renderHook(() => useServiceText())
    expect(result.current.name('receiving')).toBe('Příjem zboží')
    expect(result.current.name('storage')).toBe('Skladování')
    expect(result.current.name('unknown_service')).toBe('unknown_service')
  })

  it('names a bill item the run wrote by its service, with its unit price in the reader’s style', async () => {
    await i18n.changeLanguage('cs')
    const { result } = renderHook(() => useServiceText())
    expect(result.current.billItem({ description: 'Receiving', serviceType: 'receiving' })).toBe(
      'Příjem zboží',
    )
    expect(result.current.billItem({ description: 'Storage (12.5)', serviceType: 'storage' })).toBe(
      'Skladování (12,50)',
    )
  })

  it('keeps a description finance wrote by hand', async () => {
    await i18n.changeLanguage('cs')
    const { result } = renderHook(() => useServiceText())
    expect(result.current.billItem({ description: 'Sleva za listopad', serviceType: null })).toBe(
      'Sleva za listopad',
    )
    expect(result.current.billItem({ description: 'Storage, hall B', serviceType: 'storage' })).toBe(
      'Storage, hall B',
    )
  })
})
