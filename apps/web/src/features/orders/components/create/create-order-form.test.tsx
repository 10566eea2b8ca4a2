import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../../test/app-harness'

installFakeServer()

const clientId = '0190a0a0-0000-7000-8000-0000000000c1'
const productId = '0190a0a0-0000-7000-8000-0000000000p1'.replace('p', 'a')
const orderId = '0190a0a0-0000-7000-8000-0000000000d1'.replace('d', 'b')
const REQUIRED = 'Order was not created. Please fill in all the required fields'

const product = {
  _id: productId,
  name: 'Konev zahradní 10 l',
  codes: { sku: 'ZR-KON-0001', barcode: '8590000000011', clientsku: '' },
}

function asClient() {
  act(() => sessionStore.signIn(sessionUser('eshop1', ['client'], clientId)))
  server.answers[`GET /api/products?itemsPerPage=20&businessclient=${clientId}`] = {
    status: 200,
    body: { list: [product], total: 1 },
  }
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement
const item = (label: string) => field(label).closest('.ant-form-item') as HTMLElement
const flagged = (label: string) => item(label).classList.contains('ant-form-item-has-error')
const type = (label: string, value: string) =>
  act(() => fireEvent.change(field(label), { target: { value } }))
async function tick(label: string) {
  const box = await screen.findByRole('checkbox', { name: label })
  act(() => fireEvent.click(box))
}
const save = () => act(() => fireEvent.click(screen.getByRole('button', { name: 'Save' })))
const posts = () => server.requests.filter((r) => r.method === 'POST' && r.url === '/api/orders/create/new')

/** Opens an antd select by its label, types to narrow it, and clicks the option with that text. */
async function choose(label: string, search: string, option: string) {
  const box = field(label)
  act(() => fireEvent.mouseDown(box))
  act(() => fireEvent.change(box, { target: { value: search } }))
  const found = await waitFor(() => {
    const el = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === option)
    if (!el) throw new Error(`no option ${option}`)
    return el
  })
  act(() => fireEvent.click(found))
}

async function openForm() {
  renderAt('/orders/create/new')
  await screen.findByRole('heading', { name: 'New order' })
}

async function fillShipping() {
  await choose('Country', 'Czech', 'Czech')
  type('City', 'Brno')
  type('Street', 'Kounicova')
  type('Post code', '602 00')
}

