import type { Order, OrderStatus } from '@expedo/domain'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { AddItemForm, linePrice } from './add-item-form'
import { AddressPanel } from './address-panel'
import { ChangeLogPanel } from './change-log-panel'
import { CommentsPanel } from './comments-panel'
import { detailRights, fieldRights } from './detail-rules'
import {
  anOrder,
  clientId,
  econtId,
  fakeApi,
  json,
  orderId,
  productId,
  renderSignedIn,
} from './detail-test-fixtures'
import { hasOfficePickup, OfficePanel } from './office-panel'
import { OrderActions } from './order-actions'
import { OrderDetailSlotsContext } from './order-slots'
import { PaymentPanel } from './payment-panel'
import { ShippingPanel } from './shipping-panel'

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  sessionStore.signOut()
})

const withCourier = (name: string): Order => {
  const order = anOrder()
  return anOrder({ shipping: { ...order.shipping, courier: { _id: econtId, name } } })
}

describe('field rights (the server refuses the rest)', () => {
  const rightsOf = (role: 'client' | 'operator' | 'finance' | 'admin', status: OrderStatus) =>
    fieldRights(detailRights([role]), status)

  it('a client changes addresses, COD, courier and items before picking, never the shipping details', () => {
    expect(rightsOf('client', 'Order Ready for picking')).toEqual({
      general: true,
      beforePicking: true,
      shippingDetails: false,
      warehouse: false,
      items: true,
    })
    expect(rightsOf('client', 'Error').beforePicking).toBe(true)
    expect(rightsOf('client', 'Packed')).toEqual({
      general: true,
      beforePicking: false,
      shippingDetails: false,
      warehouse: false,
      items: false,
    })
  })

  it('an operator changes the shipping details and warehouse, never the product lines', () => {
    expect(rightsOf('operator', 'New')).toEqual({
      general: true,
      beforePicking: true,
      shippingDetails: true,
      warehouse: true,
      items: false,
    })
    expect(rightsOf('operator', 'Shipping')).toMatchObject({ shippingDetails: true, warehouse: false })
  })

  it('nothing changes on a Canceled order, and finance changes nothing', () => {
    expect(Object.values(rightsOf('admin', 'Canceled')).some(Boolean)).toBe(false)
    expect(Object.values(rightsOf('finance', 'New')).some(Boolean)).toBe(false)
  })
})

describe('order actions', () => {
  const handlers = () => ({
    onDuplicate: vi.fn(async () => {}),
    onStatus: vi.fn(async () => {}),
    onCancel: vi.fn(async () => {}),
  })

  it.each([
    ['Draft', ['Validate', 'Cancel'], ['Draft']],
    ['Client editing', ['Validate', 'Draft', 'Cancel'], []],
    ['New', ['Draft', 'Cancel'], ['Validate']],
    ['Order Ready for picking', ['Draft', 'Cancel'], ['Validate']],
    ['Product Picking', ['Draft', 'Cancel'], ['Validate']],
    ['No goods', ['Draft', 'Cancel'], ['Validate']],
    ['Packed', [], ['Validate', 'Draft', 'Cancel']],
    ['Canceled', [], ['Validate', 'Draft', 'Cancel']],
  ] as [OrderStatus, string[], string[]][])('a client in %s gets %j and not %j', (status, shown, hidden) => {
    render(<OrderActions order={anOrder({ status })} rights={detailRights(['client'])} {...handlers()} />)
    for (const name of shown) expect(screen.getByRole('button', { name })).toBeTruthy()
    for (const name of hidden) expect(screen.queryByRole('button', { name })).toBeNull()
    expect(screen.getByRole('button', { name: /Duplicate/ })).toBeTruthy()
    // The Refund button is the refunds feature's, given to the screen by the app's route (see below).
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull()
  })

  it('Validate sets New and Draft sets Draft', () => {
    const h = handlers()
    render(
      <OrderActions order={anOrder({ status: 'Client editing' })} rights={detailRights(['client'])} {...h} />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }))
    fireEvent.click(screen.getByRole('button', { name: 'Draft' }))
    expect(h.onStatus.mock.calls).toEqual([['New'], ['Draft']])
  })

  it("Cancel asks 'Are you sure you want to cancel this order?' with No and 'Yes, Cancel Order'", async () => {
    const h = handlers()
    render(<OrderActions order={anOrder()} rights={detailRights(['client'])} {...h} />)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    const confirm = await screen.findByRole('tooltip')
    expect(within(confirm).getByText('Are you sure you want to cancel this order?')).toBeTruthy()
    fireEvent.click(within(confirm).getByRole('button', { name: 'No' }))
    expect(h.onCancel).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    const yes = await screen.findByRole('button', { name: 'Yes, Cancel Order' })
    await act(async () => fireEvent.click(yes))
    expect(h.onCancel).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['Order Ready for picking', ['Product Picking']],
    ['Product Picking', ['Packed']],
    ['Packed', ['Shipping']],
    ['Shipping', ['Delivered', 'COD WAITING', 'Not shipped']],
    ['New', []],
  ] as [OrderStatus, string[]][])('an operator in %s gets the warehouse steps %j only', (status, steps) => {
    const h = handlers()
    render(<OrderActions order={anOrder({ status })} rights={detailRights(['operator'])} {...h} />)
    const buttons = screen.queryAllByRole('button').map((b) => b.textContent)
    // Refunds are the client's to request (and an admin's): no Refund button for the warehouse.
    expect(buttons).toEqual(steps)
    for (const step of steps) fireEvent.click(screen.getByRole('button', { name: step }))
    expect(h.onStatus.mock.calls).toEqual(steps.map((s) => [s]))
  })

  it('shows the Refund action the app gives to who may request refunds (a client, not finance)', () => {
    const slots = { refundAction: () => <button type="button">Refund</button> }
    const { unmount } = render(
      <OrderDetailSlotsContext.Provider value={slots}>
        <OrderActions order={anOrder()} rights={detailRights(['client'])} {...handlers()} />
      </OrderDetailSlotsContext.Provider>,
    )
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy()
    unmount()
    render(
      <OrderDetailSlotsContext.Provider value={slots}>
        <OrderActions order={anOrder()} rights={detailRights(['finance'])} {...handlers()} />
      </OrderDetailSlotsContext.Provider>,
    )
    expect(screen.queryAllByRole('button')).toEqual([])
  })
})

