import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { formatAmount, formatNumber, Money } from './money'

describe('Money', () => {
  it('shows amounts with exactly 2 decimals and the currency', () => {
    render(
      <ul>
        <li>
          <Money amount="12.5" currency="EUR" />
        </li>
        <li>
          <Money amount="1234567" currency="CZK" />
        </li>
        <li>
          <Money amount={0.1 + 0.2} currency="RON" />
        </li>
      </ul>,
    )
    expect(screen.getByText('12.50 EUR')).toBeTruthy()
    expect(screen.getByText('1,234,567.00 CZK')).toBeTruthy()
    expect(screen.getByText('0.30 RON')).toBeTruthy()
  })

  it('rounds decimal strings as decimals, not through binary floating point', () => {
    // 1.005 is 1.00499999... as a double; as the decimal the API sends it rounds half up.
    expect(formatAmount('1.005', 'en')).toBe('1.01')
    expect(formatAmount('-7.1', 'en')).toBe('-7.10')
  })

  it("follows the reader's number style", () => {
    expect(formatAmount('1234.5', 'cs')).toBe('1\u00a0234,50')
    expect(formatAmount('1234.5', 'ro')).toBe('1.234,50')
  })

  it('shows a dash without an amount and leaves text that is not a number as it is', () => {
    render(<Money amount={null} currency="EUR" />)
    expect(screen.getByText('—')).toBeTruthy()
    expect(formatAmount('n/a', 'en')).toBe('n/a')
  })

  it("writes plain numbers in the reader's style: chart axes, rates, days", () => {
    expect(formatNumber(700000, 'cs')).toBe('700\u00a0000')
    expect(formatNumber(1000, 'ru')).toBe('1\u00a0000')
    expect(formatNumber(700000, 'en')).toBe('700,000')
    expect(formatNumber(24.43, 'cs')).toBe('24,43')
    expect(formatNumber(4.98721, 'ro', { max: 6 })).toBe('4,98721')
    expect(formatNumber(40, 'sk', { min: 1, max: 1 })).toBe('40,0')
    expect(formatNumber(null, 'cs')).toBe('')
  })
})
