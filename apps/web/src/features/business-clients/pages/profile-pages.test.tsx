import type { BusinessClient } from '@expedo/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { ProfilePage } from './profile-page'
import { ProfileSettingsPage } from './profile-settings-page'

const clientId = '01a1fc7e-71b5-75d0-a08c-e7078289892b'
const userId = '01a1fc7e-0000-7000-8000-000000000001'

/** An unsigned token with the claims the web reads (the server is faked here). */
function token(businessclient: string | null) {
  const claims = {
    sub: userId,
    username: 'shop',
    roles: ['client'],
    businessclient,
    sys_lang: 'ENG',
    exp: 4e9,
  }
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '')
  return `${part({ alg: 'none' })}.${part(claims)}.x`
}

const profile = {
  'orders.invoicing.autoGenerate': false,
  'orders.automaticBlockingGoods': true,
  'orders.shipping.automaticAssingCourier': false,
  'notifications.email.newPo': false,
  'notifications.email.shippingPo': false,
  'notifications.dashboard.tickets.newticket': false,
  'notifications.dashboard.tickets.newmessage': false,
}
const client: BusinessClient = {
  _id: clientId,
  name: 'Zahradní ráj s.r.o.',
  invoicing: { vatPayer: true, dueDays: 14, oss: false, ossSince: null },
  address: {
    country: 'Czech',
    region: '',
    province: '',
    city: 'Brno',
    street: '',
    streetNr: '',
    postcode: '',
  },
  contacts: [],
  bankaccounts: [],
  companyids: [],
  businessprofile: profile,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/profile/:id" element={<ProfilePage />} />
          <Route path="/user-profile-settings" element={<ProfileSettingsPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe('business client pages', () => {
  const fetchMock = vi.fn<typeof fetch>()
  beforeEach(() => vi.stubGlobal('fetch', fetchMock))
  afterEach(() => {
    vi.unstubAllGlobals()
    fetchMock.mockReset()
    sessionStore.signOut()
  })

  it('/profile/null: Add New creates the company, stores the new token and opens /profile/{id}', async () => {
    sessionStore.signIn({ token: token(null) })
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      if (url === '/api/businessclients' && init?.method === 'POST') {
        expect(JSON.parse(String(init.body))).toEqual({ name: 'Zahradní ráj s.r.o.', address: {} })
        return json(201, { ...client, token: token(clientId) })
      }
      if (url === `/api/businessclients/${clientId}`) return json(200, client)
      return json(404, { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'Not found' })
    })
    renderAt('/profile/null')

    act(() => fireEvent.click(screen.getByRole('button', { name: /add new/i })))
    const save = await screen.findByRole('button', { name: 'Create company' })
    expect(save.hasAttribute('disabled')).toBe(true)
    act(() => {
      fireEvent.change(screen.getByLabelText('Company name'), { target: { value: 'Zahradní ráj s.r.o.' } })
    })
    expect(save.hasAttribute('disabled')).toBe(false)
    await act(async () => fireEvent.click(save))

    expect(await screen.findByRole('heading', { name: 'Zahradní ráj s.r.o.' })).toBeTruthy()
    expect(sessionStore.get().currentUser?.businessclient).toBe(clientId)
  })

  it('a company id keeps its register entry: edited in its form, sent alone, shown on its card', async () => {
    sessionStore.signIn({ token: token(clientId) })
    const register = 'Obchodný register Okresného súdu Bratislava I, oddiel Sro, vložka 12345/B'
    const companyId = {
      _id: 'cid-1',
      country: 'Slovakia',
      coid: '36421928',
      taxid: 'SK2022749619',
      register: '',
    }
    const bodies: unknown[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      if (url === `/api/businessclients/${clientId}/companyids/cid-1` && init?.method === 'PUT') {
        bodies.push(JSON.parse(String(init.body)))
        return json(200, { ...client, companyids: [{ ...companyId, register }] })
      }
      if (url === `/api/businessclients/${clientId}`) return json(200, { ...client, companyids: [companyId] })
      return json(404, { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'Not found' })
    })
    renderAt(`/profile/${clientId}`)
    const edit = await screen.findByRole('button', { name: /^Edit Slovakia 36421928/ })
    await act(async () => fireEvent.click(edit))
    const field = await screen.findByLabelText('Register entry')
    expect(screen.getByText(/Required on Slovak invoices/)).toBeTruthy()
    act(() => fireEvent.change(field, { target: { value: register } }))
    const form = field.closest('form') as HTMLFormElement
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: /save/i })))
    await waitFor(() => expect(bodies).toEqual([{ register }]))
    expect(await screen.findByText(register)).toBeTruthy()
  })

  it('a bank account takes its BIC; the server’s refusal of a BIC from another bank shows on the field', async () => {
    sessionStore.signIn({ token: token(clientId) })
    const account = {
      _id: 'acc-1',
      bankname: 'Česká spořitelna',
      currency: 'CZK',
      accountNr: '19-2000145399',
      bankCode: '0800',
      IBAN: 'CZ6508000000192000145399',
      SWIFT: '',
      addressCity: '',
      addressCountry: '',
    }
    const bodies: unknown[] = []
    const reason = 'does not match the IBAN: bank code 0800 is Česká spořitelna, a.s., BIC GIBACZPX'
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      if (url === `/api/businessclients/${clientId}/bankaccounts/acc-1` && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body))
        bodies.push(body)
        if (body.SWIFT !== 'GIBACZPX') {
          return json(400, {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            error: 'Bad Request',
            message: `SWIFT ${reason}`,
            details: { SWIFT: reason },
          })
        }
        return json(200, { ...client, bankaccounts: [{ ...account, SWIFT: body.SWIFT }] })
      }
      if (url === `/api/businessclients/${clientId}`) return json(200, { ...client, bankaccounts: [account] })
      return json(404, { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'Not found' })
    })
    renderAt(`/profile/${clientId}`)
    const edit = await screen.findByRole('button', { name: 'Edit Česká spořitelna' })
    await act(async () => fireEvent.click(edit))
    const field = await screen.findByLabelText('SWIFT / BIC')
    const form = field.closest('form') as HTMLFormElement
    act(() => fireEvent.change(field, { target: { value: 'fiobczpp' } }))
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: /save/i })))
    expect(await within(form).findByText(reason)).toBeTruthy()
    act(() => fireEvent.change(field, { target: { value: 'gibaczpx' } }))
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: /save/i })))
    await waitFor(() => expect(bodies).toEqual([{ SWIFT: 'FIOBCZPP' }, { SWIFT: 'GIBACZPX' }]))
    // saved: the card shows the BIC
    expect(await screen.findByText('GIBACZPX')).toBeTruthy()
  })

  it('a company id’s VAT number is checked by its country’s check digit before it is sent', async () => {
    sessionStore.signIn({ token: token(clientId) })
    const companyId = { _id: 'cid-1', country: 'Slovakia', coid: '36421928', taxid: '', register: '' }
    const bodies: unknown[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      if (url === `/api/businessclients/${clientId}/companyids/cid-1` && init?.method === 'PUT') {
        bodies.push(JSON.parse(String(init.body)))
        return json(200, { ...client, companyids: [{ ...companyId, taxid: 'SK2022749619' }] })
      }
      if (url === `/api/businessclients/${clientId}`) return json(200, { ...client, companyids: [companyId] })
      return json(404, { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'Not found' })
    })
    renderAt(`/profile/${clientId}`)
    const edit = await screen.findByRole('button', { name: /^Edit Slovakia 36421928/ })
    await act(async () => fireEvent.click(edit))
    const field = await screen.findByLabelText('Tax ID')
    const form = field.closest('form') as HTMLFormElement
    act(() => fireEvent.change(field, { target: { value: 'SK2022749618' } }))
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: /save/i })))
    expect(await within(form).findByText('The check digit does not match a SK VAT number')).toBeTruthy()
    expect(bodies).toEqual([])
    act(() => fireEvent.change(field, { target: { value: 'SK2022749619' } }))
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: /save/i })))
    await waitFor(() => expect(bodies).toEqual([{ taxid: 'SK2022749619' }]))
  })

  it('the One-Stop-Shop: switched on needs its start date, then saves both and shows them', async () => {
    sessionStore.signIn({ token: token(clientId) })
    const bodies: unknown[] = []
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input)
      if (url === `/api/businessclients/${clientId}` && init?.method === 'PUT') {
        bodies.push(JSON.parse(String(init.body)))
        return json(200, { ...client, invoicing: { ...client.invoicing, oss: true, ossSince: '2026-07-01' } })
      }
      if (url === `/api/businessclients/${clientId}`) return json(200, client)
      return json(404, { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'Not found' })
    })
    renderAt(`/profile/${clientId}`)
    const toggle = await screen.findByRole('switch', { name: 'Declared through the One-Stop-Shop' })
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    const form = toggle.closest('form') as HTMLFormElement
    await act(async () => fireEvent.click(toggle))
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: /save/i })))
    expect(await within(form).findByText('Enter the date from which the One-Stop-Shop applies.')).toBeTruthy()
    const since = within(form).getByLabelText('One-Stop-Shop since')
    act(() => fireEvent.change(since, { target: { value: '2020-12-31' } }))
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: /save/i })))
    expect(await within(form).findByText('The One-Stop-Shop began on 2021-07-01.')).toBeTruthy()
    expect(bodies).toEqual([])
    act(() => fireEvent.change(since, { target: { value: '2026-07-01' } }))
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: /save/i })))
    await waitFor(() =>
      expect(bodies).toEqual([
        { type: 'update', query: { invoicing: { oss: true, ossSince: '2026-07-01' } } },
      ]),
    )
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'))
    expect((since as HTMLInputElement).value).toBe('2026-07-01')
  })

  it('shows a not-found result for a company the user may not see', async () => {
    sessionStore.signIn({ token: token(clientId) })
    fetchMock.mockResolvedValue(
      json(404, { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'x' }),
    )
    renderAt('/profile/01a1fc7e-0000-7000-8000-00000000dead')
    expect(await screen.findByText('Company not found')).toBeTruthy()
  })

  it('a settings switch moves at once and moves back when saving fails', async () => {
    sessionStore.signIn({ token: token(clientId) })
    let failSave: (response: Response) => void = () => {}
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        expect(String(input)).toBe(`/api/businessclients/${clientId}/businessprofile`)
        expect(JSON.parse(String(init.body))).toEqual({ 'orders.invoicing.autoGenerate': true })
        return new Promise<Response>((resolve) => {
          failSave = resolve
        })
      }
      return json(200, client)
    })
    renderAt('/user-profile-settings')
    const toggle = await screen.findByRole('switch', { name: 'Generate invoices automatically' })
    expect(toggle.getAttribute('aria-checked')).toBe('false')

    await act(async () => fireEvent.click(toggle))
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'))

    await act(async () =>
      failSave(json(500, { statusCode: 500, code: 'INTERNAL', error: 'x', message: 'boom' })),
    )
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'))
  })

  it('settings: a user without a company is sent to create one', () => {
    sessionStore.signIn({ token: token(null) })
    renderAt('/user-profile-settings')
    expect(screen.getByRole('button', { name: 'Add company' })).toBeTruthy()
  })
})
