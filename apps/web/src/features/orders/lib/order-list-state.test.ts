import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import {
  exportBody,
  hiddenFilterCount,
  isSearchTooShort,
  listBody,
  listDefaults,
  parseOrderRefs,
  searchBody,
  statusTargets,
  tabChange,
  tabCounts,
  truncate,
} from './order-list-state'

describe('orders list state', () => {
  it('sends the spec payload names for the filters; a client never sends a business client', () => {
    const state = {
      ...listDefaults,
      status: 'All',
      from: '2026-11-01',
      to: '2026-11-20',
      product: 'p1',
      country: 'Czech',
      courier: 'c1',
      cod: 'no_cod',
      dates: 'updatedAt',
      client: 'b1',
    }
    expect(listBody(state, true)).toEqual({
      currentPage: 1,
      itemsPerPage: 10,
      use_createdAt: false,
      dateFrom: '2026-11-01',
      dateTo: '2026-11-20',
      product: 'p1',
      country: 'Czech',
      courier: 'c1',
      no_cod: true,
      businessclient: 'b1',
    })
    expect(listBody(state, false).businessclient).toBeUndefined()
  })

  it('exports the selected rows, else the search results shown, else the filters', () => {
    expect(exportBody(listDefaults, false, ['a'], ['b'])).toEqual({ ids: ['a'] })
    expect(exportBody({ ...listDefaults, q: 'xyz' }, false, [], ['b', 'c'])).toEqual({ ids: ['b', 'c'] })
    expect(exportBody({ ...listDefaults, q: 'xyz' }, false, [], [])).toBeNull()
    expect(exportBody(listDefaults, false, [], ['b'])).toEqual({
      status: 'Order Ready for picking',
      use_createdAt: true,
    })
  })

  it('a search term under 3 characters is not sent, unless the key is the internal number', () => {
    expect(isSearchTooShort('ab', '')).toBe(true)
    expect(isSearchTooShort(' a ', 'customer')).toBe(true)
    expect(isSearchTooShort('ab', 'internalNumericId')).toBe(false)
    expect(isSearchTooShort('abc', '')).toBe(false)
    expect(isSearchTooShort('', '')).toBe(false)
    expect(searchBody({ ...listDefaults, q: 'ab' })).toBeNull()
    expect(searchBody({ ...listDefaults, q: '42', key: 'internalNumericId' })).toEqual({
      searchTerm: '42',
      key: 'internalNumericId',
      currentPage: 1,
      itemsPerPage: 10,
    })
    expect(searchBody({ ...listDefaults, q: ' abc ' })?.searchTerm).toBe('abc')
  })

  it('counts the filters set behind "More filters"; the business client only for staff', () => {
    expect(hiddenFilterCount(listDefaults, true)).toBe(0)
    // The dates and the search are in sight: not counted.
    expect(hiddenFilterCount({ ...listDefaults, from: '2026-01-01', q: 'abc', more: true }, true)).toBe(0)
    const set = { ...listDefaults, dates: 'updatedAt', cod: 'no_cod', country: 'Czech', client: 'b1' }
    expect(hiddenFilterCount(set, true)).toBe(4)
    expect(hiddenFilterCount(set, false)).toBe(3)
  })

  it('All without a from-date goes 30 days back; a tab ends the search', () => {
    const today = dayjs('2026-11-21')
    expect(tabChange(listDefaults, 'All', today)).toEqual({ status: 'All', q: '', from: '2026-10-22' })
    expect(tabChange({ ...listDefaults, from: '2026-01-01' }, 'All', today)).toEqual({ status: 'All', q: '' })
    expect(tabChange({ ...listDefaults, q: 'x' }, 'Packed', today)).toEqual({ status: 'Packed', q: '' })
  })

  it('counts All as the sum of the statuses', () => {
    const counts = tabCounts([
      { status: 'New', count: 3 },
      { status: 'Packed', count: 4 },
    ])
    expect(counts.get('All')).toBe(7)
    expect(counts.get('New')).toBe(3)
    expect(counts.get('Draft')).toBeUndefined()
  })

  it('offers the statuses the user may move at least one of the orders to', () => {
    expect(statusTargets(['Order Ready for picking'], { write: false, process: true })).toEqual([
      'Product Picking',
    ])
    expect(statusTargets(['Order Ready for picking'], { write: true, process: false })).toEqual([
      'Draft',
      'Canceled',
    ])
    expect(statusTargets(['Shipping', 'Packed'], { write: false, process: true })).toEqual([
      'Shipping',
      'Delivered',
      'COD WAITING',
      'Not shipped',
    ])
    expect(statusTargets(['Delivered'], { write: true, process: true })).toEqual([])
  })

  it('cuts texts by characters, not UTF-16 units, with an ellipsis only when cut', () => {
    expect(truncate('Zahradní hadice 25 m', 15)).toBe('Zahradní hadice…')
    expect(truncate('Short', 15)).toBe('Short')
    expect(truncate('😀'.repeat(16), 15)).toBe(`${'😀'.repeat(15)}…`)
  })

  it('reads pasted order references split by spaces, commas or lines, without duplicates', () => {
    expect(parseOrderRefs(' 1001, SHOP-7\n1001;\tX-1  ')).toEqual(['1001', 'SHOP-7', 'X-1'])
    expect(parseOrderRefs('1 2 3 4', 2)).toEqual(['1', '2'])
  })
})
