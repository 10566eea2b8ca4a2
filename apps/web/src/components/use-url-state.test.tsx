import { act, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useUrlState } from '@/lib/use-url-state'

const defaults = { page: 1, pageSize: 10, status: '', countries: [] as string[], hasCod: false }

let lastUrl = ''

function OrdersList() {
  const { state, set, reset } = useUrlState(defaults)
  const location = useLocation()
  lastUrl = `${location.pathname}${location.search}`
  return (
    <div>
      <output aria-label="state">{JSON.stringify(state)}</output>
      <button type="button" onClick={() => set({ page: state.page + 1 })}>
        next page
      </button>
      <button type="button" onClick={() => set({ status: 'Packed' })}>
        packed
      </button>
      <button type="button" onClick={() => set({ pageSize: 50 })}>
        50 rows
      </button>
      <button type="button" onClick={() => set({ countries: ['Czech', 'Slovakia'], hasCod: true })}>
        countries
      </button>
      <button
        type="button"
        onClick={() => {
          set({ status: 'Packed' })
          set({ hasCod: true })
        }}
      >
        packed, then COD
      </button>
      <button type="button" onClick={reset}>
        reset
      </button>
    </div>
  )
}

const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <OrdersList />
    </MemoryRouter>,
  )
const shownState = () => JSON.parse(screen.getByLabelText('state').textContent ?? '{}')

describe('useUrlState', () => {
  it('reads filters and page from the URL and falls back to the defaults', () => {
    renderAt('/orders?status=New&page=3&country=ignored')
    expect(shownState()).toEqual({ page: 3, pageSize: 10, status: 'New', countries: [], hasCod: false })
  })

  it('keeps filters and page in the URL, so a render from that URL shows the same list', () => {
    const first = renderAt('/orders')
    act(() => fireEvent.click(screen.getByText('countries')))
    act(() => fireEvent.click(screen.getByText('next page')))
    act(() => fireEvent.click(screen.getByText('next page')))
    expect(lastUrl).toBe('/orders?countries=Czech&countries=Slovakia&hasCod=true&page=3')
    const saved = lastUrl
    first.unmount()

    // A reload or a shared link: a new app from the URL alone.
    renderAt(saved)
    expect(shownState()).toEqual({
      page: 3,
      pageSize: 10,
      status: '',
      countries: ['Czech', 'Slovakia'],
      hasCod: true,
    })
  })

  it('resets the page to 1 when a filter other than the page changes', () => {
    renderAt('/orders?page=4')
    act(() => fireEvent.click(screen.getByText('packed')))
    expect(shownState()).toMatchObject({ page: 1, status: 'Packed' })
    expect(lastUrl).toBe('/orders?status=Packed')

    act(() => fireEvent.click(screen.getByText('next page')))
    act(() => fireEvent.click(screen.getByText('50 rows')))
    expect(shownState()).toMatchObject({ page: 1, pageSize: 50, status: 'Packed' })
  })

  it('keeps both of two changes made before the list re-renders with the first', () => {
    renderAt('/orders?page=2')
    act(() => fireEvent.click(screen.getByText('packed, then COD')))
    expect(lastUrl).toBe('/orders?status=Packed&hasCod=true')
    expect(shownState()).toMatchObject({ page: 1, status: 'Packed', hasCod: true })
  })

  it('does not reset the page when a filter is set to the value it already has', () => {
    renderAt('/orders?status=Packed&page=2')
    act(() => fireEvent.click(screen.getByText('packed')))
    expect(shownState()).toMatchObject({ page: 2, status: 'Packed' })
  })

  it('ignores values of the wrong type and resets everything but the page size', () => {
    renderAt('/orders?page=abc&pageSize=-5&hasCod=maybe')
    expect(shownState()).toMatchObject({ page: 1, pageSize: 10, hasCod: false })

    act(() => fireEvent.click(screen.getByText('50 rows')))
    act(() => fireEvent.click(screen.getByText('packed')))
    act(() => fireEvent.click(screen.getByText('reset')))
    expect(shownState()).toEqual({ ...defaults, pageSize: 50 })
  })
})
