import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeServer, renderAt, server } from '../../../../test/app-harness'
import { clientId, signedInAs } from './services-test-fixtures'

installFakeServer()

const card = (over: Record<string, unknown> = {}) => ({
  _id: '0190a0a0-0000-7000-8000-0000000000a1',
  businessclient: null,
  country: 'Czech',
  currency: 'CZK',
  validFrom: '2026-01-01',
  validTo: null,
  fulfilmentOrder: 26,
  fulfilmentExtraItem: 3.5,
  receivingUnit: 0.85,
  storagePositionDay: 0.35,
  codFee: 12,
  refundHandling: 40,
  packaging: 6.5,
  ...over,
})
const cards = [
  card(),
  card({
    _id: '0190a0a0-0000-7000-8000-0000000000a2',
    businessclient: { _id: clientId, name: 'Zahradní ráj s.r.o.' },
    validFrom: '2026-03-01',
    validTo: '2026-12-31',
    fulfilmentOrder: 20,
  }),
]

describe('rate cards', () => {
  it('shows finance the default and client cards read-only', async () => {
    signedInAs(['finance'])
    server.answers['GET /api/ratecards'] = { status: 200, body: cards }
    renderAt('/billing/ratecards')
    const region = await screen.findByRole('region', { name: 'Rate cards' })
    await within(region).findByText('Zahradní ráj s.r.o.')
    const rows = within(region).getAllByRole('row').slice(1)
    expect(rows[0]!.textContent).toContain('Default of the country')
    expect(rows[0]!.textContent).toMatch(/01\.01\.2026 – open/)
    expect(rows[1]!.textContent).toMatch(/01\.03\.2026 – 31\.12\.2026/)
    expect(rows[1]!.textContent).toMatch(/20[.,]00/)
    expect(screen.getByText('You can read the rate cards; only an administrator changes them.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Add rate card' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull()
  })

  it('lets admin edit a card and shows the overlap refusal under the validity', async () => {
    signedInAs(['admin'])
    server.answers['GET /api/ratecards'] = { status: 200, body: cards }
    server.answers[`PUT /api/ratecards/${cards[1]!._id}`] = {
      status: 409,
      body: {
        statusCode: 409,
        code: 'CONFLICT',
        error: 'Conflict',
        message:
          'A rate card of this client for Czech is already valid from 2027-01-01 to open: the validity must not overlap',
        details: { validFrom: 'overlaps another rate card of the same owner and country' },
      },
    }
    renderAt('/billing/ratecards')
    const edit = await screen.findByRole('button', { name: 'Edit Zahradní ráj s.r.o. Czech 2026-03-01' })
    await act(async () => fireEvent.click(edit))
    const dialog = await screen.findByRole('dialog')
    const price = within(dialog).getByRole('spinbutton', { name: 'Fulfilment per order' }) as HTMLInputElement
    expect(price.value).toBe('20.00')
    await act(async () => fireEvent.change(price, { target: { value: '21.5' } }))
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })))
    await waitFor(() => expect(server.requests.some((r) => r.method === 'PUT')).toBe(true))
    const put = server.requests.find((r) => r.method === 'PUT')!
    expect(put.body).toMatchObject({
      businessclient: clientId,
      country: 'Czech',
      currency: 'CZK',
      validFrom: '2026-03-01',
      validTo: '2026-12-31',
      fulfilmentOrder: 21.5,
      packaging: 6.5,
    })
    expect(
      await within(dialog).findByText('overlaps another rate card of the same owner and country'),
    ).toBeTruthy()
  })
})
