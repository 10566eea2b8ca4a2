import type { WarehouseAddress } from '@expedo/domain'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'

installFakeServer()

const warehouseId = '0190a0a0-0000-7000-8000-0000000000f1'
const addressUrl = `/api/warehouses/${warehouseId}/address`
const bare: WarehouseAddress = {
  _id: warehouseId,
  name: 'Praha Hostivař',
  country: 'Czech',
  contactName: '',
  phone: '',
  email: '',
  street: '',
  houseNumber: '',
  postCode: '',
  city: 'Praha',
  complete: false,
}
const full: WarehouseAddress = {
  ...bare,
  contactName: 'Tomáš Veselý',
  phone: '+420 272 650 310',
  email: 'hostivar@expedo.cz',
  street: 'Průmyslová',
  houseNumber: '1472/11',
  postCode: '102 00',
  complete: true,
}

function open(roles: ('admin' | 'operator')[], address: WarehouseAddress) {
  act(() => sessionStore.signIn(sessionUser(roles[0]!, roles)))
  server.answers['GET /api/warehouse'] = {
    status: 200,
    body: [{ _id: warehouseId, name: 'Praha Hostivař', country: 'Czech' }],
  }
  server.answers[`GET ${addressUrl}`] = { status: 200, body: address }
  renderAt('/warehouse/locations')
}
const addressCard = () => screen.findByRole('heading', { name: 'Sender address of Praha Hostivař' })
const cardOf = (heading: HTMLElement) => heading.closest('.ant-card') as HTMLElement

describe('the warehouse’s sender address on the locations page', () => {
  it('shows an operator the address read-only, without an edit button', async () => {
    open(['operator'], full)
    const card = cardOf(await addressCard())
    await within(card).findByText('Průmyslová 1472/11')
    expect(within(card).getByText(/102 00 Praha/)).toBeTruthy()
    expect(within(card).getByText('Tomáš Veselý')).toBeTruthy()
    expect(within(card).getByText('+420 272 650 310, hostivar@expedo.cz')).toBeTruthy()
    expect(within(card).getByText('Only an admin changes the sender address.')).toBeTruthy()
    expect(within(card).queryByRole('button')).toBeNull()
    expect(within(card).queryByRole('alert')).toBeNull()
  })

  it('warns while it is incomplete; an admin sets it (Save only after a change, field errors) and the warning goes', async () => {
    open(['admin'], bare)
    const card = cardOf(await addressCard())
    await within(card).findByText(/couriers will refuse this warehouse's labels/)
    fireEvent.click(within(card).getByRole('button', { name: 'Set address' }))

    const save = await within(card).findByRole('button', { name: 'Save' })
    expect((save as HTMLButtonElement).disabled).toBe(true)
    const street = within(card).getByLabelText('Street')
    expect(document.activeElement).toBe(street)
    fireEvent.change(street, { target: { value: 'Průmyslová' } })
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false))
    fireEvent.change(within(card).getByLabelText('Phone'), { target: { value: '12' } })
    fireEvent.click(save)
    await within(card).findByText('Enter a phone number of at least 6 digits (e.g. +420 222 333 444)')
    expect(within(card).getAllByText('This field is required').length).toBe(2)
    expect(server.requests.filter((r) => r.method === 'PUT')).toEqual([])

    fireEvent.change(within(card).getByLabelText('House number'), { target: { value: '1472/11' } })
    fireEvent.change(within(card).getByLabelText('Post code'), { target: { value: '102 00' } })
    fireEvent.change(within(card).getByLabelText('Contact person'), { target: { value: 'Tomáš Veselý' } })
    fireEvent.change(within(card).getByLabelText('Phone'), { target: { value: '+420 272 650 310' } })
    fireEvent.change(within(card).getByLabelText('E-mail address'), {
      target: { value: 'hostivar@expedo.cz' },
    })
    server.answers[`PUT ${addressUrl}`] = { status: 200, body: full }
    fireEvent.click(save)

    await screen.findByText('Sender address of Praha Hostivař saved')
    expect(server.requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      {
        street: 'Průmyslová',
        houseNumber: '1472/11',
        postCode: '102 00',
        city: 'Praha',
        contactName: 'Tomáš Veselý',
        phone: '+420 272 650 310',
        email: 'hostivar@expedo.cz',
      },
    ])
    await within(card).findByText('Průmyslová 1472/11')
    expect(within(card).queryByText(/couriers will refuse/)).toBeNull()
    expect(within(card).getByRole('button', { name: 'Edit address' })).toBeTruthy()
  })

  it('shows the server’s refusal under its field, and Escape leaves the form unchanged', async () => {
    open(['admin'], full)
    const card = cardOf(await addressCard())
    fireEvent.click(await within(card).findByRole('button', { name: 'Edit address' }))
    server.answers[`PUT ${addressUrl}`] = {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'city is required',
        details: { city: 'is required' },
      },
    }
    fireEvent.change(within(card).getByLabelText('City'), { target: { value: 'Prague' } })
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }))
    await within(card).findByText('This field is required')
    fireEvent.keyDown(within(card).getByLabelText('City'), { key: 'Escape' })
    await within(card).findByText('Průmyslová 1472/11')
    expect(within(card).queryByRole('button', { name: 'Save' })).toBeNull()
  })
})