describe('create order form', () => {
  it('is not sent with a required field missing: the message appears and the missing fields are flagged', async () => {
    asClient()
    await openForm()
    type('Order number', 'EO-1')
    save()
    expect(await screen.findByText(REQUIRED)).toBeTruthy()
    await waitFor(() => expect(flagged('Post code')).toBe(true))
    for (const label of ['Country', 'City', 'Street']) expect(flagged(label), label).toBe(true)
    for (const label of ['Province', 'Street number', 'Phone']) expect(flagged(label), label).toBe(false)
    expect(posts()).toEqual([])
  })

  it('flags city, street or post code again when the value is emptied after an edit', async () => {
    asClient()
    await openForm()
    for (const label of ['City', 'Street', 'Post code']) {
      type(label, 'x')
      await waitFor(() => expect(flagged(label)).toBe(false))
      type(label, '')
      await waitFor(() => expect(flagged(label), label).toBe(true))
      await waitFor(() => expect(within(item(label)).getByText('This field is required')).toBeTruthy())
    }
  })

  it('with same-address on the company address follows the shipping address; editing it turns same-address off', async () => {
    asClient()
    await openForm()
    type('City', 'Brno')
    await tick('The customer is a company')
    await tick('Company address is the same as the shipping address')
    await waitFor(() => expect(field('Company city').value).toBe('Brno'))
    type('Street', 'Kounicova')
    type('Post code', '602 00')
    expect(field('Company street').value).toBe('Kounicova')
    expect(field('Company post code').value).toBe('602 00')

    type('Company city', 'Praha')
    expect(
      screen.getByRole('checkbox', { name: 'Company address is the same as the shipping address' }),
    ).toHaveProperty('checked', false)
    type('City', 'Olomouc')
    expect(field('Company city').value).toBe('Praha')
  })

  it('unticking is-company clears the company fields', async () => {
    asClient()
    await openForm()
    await tick('The customer is a company')
    await screen.findByLabelText('Company name')
    type('Company name', 'Zahrady Novák s.r.o.')
    type('Tax ID', 'CZ12345678')
    type('Company phone', '+420 777 000 111')
    type('Company city', 'Brno')
    await tick('The customer is a company')
    await waitFor(() => expect(screen.queryByLabelText('Company name')).toBeNull())
    await tick('The customer is a company')
    await screen.findByLabelText('Company name')
    for (const label of ['Company name', 'Tax ID', 'Company phone', 'Company city']) {
      expect(field(label).value, label).toBe('')
    }
  })

  it('sends the spec payload with line price = unit price × quantity and opens the new order', async () => {
    asClient()
    server.answers['POST /api/orders/create/new'] = { status: 201, body: { _id: orderId } }
    const router = renderAt('/orders/create/new')
    await screen.findByRole('heading', { name: 'New order' })
    type('Order number', 'EO-2001')
    type('First name', 'Jana')
    type('Last name', 'Nováková')
    type('Phone', '+420 777 123 456')
    await fillShipping()
    type('Province', 'Jihomoravský')
    type('Street number', '12')
    act(() => fireEvent.change(field('Cash on delivery amount'), { target: { value: '37.5' } }))
    await tick('The customer is a company')
    await tick('Company address is the same as the shipping address')
    type('Company name', 'Zahrady Novák s.r.o.')
    type('Tax ID', 'CZ12345678')

    act(() => fireEvent.click(screen.getByRole('button', { name: /Add product/ })))
    await choose('Product', '', `${product.name} (${product.codes.sku})`)
    act(() => fireEvent.change(field('Quantity'), { target: { value: '3' } }))
    act(() => fireEvent.change(field('Unit price'), { target: { value: '12.5' } }))
    await waitFor(() => expect(screen.getByRole('status', { name: 'Line price' }).textContent).toBe('37.50'))

    save()
    await waitFor(() => expect(posts()).toHaveLength(1))
    const address = {
      country: 'Czech',
      province: 'Jihomoravský',
      city: 'Brno',
      street: 'Kounicova',
      streetNr: '12',
      postcode: '602 00',
    }
    expect(posts()[0]?.body).toEqual({
      clientOrderNr: 'EO-2001',
      isAdressAsShipping: true,
      shipTo: {
        ...address,
        phone: '+420 777 123 456',
        isCompany: true,
        client: {
          firstName: 'Jana',
          lastName: 'Nováková',
          isCompany: true,
          companyName: 'Zahrady Novák s.r.o.',
          taxId: 'CZ12345678',
          ...address,
        },
      },
      items: [{ product: productId, quantity: 3, price: 37.5 }],
      payment: { COD: { amount: 37.5 } },
    })
    await waitFor(() => expect(router.state.location.pathname).toBe(`/orders/${orderId}`))
  })

  it('staff must pick the business client; the server’s field details land under their fields', async () => {
    act(() => sessionStore.signIn(sessionUser('admin', ['admin'])))
    server.answers['GET /api/businessclients'] = {
      status: 200,
      body: { list: [{ _id: clientId, name: 'Zahradní ráj s.r.o.' }], total: 1 },
    }
    server.answers['POST /api/orders/create/new'] = {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION',
        error: 'Bad Request',
        message: 'Invalid request',
        details: { 'body.shipTo.postcode': 'must be at most 20 characters' },
      },
    }
    await openForm()
    await fillShipping()
    save()
    expect(await screen.findByText(REQUIRED)).toBeTruthy()
    await waitFor(() => expect(flagged('Business client')).toBe(true))
    expect(posts()).toEqual([])

    await choose('Business client', 'Zahrad', 'Zahradní ráj s.r.o.')
    save()
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(posts()[0]?.body).toMatchObject({ businessclient: clientId, items: [] })
    await waitFor(() => expect(within(item('Post code')).getByText('At most 20 characters')).toBeTruthy())
  })

  it('names the order that already has the number, with a link, and retries with the same Idempotency-Key', async () => {
    asClient()
    const holderId = '0190a0a0-0000-7000-8000-0000000000e1'
    server.answers['POST /api/orders/create/new'] = {
      status: 409,
      body: {
        statusCode: 409,
        code: 'DUPLICATE_ORDER_NUMBER',
        error: 'Conflict',
        message: 'Order number EO-7 is already used by order 100234 (New)',
        details: { clientOrderNr: 'is already used by order 100234' },
        existing: { _id: holderId, name: '100234' },
      },
    }
    await openForm()
    type('Order number', 'EO-7')
    await fillShipping()
    save()
    await waitFor(() => expect(flagged('Order number')).toBe(true))
    // The message renders a moment after the field is flagged (antd shows field errors in a later render).
    await waitFor(() =>
      expect(
        within(item('Order number')).getByText(/Order 100234 already has this order number/),
      ).toBeTruthy(),
    )
    const link = within(item('Order number')).getByRole('link', { name: 'Open order 100234' })
    expect(link.getAttribute('href')).toBe(`/orders/${holderId}`)

    save()
    await waitFor(() => expect(posts()).toHaveLength(2))
    const [first, second] = posts().map((p) => p.idempotencyKey)
    expect(first).toMatch(/^[0-9a-f]{32}$/)
    expect(second).toBe(first)
  })

  it('asks before leaving with unsaved changes', async () => {
    asClient()
    const router = renderAt('/orders/create/new')
    await screen.findByRole('heading', { name: 'New order' })
    type('City', 'Brno')
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })))
    expect(await screen.findByText('Leave without saving?')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/orders/create/new')
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Leave' })))
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
  })
})
