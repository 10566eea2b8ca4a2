import { fireEvent, render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useScanBurst } from './use-scan-burst'

function Probe({ onScan }: { onScan: (text: string) => void }) {
  useScanBurst(onScan)
  return <input aria-label="field" />
}

/** Keys as a scanner or a person sends them: `gap` ms apart, then Enter. */
function typeKeys(target: Element, text: string, gap: number) {
  for (const key of [...text, 'Enter']) {
    vi.advanceTimersByTime(gap)
    fireEvent.keyDown(target, { key })
  }
}

describe('useScanBurst', () => {
  afterEach(() => vi.useRealTimers())

  it('answers a fast burst ending with Enter anywhere on the page, even with a slow first key', () => {
    vi.useFakeTimers()
    const onScan = vi.fn()
    render(<Probe onScan={onScan} />)
    vi.advanceTimersByTime(1000)
    fireEvent.keyDown(document.body, { key: 'A' })
    vi.advanceTimersByTime(120)
    typeKeys(document.body, '-01-01-1', 8)
    expect(onScan).toHaveBeenCalledWith('A-01-01-1')
  })

  it('ignores keys typed by hand, and keys typed into a field (the field handles them)', () => {
    vi.useFakeTimers()
    const onScan = vi.fn()
    const view = render(<Probe onScan={onScan} />)
    typeKeys(document.body, 'A-01-01-1', 150)
    typeKeys(view.getByLabelText('field'), 'A-01-01-1', 5)
    expect(onScan).not.toHaveBeenCalled()
  })
})
