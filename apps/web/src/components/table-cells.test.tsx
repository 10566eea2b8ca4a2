import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DataTable, type DataTableColumn } from './data-table'
import { EllipsisText, fitContent } from './table-cells'

interface Row {
  _id: string
  name: string
  total: number
}

const rows: Row[] = [{ _id: 'a', name: 'Květináč keramický Ø 25 cm, bílá Premium', total: 1006 }]
const columns: DataTableColumn<Row>[] = [
  { key: 'name', title: 'Product', render: (_, r) => <EllipsisText text={r.name} /> },
  { key: 'total', title: 'Total', dataIndex: 'total', align: 'right', ...fitContent },
]

/** Pretends the viewport is `width` px wide for (max-width: N px) queries. */
function viewport(width: number) {
  const original = window.matchMedia
  window.matchMedia = ((query: string) => ({
    ...original(query),
    matches: query.includes('max-width') && width <= Number.parseFloat(query.split(':')[1] ?? ''),
  })) as typeof window.matchMedia
  return () => {
    window.matchMedia = original
  }
}

/** jsdom lays nothing out: give the element the widths a browser would. */
function widths(element: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth })
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth })
}

async function hover(element: HTMLElement) {
  await act(async () => {
    fireEvent.mouseEnter(element)
    await new Promise((resolve) => setTimeout(resolve, 200))
  })
}

describe('table cells that fit', () => {
  let restore = () => {}
  afterEach(() => restore())

  it('keeps a name on one line without widening its column, and a number column on one line', () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r._id} />)
    const name = screen.getByText(rows[0]!.name)
    expect(name.style.whiteSpace).toBe('nowrap')
    expect(name.style.textOverflow).toBe('ellipsis')
    expect(name.style.width).toBe('0px')
    expect(name.style.minWidth).toBe('100%')
    expect(screen.getByText('1006').closest('td')?.style.whiteSpace).toBe('nowrap')
  })

  it('shows the whole name in a tooltip only while it is cut', async () => {
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r._id} />)
    const name = screen.getByText(rows[0]!.name)
    widths(name, 200, 200)
    await hover(name)
    expect(screen.queryByRole('tooltip')).toBeNull()
    fireEvent.mouseLeave(name)
    widths(name, 320, 200)
    await hover(name)
    expect((await screen.findByRole('tooltip')).textContent).toBe(rows[0]!.name)
  })

  it('lets the name wrap on a card, where there is room below', async () => {
    restore = viewport(375)
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r._id} />)
    const name = await screen.findByText(rows[0]!.name)
    expect(name.closest('li')).toBeTruthy()
    expect(name.style.whiteSpace).toBe('')
  })
})
