import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DateText, formatDate } from './date-text'

describe('DateText', () => {
  const moment = new Date(2024, 2, 5, 14, 7)

  it("formats in the spec's formats", () => {
    expect(formatDate(moment)).toBe('05-03-2024')
    expect(formatDate(moment, 'DD-MM-YY HH:mm')).toBe('05-03-24 14:07')
    expect(formatDate(moment, 'DD.MM.YY')).toBe('05.03.24')
    expect(formatDate(moment, 'DD.MM.YYYY')).toBe('05.03.2024')
  })

  it('renders a <time> element, or a dash for a missing or invalid date', () => {
    render(<DateText value={moment} format="DD.MM.YYYY" />)
    expect(screen.getByText('05.03.2024').tagName).toBe('TIME')
    expect(formatDate('not a date')).toBe('')
    expect(formatDate(undefined)).toBe('')
  })
})
