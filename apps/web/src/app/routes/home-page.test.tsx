import { act, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../test/app-harness'

installFakeServer()
// The chart's own rendering is ECharts'; here it only has to receive the days.
vi.mock('@/features/dashboard/components/dashboard-charts', () => ({
  OrdersPerDayChart: ({ rows, label }: { rows: unknown[]; label: string }) => (
    <div role="img" aria-label={label}>
      {rows.length} bars
    </div>
  ),
}))

const productId = '0190a0a0-0000-7000-8000-0000000000a1'
const clientId = '0190a0a0-0000-7000-8000-0000000000b1'
const today = new Date().toISOString().slice(0, 10)
const dashboard = (unbilled: unknown, billsToIssue: unknown = null) => ({
  computedAt: '2026-11-27T07:05:09.000Z',
  ordersPerDay: [{ day: today, status: 'No goods', count: 2 }],
  waiting: [
    { status: 'No goods', count: 3 },
    { status: 'Order Ready for picking', count: 1 },
  ],
  stockAlerts: {
    total: 1,
    products: [{ product: productId, sku: 'TSHIRT-M', name: 'T-shirt M', orders: 3, quantity: 4 }],
  },
  unbilled,
  billsToIssue,
  codWaiting: { count: 2, countries: [{ country: 'Czech', count: 2, amount: '120.75' }] },
})

const tile = (name: string) => screen.findByRole('region', { name })

describe('home dashboard', () => {
  it('shows a client its waiting orders, stock alerts, running bill and COD, each linking to the filtered list', async () => {
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'])))
    const bill = {
      month: today.slice(0, 7),
      totals: [{ currency: 'CZK', amount: '15.15', count: 2 }],
      clients: [
        { businessclient: { _id: clientId, name: 'Alpha SRL' }, currency: 'CZK', amount: '15.15', count: 2 },
      ],
    }
    server.answers['GET /api/dashboard'] = { status: 200, body: dashboard(bill) }
    renderAt('/')
    const waiting = await tile('Orders waiting')
    expect(within(waiting).getByRole('link', { name: 'No goods' }).getAttribute('href')).toBe(
      '/orders?status=No+goods',
    )
    expect(waiting.textContent).toContain('3')
    // The figures say when they were computed (the server keeps them 30 s).
    expect(screen.getByTestId('dashboard-computed').textContent).toContain(
      new Date('2026-11-27T07:05:09.000Z').toLocaleTimeString('en'),
    )
    const alerts = await tile('Stock alerts')
    expect(
      within(alerts)
        .getByRole('link', { name: /TSHIRT-M/ })
        .getAttribute('href'),
    ).toBe(`/orders?status=No+goods&product=${productId}`)
    expect(alerts.textContent).toContain('3 orders wait')
    const unbilled = await tile(`Not billed this month (${today.slice(0, 7)})`)
    expect(unbilled.textContent).toContain('15.15 CZK')
    expect(within(unbilled).getByRole('link', { name: 'Open list' }).getAttribute('href')).toBe(
      '/billing/services?status=notbilled',
    )
    const cod = await tile('COD waiting')
    expect(cod.textContent).toContain('120.75')
    expect(within(cod).getByRole('link', { name: 'Open list' }).getAttribute('href')).toBe(
      '/orders?status=COD+WAITING',
    )
    expect(
      await screen.findByRole('img', { name: /orders created each day of the last 30 days/ }),
    ).toBeTruthy()
  })

  it('leaves out the unbilled tile for a role that may not read services', async () => {
    act(() => sessionStore.signIn(sessionUser('operator', ['operator'])))
    server.answers['GET /api/dashboard'] = { status: 200, body: dashboard(null) }
    renderAt('/')
    await tile('COD waiting')
    expect(screen.queryByRole('region', { name: /Not billed/ })).toBeNull()
  })

  it('shows finance the bills to issue: how many, past their deadline in red, due soon, the earliest day', async () => {
    act(() => sessionStore.signIn(sessionUser('money', ['finance'])))
    server.answers['GET /api/dashboard'] = {
      status: 200,
      body: dashboard(null, { count: 5, overdue: 2, soon: 1, issueBy: '2026-11-15' }),
    }
    renderAt('/')
    const bills = await tile('Bills to issue')
    expect(bills.textContent).toContain('5bills')
    const overdue = within(bills).getByText('2 past their issuing deadline')
    expect(overdue.closest('.ant-typography')?.className).toContain('danger')
    expect(within(bills).getByText('1 due within 3 days')).toBeTruthy()
    expect(within(bills).getByText('Earliest deadline: 15.11.2026')).toBeTruthy()
    expect(within(bills).getByRole('link', { name: 'Open list' }).getAttribute('href')).toBe('/billing/bills')
  })

  it('leaves out the bills to issue for a role that may not lock bills', async () => {
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'])))
    server.answers['GET /api/dashboard'] = { status: 200, body: dashboard(null) }
    renderAt('/')
    await tile('COD waiting')
    expect(screen.queryByRole('region', { name: 'Bills to issue' })).toBeNull()
  })

  it('says so when the dashboard cannot load', async () => {
    act(() => sessionStore.signIn(sessionUser('operator', ['operator'])))
    server.answers['GET /api/dashboard'] = {
      status: 500,
      body: { code: 'INTERNAL', message: 'Internal error' },
    }
    renderAt('/')
    expect(await screen.findByText('Network Error')).toBeTruthy()
  })
})