describe('office pick-up panel', () => {
  it('is for ECONT and ECONT_GR only', () => {
    expect(hasOfficePickup(withCourier('ECONT'))).toBe(true)
    expect(hasOfficePickup(withCourier('ECONT_GR'))).toBe(true)
    expect(hasOfficePickup(withCourier('PPL'))).toBe(false)
    expect(hasOfficePickup(withCourier('econt'))).toBe(false)
    expect(hasOfficePickup(anOrder({ shipping: { ...anOrder().shipping, courier: null } }))).toBe(false)
  })

  it('lists the offices of the ship-to country and saves the chosen name and code', async () => {
    const requests = fakeApi({
      'POST /api/orders/getoffices': () =>
        json(200, [
          { name: 'Sofia Center', code: '1001', city: 'Sofia', address: 'Vitosha 1' },
          { name: 'Varna Port', code: '9000', city: 'Varna', address: '' },
        ]),
    })
    const onSave = vi.fn(async () => {})
    renderSignedIn(['client'], <OfficePanel order={withCourier('ECONT')} canEdit onSave={onSave} />)
    expect(screen.getByTestId('current-office').textContent).toBe('No office chosen')
    const picker = screen.getByRole('combobox', { name: 'Choose an office' })
    await waitFor(() =>
      expect(requests.find((r) => r.key === 'POST /api/orders/getoffices')?.body).toEqual({
        country: 'Czech',
        courierId: econtId,
      }),
    )
    fireEvent.mouseDown(picker)
    fireEvent.change(picker, { target: { value: 'varna' } })
    const varna = await screen.findByText('Varna Port (9000) · Varna')
    await act(async () => fireEvent.click(varna))
    expect(onSave).toHaveBeenCalledWith({ to_office: 'Varna Port', office_code: '9000' })
  })

  it('shows the current office', () => {
    fakeApi({ 'POST /api/orders/getoffices': () => json(200, []) })
    const order = { ...withCourier('ECONT_GR'), api_request: { to_office: 'Athens 3', office_code: 'A3' } }
    renderSignedIn(['finance'], <OfficePanel order={order} canEdit={false} onSave={vi.fn()} />)
    expect(screen.getByTestId('current-office').textContent).toBe('Athens 3 (A3)')
    expect(screen.queryByRole('combobox')).toBeNull()
  })

  it("says the courier's offices are unavailable when getoffices answers 503", async () => {
    fakeApi({
      'POST /api/orders/getoffices': () =>
        json(503, { statusCode: 503, code: 'UNAVAILABLE', error: 'x', message: 'Econt is down' }),
    })
    renderSignedIn(['client'], <OfficePanel order={withCourier('ECONT')} canEdit onSave={vi.fn()} />)
    expect(
      await screen.findByText("The courier's office list is not available right now. Try again later."),
    ).toBeTruthy()
  })
})

