import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DataTable, type DataTableColumn } from './data-table'
import { Money } from './money'
import { shipmentPageSizes } from './page-sizes'

interface Row {
  _id: string
  sku: string
  total: string
}

const rows: Row[] = [
  { _id: 'a', sku: 'SKU-1', total: '10' },
  { _id: 'b', sku: 'SKU-2', total: '2.5' },
]
const columns: DataTableColumn<Row>[] = [
  { key: 'sku', title: 'SKU', dataIndex: 'sku' },
  {
    key: 'total',
    title: 'Total',
    dataIndex: 'total',
    sorter: true,
    render: (total: string) => <Money amount={total} />,
  },
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

describe('DataTable', () => {
  let restore = () => {}
  afterEach(() => restore())

  it('renders the rows as a table with the server total and reports page changes', () => {
    const onPageChange = vi.fn()
    render(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r._id}
        page={1}
        pageSize={10}
        total={25}
        onPageChange={onPageChange}
      />,
    )
    expect(screen.getByRole('table')).toBeTruthy()
    expect(screen.getByText('2.50')).toBeTruthy()
    expect(screen.getByText('1–10 of 25')).toBeTruthy()
    act(() => fireEvent.click(screen.getByTitle('3')))
    expect(onPageChange).toHaveBeenCalledWith(3, 10)
  })

  it('says "more than" the total when the server capped it (a broad search)', () => {
    render(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r._id}
        page={2}
        pageSize={10}
        total={10_000}
        totalCapped
        onPageChange={() => {}}
      />,
    )
    expect(screen.getByText('11–20 of more than 10,000')).toBeTruthy()
    expect(screen.queryByText('11–20 of 10000')).toBeNull()
  })

  it('shows the empty text and no pager when there is nothing', () => {
    render(
      <DataTable
        columns={columns}
        rows={[]}
        rowKey={(r) => r._id}
        page={1}
        pageSize={10}
        total={0}
        onPageChange={() => {}}
        emptyText="No Orders Found"
      />,
    )
    expect(screen.getByText('No Orders Found')).toBeTruthy()
    expect(screen.queryByRole('list', { name: /pagination/i })).toBeNull()
  })

  it('reports a click on a sortable header as the sort to ask the server for', () => {
    const onSortChange = vi.fn()
    render(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r._id}
        sort={null}
        onSortChange={onSortChange}
      />,
    )
    act(() => fireEvent.click(screen.getByRole('columnheader', { name: /total/i })))
    expect(onSortChange).toHaveBeenCalledWith({ columnKey: 'total', order: 'ascend' })
  })

  it("offers the page sizes it is given, labelling 0 as 'All'", () => {
    render(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r._id}
        page={1}
        pageSize={0}
        total={2}
        onPageChange={() => {}}
        pageSizeOptions={shipmentPageSizes}
      />,
    )
    expect(screen.getByTitle('All')).toBeTruthy()
    expect(screen.getByText('1–2 of 2')).toBeTruthy()
  })

  it('turns rows into cards below the breakpoint, labelled by the column titles', async () => {
    restore = viewport(650)
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r._id} breakpoint={700} />)
    expect(screen.queryByRole('table')).toBeNull()
    // The cards' code loads when a narrow screen first shows a list.
    const cards = await screen.findAllByRole('listitem')
    expect(cards).toHaveLength(2)
    expect(within(cards[1]!).getByText('SKU-2')).toBeTruthy()
    expect(within(cards[1]!).getByText('Total')).toBeTruthy()
    expect(within(cards[1]!).getByText('2.50')).toBeTruthy()
  })

  it('keeps the table at the same width when the breakpoint is lower', () => {
    restore = viewport(650)
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r._id} breakpoint={600} />)
    expect(screen.getByRole('table')).toBeTruthy()
  })
})
