import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'

installFakeServer()

/** The own-cost lines of the results, as label → value. */
async function ownCosts() {
  const list = await screen.findByLabelText('Your own warehouse a month')
  return Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
  )
}

const statistic = (title: string) =>
  screen.getByText(title).closest('.ant-statistic')?.querySelector('.ant-statistic-content')?.textContent

describe('storage-cost calculator', () => {
  it('opens for a visitor at 1000 orders in CZK: own 52.00 per order against 26.00', async () => {
    renderAt('/costcalculator')
    expect(await ownCosts()).toEqual({
      'Staff (employees: 1)': '33,500.00 CZK',
      Material: '6,500.00 CZK',
      'Warehouse rent': '12,000.00 CZK',
      'Total a month': '52,000.00 CZK',
    })
    expect(statistic('Your cost per order')).toBe('52.00 CZK')
    expect(statistic('Our price per order')).toBe('26.00 CZK')
    expect(statistic('Saving per order')).toBe('26.00 CZK')
    expect(statistic('Saving per month')).toBe('26,000.00 CZK')
    // A visitor is not asked for its own numbers.
    expect(server.requests.some((r) => r.url === '/api/costcalculator/me')).toBe(false)
  })

  it('recomputes when the orders change: 4001 orders rent 50000 and cost 35.74 an order', async () => {
    renderAt('/costcalculator')
    await ownCosts()
    act(() => fireEvent.change(screen.getByLabelText('Orders per month'), { target: { value: '4001' } }))
    await vi.waitFor(() => expect(statistic('Your cost per order')).toBe('35.74 CZK'))
    expect((await ownCosts())['Warehouse rent']).toBe('50,000.00 CZK')
    expect(statistic('Saving per month')).toBe('38,980.50 CZK')
  })

  it("shows RON at 1000 orders and 'individual' with a contact call above 4000", async () => {
    renderAt('/costcalculator/ro?orders=1000')
    expect((await ownCosts())['Total a month']).toBe('3,650.00 RON')
    expect(statistic('Our price per order')).toBe('3.25 RON')
    act(() => fireEvent.change(screen.getByLabelText('Orders per month'), { target: { value: '4001' } }))
    expect(await screen.findByText('individual')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Contact us' })).toBeTruthy()
    expect(screen.queryByText('Saving per order')).toBeNull()
    expect(statistic('Your cost per order')).toBe('3.12 RON')
  })

  it("prefills a signed-in client's orders of the last 30 days and shows its actual cost per order", async () => {
    act(() => sessionStore.signIn(sessionUser('shop', ['client'], '0190a0a0-0000-7000-8000-0000000000c1')))
    server.answers['GET /api/costcalculator/me'] = {
      status: 200,
      body: {
        orders: 1001,
        costs: [{ currency: 'CZK', total: 50000, shippedOrders: 800, perOrder: 62.5 }],
      },
    }
    renderAt('/costcalculator')
    expect(
      await screen.findByText(
        'Your actual cost per order in the last 30 days: 62.50 CZK (shipped orders: 800)',
      ),
    ).toBeTruthy()
    expect((screen.getByLabelText('Orders per month') as HTMLInputElement).value).toBe('1001')
    await vi.waitFor(() => expect(statistic('Your cost per order')).toBe('63.94 CZK'))
  })
})
