import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'

installFakeServer()

const clientId = '0190a0a0-0000-7000-8000-0000000000c1'
const productId = '0190a0a0-0000-7000-8000-0000000000a1'
const warehouseId = '0190a0a0-0000-7000-8000-0000000000e1'

const group = {
  businessclient: { _id: clientId, name: 'Zahradní ráj s.r.o.' },
  country: 'Czech',
  products: [
    {
      product: productId,
      sku: 'ZR-KON-0001',
      name: 'Konev zahradní 10 l',
      quantity: 7,
      available: 2,
      orders: 3,
    },
    { product: null, sku: 'UNKNOWN-1', name: 'Dárková krabička', quantity: 1, available: 0, orders: 1 },
  ],
}

function signedIn() {
  act(() => sessionStore.signIn(sessionUser('operator', ['operator'])))
  server.answers['GET /api/warehouse'] = { status: 200, body: [{ _id: warehouseId, name: 'Praha Hostivař' }] }
}

describe('no-goods report', () => {
  it('shows a group per client and country; a product links to its No goods orders in that country', async () => {
    signedIn()
    server.answers['GET /api/reports/nogoods/'] = { status: 200, body: [group] }
    renderAt('/reports/nogoods')
    const card = await screen.findByRole('region', { name: 'Zahradní ráj s.r.o. · Czech' })
    const row = within(card).getByText('Konev zahradní 10 l').closest('tr') as HTMLElement
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Konev zahradní 10 lZR-KON-0001',
      '7',
      '2',
      '3',
    ])
    expect(within(card).getByRole('link', { name: 'Konev zahradní 10 l' }).getAttribute('href')).toBe(
      `/orders?status=No+goods&product=${productId}&country=Czech`,
    )
    // A line not paired with a product yet has nothing to filter the list by.
    expect(within(card).queryByRole('link', { name: 'Dárková krabička' })).toBeNull()
    expect(within(card).getByText(/not paired with a product/)).toBeTruthy()
  })

  it('sends the filters from the URL and shows the empty state', async () => {
    signedIn()
    const url = `/api/reports/nogoods/?country=Romania&shipFrom=${warehouseId}`
    server.answers[`GET ${url}`] = { status: 200, body: [] }
    renderAt(`/reports/nogoods?country=Romania&shipFrom=${warehouseId}`)
    expect(await screen.findByText('No orders are waiting for goods')).toBeTruthy()
    expect(server.requests.some((r) => r.url === url)).toBe(true)
    // The filters show what the URL says, and Reset goes back to all.
    expect(screen.getByText('Praha Hostivař')).toBeTruthy()
    server.answers['GET /api/reports/nogoods/'] = { status: 200, body: [group] }
    act(() => fireEvent.click(screen.getByRole('button', { name: /Reset/ })))
    await screen.findByRole('region', { name: 'Zahradní ráj s.r.o. · Czech' })
  })
})
