import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import dayjs from 'dayjs'
import { describe, expect, it, vi } from 'vitest'
import { DeferredDatePicker } from './deferred-date-picker'

const props = {
  'aria-label': 'Date from',
  placeholder: 'Date from',
  format: 'DD-MM-YYYY',
  value: dayjs('2026-01-05'),
}

describe('DeferredDatePicker', () => {
  it('shows the value in a plain box first, and the real picker once the user reaches for it', async () => {
    const onChange = vi.fn()
    const { container } = render(<DeferredDatePicker {...props} onChange={onChange} />)
    const box = screen.getByLabelText('Date from')
    expect(box).toHaveProperty('value', '05-01-2026')
    expect(container.querySelector('.ant-picker')).toBeNull()
    fireEvent.focus(box)
    await waitFor(() => expect(container.querySelector('.ant-picker')).not.toBeNull())
    const real = screen.getByLabelText('Date from')
    expect(real).toHaveProperty('value', '05-01-2026')
    await waitFor(() => expect(document.activeElement).toBe(real))
  })
})