describe('add-product form', () => {
  it('line price = unit price × quantity, to the cent', () => {
    expect(linePrice(2.5, 3)).toBe(7.5)
    expect(linePrice(0.1, 3)).toBe(0.3)
    expect(linePrice(19.99, 7)).toBe(139.93)
    expect(linePrice(0, 5)).toBe(0)
  })

  it('sends the product, the quantity and the line price; defaults are quantity 1 and price 0', async () => {
    fakeApi({
      [`GET /api/products?itemsPerPage=20&businessclient=${clientId}`]: () =>
        json(200, {
          list: [{ _id: productId, name: 'Hnojivo 5 kg', codes: { sku: 'ZR-HNO-0002' } }],
          total: 1,
        }),
    })
    const onAdd = vi.fn(async () => {})
    renderSignedIn(['client'], <AddItemForm businessclient={clientId} onAdd={onAdd} />)
    const quantity = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement
    const unit = screen.getByRole('spinbutton', { name: 'Unit price' }) as HTMLInputElement
    expect(quantity.value).toBe('1')
    expect(unit.value).toBe('0.00')
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Product' }))
    fireEvent.click(await screen.findByText('Hnojivo 5 kg (ZR-HNO-0002)'))
    fireEvent.change(quantity, { target: { value: '3' } })
    fireEvent.change(unit, { target: { value: '2.5' } })
    await waitFor(() => expect(screen.getByTestId('line-price').textContent).toBe('7.50'))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add product' })))
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith({ product: productId, quantity: 3, price: 7.5 }))
  })

  it('refuses a quantity below 1', async () => {
    fakeApi({})
    const onAdd = vi.fn(async () => {})
    renderSignedIn(['client'], <AddItemForm businessclient={clientId} onAdd={onAdd} />)
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantity' }), { target: { value: '0' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add product' })))
    expect(await screen.findByText('Choose a product')).toBeTruthy()
    expect(onAdd).not.toHaveBeenCalled()
  })
})

describe('comments', () => {
  it('Add is disabled while the text is empty; adding shows the comment with its author', async () => {
    const comment = {
      _id: '01a1fc7e-71b5-75d0-a08c-0000000000e1',
      text: 'Call before delivery',
      user: { username: 'eshop1' },
      createdAt: '2026-11-20T11:00:00.000Z',
    }
    const requests = fakeApi({
      [`POST /api/comments?trigger=order&triggerId=${orderId}`]: () => json(200, [comment]),
    })
    renderSignedIn(['client'], <CommentsPanel orderId={orderId} />)
    const add = screen.getByRole('button', { name: 'Add' })
    expect(add.hasAttribute('disabled')).toBe(true)
    const box = screen.getByRole('textbox', { name: 'New comment' })
    fireEvent.change(box, { target: { value: '   ' } })
    expect(add.hasAttribute('disabled')).toBe(true)
    fireEvent.change(box, { target: { value: ' Call before delivery ' } })
    expect(add.hasAttribute('disabled')).toBe(false)
    await act(async () => fireEvent.click(add))
    expect(await screen.findByText('Call before delivery')).toBeTruthy()
    expect(screen.getByText(/eshop1/)).toBeTruthy()
    expect((box as HTMLTextAreaElement).value).toBe('')
    expect(requests.find((r) => r.key.startsWith('POST /api/comments'))?.body).toEqual({
      text: 'Call before delivery',
    })
  })
})

describe('change log', () => {
  it("shows 'Nothing' when empty", () => {
    render(<ChangeLogPanel logs={[]} />)
    expect(screen.getByText('Nothing')).toBeTruthy()
  })

  it('shows what, who and when, newest first', () => {
    render(
      <ChangeLogPanel
        logs={[
          {
            what: 'Created',
            who: { _id: null, username: 'eshop1' },
            when: '2026-11-20T10:00:00.000Z',
            event: null,
            params: null,
          },
          {
            what: 'Status Product Picking',
            who: { _id: null, username: 'operator' },
            when: '2026-11-20T12:00:00.000Z',
            event: null,
            params: null,
          },
        ]}
      />,
    )
    expect(screen.queryByText('Nothing')).toBeNull()
    const items = screen.getAllByRole('listitem').map((li) => li.textContent ?? '')
    expect(items[0]).toMatch(/Status Product Picking.*operator/)
    expect(items[1]).toMatch(/Created.*eshop1.*20-11-26/)
  })
})

