import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { HoverTooltip } from './hover-tooltip'

describe('HoverTooltip', () => {
  it('shows its title once the pointer rests on the child, and keeps the child’s own handlers', async () => {
    const onMouseEnter = vi.fn()
    render(
      <HoverTooltip title="Zahradní nůžky, 2 ks">
        <button type="button" onMouseEnter={onMouseEnter}>
          Zahradní nůž…
        </button>
      </HoverTooltip>,
    )
    expect(screen.queryByRole('tooltip')).toBeNull()
    fireEvent.mouseEnter(screen.getByText('Zahradní nůž…'))
    expect(onMouseEnter).toHaveBeenCalledOnce()
    expect((await screen.findByRole('tooltip')).textContent).toContain('Zahradní nůžky, 2 ks')
  })

  it('shows nothing when the pointer only passes over the child', async () => {
    vi.useFakeTimers()
    try {
      render(
        <HoverTooltip title="the whole text" mouseEnterDelay={0.4}>
          <span>the whole…</span>
        </HoverTooltip>,
      )
      fireEvent.mouseEnter(screen.getByText('the whole…'))
      act(() => vi.advanceTimersByTime(200))
      fireEvent.mouseLeave(screen.getByText('the whole…'))
      act(() => vi.advanceTimersByTime(1000))
      expect(screen.queryByRole('tooltip')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })
})
