import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'

installFakeServer()
// The chart's own rendering is ECharts'; here it only has to receive the page's rows.
vi.mock('../components/turnover-chart', () => ({
  TurnoverChart: ({ rows, label }: { rows: unknown[]; label: string }) => (
    <div role="img" aria-label={label}>
      {rows.length} products
    </div>
  ),
}))

const warehouseId = '0190a0a0-0000-7000-8000-0000000000e1'
const row = (n: number, extra: object) => ({
  _id: `0190a0a0-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
  product: null,
  product_sku: `SKU-${n}`,
  product_name: `Product ${n}`,
  warehouse: warehouseId,
  warehouse_name: 'Praha Hostivař',
  stock: 20,
  turnover: 0,
  days_of_inventory: null,
  ...extra,
})
const report = {
  days: 14,
  total: 12,
  list: [
    row(1, { turnover: 7, days_of_inventory: 40 }),
    row(2, { stock: 8 }),
    ...Array.from({ length: 8 }, (_, i) => row(i + 3, {})),
  ],
}

function answerWarehouses() {
  server.answers['GET /api/warehouse'] = { status: 200, body: [{ _id: warehouseId, name: 'Praha Hostivař' }] }
}

describe('stock turnover report', () => {
  it('reads days and warehouse from the URL and shows stock, units shipped and days of inventory (∞ when none)', async () => {
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'])))
    answerWarehouses()
    const url = `/api/reports/stockturnover/?days=14&warehouse=${warehouseId}&currentPage=1`
    server.answers[`GET ${url}`] = { status: 200, body: report }
    server.answers[`GET ${url.replace('currentPage=1', 'currentPage=2')}`] = {
      status: 200,
      body: { ...report, list: [row(11, { turnover: 2, days_of_inventory: 140 })] },
    }
    renderAt(`/reports/stockturnover?days=14&warehouse=${warehouseId}`)
    const first = (await screen.findByText('SKU-1')).closest('tr') as HTMLElement
    expect(within(first).getByText('Product 1')).toBeTruthy()
    expect(within(first).getByText('7')).toBeTruthy()
    expect(within(first).getByText('40.0')).toBeTruthy()
    const second = screen.getByText('SKU-2').closest('tr') as HTMLElement
    expect(within(second).getByText('∞')).toBeTruthy()
    expect(screen.getByText('Shipped in 14 days')).toBeTruthy()
    expect(await screen.findByRole('img', { name: /units shipped in the last 14 days/ })).toBeTruthy()
    // A client does not pick a business client.
    expect(screen.queryByLabelText('Client')).toBeNull()
    fireEvent.click(screen.getByTitle('2'))
    expect(await screen.findByText('SKU-11')).toBeTruthy()
    expect(screen.getByText('140.0')).toBeTruthy()
  })

  it('asks for 7 days by default and says when there is no stock', async () => {
    act(() => sessionStore.signIn(sessionUser('operator', ['operator'])))
    answerWarehouses()
    server.answers['GET /api/reports/stockturnover/?days=7&currentPage=1'] = {
      status: 200,
      body: { days: 7, total: 0, list: [] },
    }
    renderAt('/reports/stockturnover')
    expect(await screen.findByText('No stock found')).toBeTruthy()
    expect(screen.getByText('Shipped in 7 days')).toBeTruthy()
    // Staff may narrow the report to one business client.
    expect(screen.getByLabelText('Client')).toBeTruthy()
  })

  it('downloads the Excel export of the same filters', async () => {
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'])))
    answerWarehouses()
    server.answers['GET /api/reports/stockturnover/?days=30&currentPage=1'] = {
      status: 200,
      body: { ...report, days: 30 },
    }
    server.answers['GET /api/reports/stockturnover/export?days=30'] = {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'No objects were found for export' },
    }
    renderAt('/reports/stockturnover?days=30')
    await screen.findByText('SKU-1')
    fireEvent.click(screen.getByRole('button', { name: /Export to Excel/ }))
    expect(await screen.findByText('No objects were found for export')).toBeTruthy()
    expect(server.requests.map((r) => r.url)).toContain('/api/reports/stockturnover/export?days=30')
  })
})