describe('payment panel', () => {
  it('shows the initial COD amount only when it differs', () => {
    const order = anOrder()
    const { unmount } = render(<PaymentPanel order={order} canEdit canEditCod onSave={vi.fn()} />)
    expect(screen.queryByText(/Initial amount/)).toBeNull()
    unmount()
    const changed = anOrder({
      payment: { ...order.payment, COD: { apply: true, amount: 350, amountInit: 398 } },
    })
    render(<PaymentPanel order={changed} canEdit canEditCod onSave={vi.fn()} />)
    expect(screen.getByText(/Initial amount/).textContent).toContain('398.00')
  })

  it('the COD toggle saves COD.apply', async () => {
    const onSave = vi.fn(async () => {})
    render(<PaymentPanel order={anOrder()} canEdit canEditCod onSave={onSave} />)
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: 'Cash on delivery' })))
    expect(onSave).toHaveBeenCalledWith({ COD: { apply: false } })
  })
})

describe('client address panel', () => {
  it("a refused edit shows the server's reason; cancelling keeps the old value", async () => {
    const onSave = vi.fn(async () => {
      const { ApiClientError } = await import('@/lib/api-client')
      throw new ApiClientError(400, 'VALIDATION_FAILED', 'Invalid request', {
        'body.shipTo.city': 'is required',
      })
    })
    render(<AddressPanel order={anOrder()} canEdit onSave={onSave} />)
    fireEvent.click(screen.getByRole('button', { name: 'Edit City' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'City' }), { target: { value: '' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save City' })))
    expect(onSave).toHaveBeenCalledWith({ city: '' })
    expect((await screen.findByRole('alert')).textContent).toBe('This field is required')
    fireEvent.click(screen.getByRole('button', { name: 'Cancel editing City' }))
    expect(screen.getByText('Brno')).toBeTruthy()
  })

  it('client fields are saved under shipTo.client; read-only without the right', async () => {
    const onSave = vi.fn(async () => {})
    const { unmount } = render(<AddressPanel order={anOrder()} canEdit onSave={onSave} />)
    fireEvent.click(screen.getByRole('button', { name: 'Edit Company id' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Company id' }), { target: { value: '27082440' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Company id' })))
    expect(onSave).toHaveBeenCalledWith({ client: { nr_reg_com: '27082440' } })
    unmount()
    render(<AddressPanel order={anOrder()} canEdit={false} onSave={onSave} />)
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull()
  })
})

describe('shipping panel', () => {
  const tracked = () => {
    const order = anOrder()
    return anOrder({
      shipping: {
        ...order.shipping,
        trackingId: 'DR123456789CZ',
        tracking_awbPdf: '/files/awb-123.pdf',
        trackingUrl: 'https://tracking.example/DR123456789CZ',
        weight: 1250,
      },
    })
  }

  it('shows the tracking id with the AWB download, the tracking link and the weight in grams', () => {
    fakeApi({})
    renderSignedIn(
      ['client'],
      <ShippingPanel
        order={tracked()}
        canEditDetails={false}
        canChangeCourier
        canChangeWarehouse={false}
        onSave={vi.fn()}
      />,
    )
    expect(screen.getByText(/DR123456789CZ/)).toBeTruthy()
    expect(screen.getByRole('link', { name: /AWB/ }).getAttribute('href')).toBe('/files/awb-123.pdf')
    expect(screen.getByRole('link', { name: 'Track the parcel' }).getAttribute('href')).toBe(
      'https://tracking.example/DR123456789CZ',
    )
    expect(screen.getByText('1250 grams')).toBeTruthy()
    // A client may change only the courier here.
    const edits = screen.getAllByRole('button', { name: /^Edit / }).map((b) => b.getAttribute('aria-label'))
    expect(edits).toEqual(['Edit Courier'])
  })

  it('warehouse staff change the price as a number', async () => {
    fakeApi({})
    const onSave = vi.fn(async () => {})
    renderSignedIn(
      ['operator'],
      <ShippingPanel order={anOrder()} canEditDetails canChangeCourier canChangeWarehouse onSave={onSave} />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Edit Price' }))
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Price' }), { target: { value: '89.9' } })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Price' })))
    expect(onSave).toHaveBeenCalledWith({ shippingCost: 89.9 })
  })
})
