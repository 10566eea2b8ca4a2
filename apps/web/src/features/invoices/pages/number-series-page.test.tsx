import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'

installFakeServer()

const clientId = '0190a0a0-0000-7000-8000-0000000000c1'
const series = {
  _id: '0190a0a0-0000-7000-8000-0000000000a9',
  businessclient: { _id: clientId, name: 'Zahradní ráj s.r.o.' },
  documentType: 'invoice',
  country: 'Czech',
  year: 2026,
  prefix: 'FVCZ',
  format: '{prefix}{yyyy}{n:6}',
  nextValue: 12,
  nextNumber: 'FVCZ2026000012',
  used: true,
}
function answers() {
  server.answers['GET /api/settings/sequences'] = { status: 200, body: [series] }
  server.answers['GET /api/settings/vatrates'] = {
    status: 200,
    body: [
      {
        _id: series._id,
        country: 'Czech',
        rate: 21,
        kind: 'standard',
        validFrom: '2024-01-01',
        validTo: null,
      },
    ],
  }
  server.answers['GET /api/settings/exchangerates'] = {
    status: 200,
    body: [{ currency: 'EUR', target: 'CZK', day: '2026-11-20', rate: 24.335 }],
  }
}

describe('number series and rates', () => {
  it('a client sees its series (a used one cannot be deleted) and the rates, without the rate forms', async () => {
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'], clientId)))
    answers()
    renderAt('/settings/sequences')
    const row = (await screen.findByText('FVCZ2026000012')).closest('tr') as HTMLElement
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(await screen.findByText('1 EUR = 24.335 CZK')).toBeTruthy()
    expect(screen.getByText('21 %')).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Record rate' })).toBeNull()
  })

  it('finance records an exchange rate but gets no form to add a VAT rate (the VAT table is admin only)', async () => {
    act(() => sessionStore.signIn(sessionUser('finance', ['finance'])))
    answers()
    renderAt('/settings/sequences')
    expect(await screen.findByRole('form', { name: 'Record rate' })).toBeTruthy()
    expect(await screen.findByText('21 %')).toBeTruthy()
    expect(screen.queryByRole('form', { name: 'Add rate' })).toBeNull()
  })

  it('an admin gets the forms to add a VAT rate and record an exchange rate', async () => {
    act(() => sessionStore.signIn(sessionUser('admin', ['admin'])))
    answers()
    renderAt('/settings/sequences')
    const fx = await screen.findByRole('form', { name: 'Record rate' })
    const vat = screen.getByRole('form', { name: 'Add rate' })
    const series = screen.getByRole('form', { name: 'Add series' })
    // Three forms share field names (country, rate): each label must lead to its own form's field.
    for (const [form, label] of [
      [fx, 'Rate'],
      [vat, 'Rate'],
      [vat, 'Country'],
      [series, 'Customer country'],
    ] as const)
      expect(form.contains(within(form).getByLabelText(label)), `${label} in its form`).toBe(true)
  })
})

describe('deleting a number series', () => {
  it('says why the server refuses (409): documents or a draft use the series', async () => {
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'], clientId)))
    answers()
    server.answers['GET /api/settings/sequences'] = { status: 200, body: [{ ...series, used: false }] }
    server.answers[`DELETE /api/settings/sequences/${series._id}`] = {
      status: 409,
      body: { statusCode: 409, code: 'CONFLICT', message: 'This series has numbered documents' },
    }
    renderAt('/settings/sequences')
    const row = (await screen.findByText('FVCZ2026000012')).closest('tr') as HTMLElement
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Delete' })))
    // found before act(): a findBy inside act() turns React's act environment off while it polls
    const yes = await screen.findByRole('button', { name: 'Yes' })
    await act(async () => fireEvent.click(yes))
    expect(await screen.findByText(/it cannot be deleted/)).toBeTruthy()
    expect(screen.queryByText(/Reload the page/)).toBeNull()
  })
})
