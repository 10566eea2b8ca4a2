import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ExportButton, type ExportResult } from './export-button'

/** A promise the test settles when it wants (the server preparing the file). */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('ExportButton and the export popup', () => {
  const createObjectURL = vi.fn(() => 'blob:export')
  const revokeObjectURL = vi.fn()
  let clicked: string[] = []

  beforeEach(() => {
    vi.useFakeTimers()
    clicked = []
    Object.assign(URL, { createObjectURL, revokeObjectURL })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download)
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it("shows 'Getting data...', then 'Finished!', downloads the file and closes 7 s later", async () => {
    const file = deferred<ExportResult>()
    render(<ExportButton onExport={() => file.promise} />)

    act(() => fireEvent.click(screen.getByRole('button', { name: /export to excel/i })))
    expect(screen.getByText('Getting data...')).toBeTruthy()
    expect(clicked).toEqual([])

    await act(async () => file.resolve({ blob: new Blob(['x']), filename: 'orders.xlsx' }))
    expect(screen.getByText('Finished!')).toBeTruthy()
    expect(screen.queryByText('Getting data...')).toBeNull()
    expect(clicked).toEqual(['orders.xlsx'])

    act(() => vi.advanceTimersByTime(6900))
    expect(screen.getByText('Finished!')).toBeTruthy()
    act(() => vi.advanceTimersByTime(100))
    expect(screen.queryByText('Finished!')).toBeNull()
  })

  it("says 'No objects were found for export' when the export has no rows, and downloads nothing", async () => {
    render(<ExportButton onExport={async () => ({ empty: true })} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /export to excel/i })))

    expect(screen.getByText('No objects were found for export')).toBeTruthy()
    expect(screen.queryByText('Finished!')).toBeNull()
    expect(clicked).toEqual([])
    // It stays until the user has read it.
    act(() => vi.advanceTimersByTime(10_000))
    expect(screen.getByText('No objects were found for export')).toBeTruthy()
    act(() => fireEvent.click(screen.getByText('Close')))
    expect(screen.queryByText('No objects were found for export')).toBeNull()
  })

  it('shows why an export failed', async () => {
    render(<ExportButton onExport={() => Promise.reject(new Error('Network Error'))} />)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /export to excel/i })))
    expect(screen.getByText('Network Error')).toBeTruthy()
    expect(screen.queryByText('Finished!')).toBeNull()
  })

  it('abandons the export when the popup is closed while the data is being prepared', async () => {
    const file = deferred<ExportResult>()
    let signal: AbortSignal | undefined
    render(
      <ExportButton
        onExport={(s) => {
          signal = s
          return file.promise
        }}
      />,
    )
    act(() => fireEvent.click(screen.getByRole('button', { name: /export to excel/i })))
    act(() => fireEvent.click(screen.getByText('Close')))
    expect(signal?.aborted).toBe(true)

    await act(async () => file.resolve({ blob: new Blob(['x']), filename: 'late.xlsx' }))
    expect(clicked).toEqual([])
    expect(screen.queryByText('Finished!')).toBeNull()
  })
})
