import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeServer, renderAt, server } from '../../../../test/app-harness'
import {
  aService,
  billId,
  clientId,
  monthStart,
  orderId,
  shipmentId,
  signedInAs,
  today,
} from './services-test-fixtures'

installFakeServer()

const LIST = 'POST /api/services/billable'
const RUNNING = 'GET /api/services/running'
const listBodies = () => server.requests.filter((r) => r.url === '/api/services/billable').map((r) => r.body)
const running = {
  periodStart: monthStart,
  periodEnd: today,
  currencies: [
    {
      currency: 'CZK',
      total: 184.4,
      lines: [
        { name: 'fulfilment', category: 'warehouse', quantity: 2, count: 2, amount: 52 },
        { name: 'transport', category: 'courier', quantity: 1, count: 1, amount: 132.4 },
      ],
    },
  ],
}

describe('services list', () => {
  it('shows a client its running bill and the month’s services with trigger and bill links', async () => {
    signedInAs(['client'], clientId)
    server.answers[RUNNING] = { status: 200, body: running }
    server.answers[LIST] = {
      status: 200,
      body: {
        list: [
          aService({ isBilled: true, bill: { _id: billId, sequenceNumber: 'BILL-2026-0007' } }),
          aService({
            serviceType: { name: 'receiving', category: 'warehouse' },
            trigger: 'Inboundshipment',
            triggerId: shipmentId,
            triggerRef: shipmentId.slice(-9),
            quantity: 7,
            amount: 5.95,
            description: 'Inbound shipment 0000000e1: SKU-1',
          }),
        ],
        total: 2,
      },
    }
    renderAt('/billing/services')
    const region = await screen.findByRole('region', { name: 'Billable services' })
    await within(region).findByRole('link', { name: 'Order ZR-1001' })
    const rows = within(region).getAllByRole('row').slice(1)
    expect(within(rows[0]!).getByRole('link', { name: 'Order ZR-1001' }).getAttribute('href')).toBe(
      `/orders/${orderId}`,
    )
    expect(within(rows[0]!).getByRole('link', { name: 'BILL-2026-0007' }).getAttribute('href')).toBe(
      `/billing/bills/${billId}`,
    )
    expect(
      within(rows[1]!)
        .getByRole('link', { name: `Inbound shipment ${shipmentId.slice(-9)}` })
        .getAttribute('href'),
    ).toBe(`/shipments/inbound/${shipmentId}`)
    expect(rows[1]!.textContent).toContain('pending')
    expect(rows[1]!.textContent).toMatch(/Receiving × 7/)
    expect(rows[1]!.textContent).toMatch(/5[.,]95 CZK/)
    expect(listBodies()[0]).toEqual({
      dateFrom: monthStart,
      dateTo: today,
      status: 'all',
      itemsPerPage: 10,
      currentPage: 1,
    })
    // The running bill: amount so far per service name and the total.
    const card = (await screen.findByText('Running bill of this month')).closest('.ant-card') as HTMLElement
    expect(card.textContent).toMatch(/Fulfilment.*52[.,]00 CZK/)
    expect(card.textContent).toMatch(/Transport.*132[.,]40 CZK/)
    expect(card.textContent).toMatch(/Total so far.*184[.,]40 CZK/)
  })

  it('drills down from the running bill to the services not billed, through the URL', async () => {
    signedInAs(['client'], clientId)
    server.answers[RUNNING] = { status: 200, body: running }
    server.answers[LIST] = { status: 200, body: { list: [aService()], total: 1 } }
    const router = renderAt('/billing/services?from=2026-01-01')
    const drill = await screen.findByRole('button', { name: 'Show the services not billed' })
    await act(async () => fireEvent.click(drill))
    await waitFor(() => expect(router.state.location.search).toContain('status=notbilled'))
    // The month's start is the default: the URL drops it, and the list asks from it.
    expect(router.state.location.search).not.toContain('from=2026-01-01')
    await waitFor(() =>
      expect(listBodies().at(-1)).toMatchObject({ status: 'notbilled', dateFrom: monthStart, dateTo: today }),
    )
  })

  it('reads the status filter from the URL and shows the empty state', async () => {
    signedInAs(['client'], clientId)
    server.answers[RUNNING] = { status: 200, body: { ...running, currencies: [] } }
    server.answers[LIST] = { status: 200, body: { list: [], total: 0 } }
    renderAt('/billing/services?status=billed&from=2026-02-01&to=2026-02-28')
    expect(await screen.findByText('No services found')).toBeTruthy()
    expect(listBodies()[0]).toMatchObject({ status: 'billed', dateFrom: '2026-02-01', dateTo: '2026-02-28' })
    expect(await screen.findByText('No services this month yet.')).toBeTruthy()
  })

  it('shows staff every client’s services with the client column and no running bill', async () => {
    signedInAs(['finance'])
    server.answers[LIST] = { status: 200, body: { list: [aService()], total: 1 } }
    renderAt('/billing/services')
    const table = await screen.findByRole('region', { name: 'Billable services' })
    expect(await within(table).findByRole('columnheader', { name: 'Business client' })).toBeTruthy()
    expect(table.textContent).toContain('Zahradní ráj s.r.o.')
    expect(screen.queryByText('Running bill of this month')).toBeNull()
    expect(server.requests.some((r) => r.url.startsWith('/api/services/running'))).toBe(false)
    expect(screen.getByRole('link', { name: 'Rate cards' }).getAttribute('href')).toBe('/billing/ratecards')
  })

  it('shows a refused call in place of the list, with the field it names', async () => {
    signedInAs(['client'], clientId)
    server.answers[RUNNING] = { status: 200, body: running }
    server.answers[LIST] = {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'dateTo must not be before dateFrom',
        details: { dateTo: 'must not be before dateFrom' },
      },
    }
    renderAt('/billing/services?from=2026-03-02&to=2026-03-01')
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('alert')
          .map((a) => a.textContent)
          .join(),
      ).toContain('dateTo must not be before dateFrom'),
    )
    expect(screen.queryByText('No services found')).toBeNull()
  })
})
