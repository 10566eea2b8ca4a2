import { renderHook } from '@testing-library/react'
import i18n from 'i18next'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import cs from '../locales/cs/components.json'
import { usePaymentText } from './payment-text'

describe('usePaymentText', () => {
  beforeAll(() => {
    i18n.addResourceBundle('cs', 'components', cs)
  })
  afterEach(async () => {
    await i18n.changeLanguage('en')
  })

  it("names the stored payment methods and states in the reader's language", async () => {
    await i18n.changeLanguage('cs')
    const { result } = renderHook(() => usePaymentText())
    expect(result.current.type('COD')).toBe('Dobírka')
    expect(result.current.type('Paid Online')).toBe('Zaplaceno online')
    expect(result.current.status('paid')).toBe('Zaplaceno')
    expect(result.current.status('Pending')).toBe('Čeká na platbu')
  })

  it('shows a method or state it does not know as it was typed', async () => {
    await i18n.changeLanguage('cs')
    const { result } = renderHook(() => usePaymentText())
    expect(result.current.type('Apple Pay')).toBe('Apple Pay')
    expect(result.current.status('partly paid')).toBe('partly paid')
  })
})
