import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'

installFakeServer()

const pplId = '0190a0a0-0000-7000-8000-0000000000d1'
const dpdId = '0190a0a0-0000-7000-8000-0000000000d2'
const qid = '0190a0a0-0000-7000-8000-0000000000f1'
const ppl = { _id: pplId, name: 'PPL', country: 'Czech', isDefault: true, officePickup: false }
const dpd = { _id: dpdId, name: 'DPD', country: 'Czech', isDefault: false, officePickup: false }
const quotation = {
  _id: qid,
  courier: dpdId,
  country: 'Slovakia',
  currency: 'EUR',
  isActive: true,
  courier_transport: 3.6,
  courier_return: 2,
  courier_COD_Service_cash: 1,
  courier_COD_Service_card: 1.2,
  courier_toll_rate: 0.1,
  courier_fuel_charge: 19.5,
  serviceType: { name: 'address' },
  amount: 4.4,
  createdAt: '2026-11-01T10:00:00.000Z',
}

const signIn = (roles: ('admin' | 'finance')[]) =>
  act(() => sessionStore.signIn(sessionUser(roles[0]!, roles)))

describe('couriers list', () => {
  it('shows name, the default check and country; sends the name and every chosen country from the URL', async () => {
    signIn(['finance'])
    const url = '/api/couriers?name=p&country=Czech&country=Slovakia'
    server.answers[`GET ${url}`] = { status: 200, body: [dpd, ppl] }
    renderAt('/couriers?name=p&country=Czech&country=Slovakia')
    const table = await screen.findByRole('region', { name: 'Couriers' })
    await within(table).findByText('PPL')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['DPD', '', 'Czech'],
      ['PPL', '', 'Czech'],
    ])
    expect(within(rows[1]!).getByLabelText('Default courier')).toBeTruthy()
    expect(within(rows[0]!).queryByLabelText('Default courier')).toBeNull()
    expect(within(table).getByRole('link', { name: 'DPD' }).getAttribute('href')).toBe(`/couriers/${dpdId}`)
    expect(server.requests.some((r) => r.url === url)).toBe(true)
  })

  it("says 'No couriers found' when nothing matches and searches by the typed name", async () => {
    signIn(['finance'])
    server.answers['GET /api/couriers'] = { status: 200, body: [] }
    server.answers['GET /api/couriers?name=zz'] = { status: 200, body: [] }
    renderAt('/couriers')
    expect(await screen.findByText('No couriers found')).toBeTruthy()
    const search = screen.getByRole('searchbox', { name: 'Search' })
    act(() => {
      fireEvent.change(search, { target: { value: 'zz' } })
      fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 })
    })
    await vi.waitFor(() => expect(server.requests.some((r) => r.url === '/api/couriers?name=zz')).toBe(true))
  })
})

describe('courier page', () => {
  it('shows the courier and its quotations; an admin sets it as default after confirming', async () => {
    signIn(['admin'])
    server.answers[`GET /api/couriers/${dpdId}`] = { status: 200, body: dpd }
    server.answers[`GET /api/couriers/${dpdId}/quotations`] = { status: 200, body: [quotation] }
    server.answers[`POST /api/couriers/${dpdId}`] = { status: 200, body: { ...dpd, isDefault: true } }
    renderAt(`/couriers/${dpdId}`)
    expect(await screen.findByRole('heading', { name: 'DPD' })).toBeTruthy()
    const table = await screen.findByRole('region', { name: 'Quotations' })
    const row = (await within(table).findByText('Slovakia')).closest('tr') as HTMLElement
    expect([...row.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)).toEqual([
      'Slovakia',
      'Address',
      '4.40 EUR',
    ])
    expect(screen.queryByText('Default', { selector: '.ant-tag' })).toBeNull()
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Set as default' })))
    expect(await screen.findByText('Make DPD the default courier for Czech?')).toBeTruthy()
    const confirm = screen.getAllByRole('button', { name: 'Set as default' }).at(-1)!
    act(() => fireEvent.click(confirm))
    expect(await screen.findByText('Default', { selector: '.ant-tag' })).toBeTruthy()
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      `/api/couriers/${dpdId}`,
    ])
    expect(screen.queryByRole('button', { name: 'Set as default' })).toBeNull()
  })

  it('an admin adds a quotation with its prices; the list refreshes', async () => {
    signIn(['admin'])
    server.answers[`GET /api/couriers/${dpdId}`] = { status: 200, body: dpd }
    server.answers[`GET /api/couriers/${dpdId}/quotations`] = { status: 200, body: [] }
    server.answers[`POST /api/couriers/${dpdId}/quotations`] = { status: 201, body: quotation }
    renderAt(`/couriers/${dpdId}`)
    expect(await screen.findByText('No quotations found')).toBeTruthy()
    act(() => fireEvent.click(screen.getByRole('button', { name: /Add quotation/ })))
    const form = await screen.findByRole('form', { name: 'New quotation' })
    fireEvent.change(within(form).getByLabelText('Transport'), { target: { value: '99.5' } })
    fireEvent.change(within(form).getByLabelText('Fuel surcharge, %'), { target: { value: '18.5' } })
    // The currency is required: pick CZK.
    const currency = within(form).getByLabelText('Currency')
    act(() => fireEvent.mouseDown(currency))
    fireEvent.change(currency, { target: { value: 'CZK' } })
    const option = (await screen.findAllByText(/^CZK/)).at(-1)!
    act(() => fireEvent.click(option))
    server.answers[`GET /api/couriers/${dpdId}/quotations`] = { status: 200, body: [quotation] }
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
    await vi.waitFor(() =>
      expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
        country: 'Czech',
        currency: 'CZK',
        serviceType: 'address',
        courier_transport: 99.5,
        courier_return: 0,
        courier_COD_Service_cash: 0,
        courier_COD_Service_card: 0,
        courier_toll_rate: 0,
        courier_fuel_charge: 18.5,
      }),
    )
    expect(await screen.findByText('4.40 EUR')).toBeTruthy()
  })

  it('shows no admin actions to finance and a not-found state for an unknown courier', async () => {
    signIn(['finance'])
    server.answers[`GET /api/couriers/${dpdId}`] = { status: 200, body: dpd }
    server.answers[`GET /api/couriers/${dpdId}/quotations`] = { status: 200, body: [quotation] }
    renderAt(`/couriers/${dpdId}`)
    expect(await screen.findByText('4.40 EUR')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Set as default' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Add quotation/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull()
  })

  it("says 'Courier not found' for an unknown id", async () => {
    signIn(['finance'])
    renderAt(`/couriers/${pplId}`)
    expect(await screen.findByText('Courier not found')).toBeTruthy()
  })
})
