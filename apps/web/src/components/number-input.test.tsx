import { render, screen } from '@testing-library/react'
import i18n from 'i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { decimalSeparator, NumberInput } from './number-input'

describe('NumberInput', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en')
  })

  it("knows each language's decimal separator", () => {
    expect(decimalSeparator('en')).toBe('.')
    expect(decimalSeparator('cs')).toBe(',')
    expect(decimalSeparator('sk')).toBe(',')
    expect(decimalSeparator('ro')).toBe(',')
    expect(decimalSeparator('ru')).toBe(',')
  })

  it('writes an amount with the reader’s decimal separator: 1,00 in Czech, 1.00 in English', async () => {
    await i18n.changeLanguage('cs')
    const { unmount } = render(<NumberInput aria-label="Amount" value={1} precision={2} />)
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('1,00')
    unmount()
    await i18n.changeLanguage('en')
    render(<NumberInput aria-label="Amount" value={1} precision={2} />)
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('1.00')
  })
})
