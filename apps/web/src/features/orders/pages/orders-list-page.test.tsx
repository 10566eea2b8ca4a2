import type { BulkUpdateOrdersResult, OrderList, OrderListItem } from '@expedo/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { ConfigProvider } from 'antd'
import dayjs from 'dayjs'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { OrdersListPage } from './orders-list-page'

const clientId = '01a1fc7e-71b5-75d0-a08c-e7078289892b'

/** An unsigned token with the claims the web reads (the server is faked here). */
function token(roles: string[], businessclient: string | null = null) {
  const claims = {
    sub: '01a1fc7e-0000-7000-8000-000000000001',
    username: 'tester',
    roles,
    businessclient,
    sys_lang: 'ENG',
    exp: 4e9,
  }
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '')
  return `${part({ alg: 'none' })}.${part(claims)}.x`
}

let seq = 0
function order(patch: Partial<OrderListItem> = {}): OrderListItem {
  seq += 1
  const id = `01a1fc7e-71b5-75d0-a08c-${String(seq).padStart(12, '0')}`
  return {
    _id: id,
    clientOrderNr: `SHOP-${seq}`,
    internalNumericId: 1000 + seq,
    status: 'Order Ready for picking',
    scope: 'manual',
    createdAt: '2026-11-20T10:15:00.000Z',
    updatedAt: '2026-11-20T11:00:00.000Z',
    errMsgs: [],
    businessclient: { _id: clientId, name: 'Zahradní ráj s.r.o.' },
    items: [],
    eshop: { eshopUrl: '' },
    shipping: {
      courier: null,
      shipFrom: null,
      shipTo: {
        country: 'Czech',
        province: '',
        city: 'Brno',
        district: '',
        street: 'Kounicova',
        streetNr: '1',
        postcode: '60200',
        phone: '',
        isCompany: false,
        client: {
          firstName: 'Jana',
          lastName: 'Nováková',
          email: '',
          isCompany: false,
          companyName: '',
          taxId: '',
          nr_reg_com: '',
          phone: '',
          country: 'Czech',
          province: '',
          city: 'Brno',
          street: 'Kounicova',
          streetNr: '1',
          postcode: '60200',
        },
      },
      deliveryDate: null,
      shippingCost: 0,
      trackingId: '',
      trackingUrl: '',
      tracking_awbPdf: '',
      weight: null,
    },
    payment: { status: 'paid', type: 'card', total: 250, COD: { apply: false, amount: 0, amountInit: 0 } },
    processing: {
      instructions: '',
      generate_invoice: false,
      codTransfferId: null,
      isOpenUser: null,
      assignedUser: null,
    },
    api_request: { to_office: '', office_code: '' },
    print: [],
    allowedActions: [],
    ...patch,
  }
}

function item(name: string, quantity: number, stockAvailable: number, low_stock: boolean) {
  seq += 1
  return {
    _id: `01a1fc7e-71b5-75d0-a08d-${String(seq).padStart(12, '0')}`,
    product: null,
    sku: `SKU-${seq}`,
    name,
    quantity,
    price: 10,
    weight: null,
    stockAvailable,
    low_stock,
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** The fake server: the list answer, and every request it got. */
let answer: OrderList
let requests: { url: string; method: string; body: unknown }[]
let bulkAnswer: BulkUpdateOrdersResult | null

function renderAt(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const router = createMemoryRouter([{ path: '/orders', element: <OrdersListPage /> }], {
    initialEntries: [url],
  })
  // jsdom never ends a CSS animation, so with motion a modal would never report itself open (and the
  // bulk-choice modal opens its list only then).
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>,
  )
  return router
}

const waveId = '0190a0a0-0000-7000-8000-0000000000a7'
const prague = { _id: '0190a0a0-0000-7000-8000-0000000000f1', name: 'Praha Hostivař' }

const listRequests = () => requests.filter((r) => r.url === '/api/orders' && r.method === 'POST')
const lastListBody = () => listRequests().at(-1)?.body as Record<string, unknown>
const params = (router: ReturnType<typeof renderAt>) => new URLSearchParams(router.state.location.search)

// antd renders slowly in jsdom: a page with its table takes seconds on a cold worker.
describe('orders list', () => {
  beforeEach(() => {
    requests = []
    bulkAnswer = null
    answer = { list: [], total: 0, totals: [] }
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET'
        requests.push({ url: input, method, body: init?.body ? JSON.parse(String(init.body)) : undefined })
        if (input === '/api/orders' && method === 'POST') return json(200, answer)
        if (input === '/api/orders/find/search') return json(200, answer)
        if (input === '/api/orders' && method === 'PUT') return json(200, bulkAnswer)
        if (input === '/api/waves' && method === 'POST')
          return json(201, { wave: { _id: waveId, number: 42, orders: 2 }, orders: [], lines: [] })
        if (input.startsWith('/api/couriers')) return json(200, [])
        if (input.startsWith('/api/orders/export/'))
          return json(404, {
            statusCode: 404,
            code: 'NOT_FOUND',
            error: 'Not Found',
            message: 'No objects were found for export',
          })
        return json(404, { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'Not found' })
      }),
    )
    sessionStore.signIn({ token: token(['operator']) })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    sessionStore.signOut()
  })

  it('opens on the Order Ready for picking tab with page 1 of 10, and shows the tab counts', async () => {
    answer = {
      list: [order()],
      total: 1,
      totals: [
        { status: 'Order Ready for picking', count: 1 },
        { status: 'New', count: 4 },
        { status: 'In progress', count: 2 },
      ],
    }
    renderAt('/orders')
    await screen.findByText(`SHOP-${seq}`)
    expect(lastListBody()).toMatchObject({
      status: 'Order Ready for picking',
      currentPage: 1,
      itemsPerPage: 10,
      use_createdAt: true,
    })
    const active = screen.getByRole('tab', { selected: true })
    expect(active.textContent).toContain('Order Ready for picking')
    expect(active.textContent).toContain('1')
    // 13 tabs; the rest (e.g. In progress) under 'Other'.
    expect(screen.getAllByRole('tab')).toHaveLength(13)
    expect(screen.getByRole('tab', { name: /All/ }).textContent).toContain('7')
    expect(screen.queryByRole('tab', { name: /In progress/ })).toBeNull()
    expect(screen.getByRole('button', { name: /Other/ })).toBeTruthy()
  })

  it('the 13 tabs are a tablist of tabs only, controlling the list; arrows move the focus, Enter opens a tab', async () => {
    const router = renderAt('/orders')
    await waitFor(() => expect(listRequests()).toHaveLength(1))
    const tablist = screen.getByRole('tablist')
    const tabs = within(tablist).getAllByRole('tab')
    expect(tabs).toHaveLength(13)
    expect(tablist.children).toHaveLength(13)
    // Only the chosen tab is in the Tab order; every tab controls the list's tab panel.
    expect(tabs.filter((tab) => tab.tabIndex === 0).map((tab) => tab.textContent)).toEqual([
      'Order Ready for picking 0',
    ])
    const panel = screen.getByRole('tabpanel')
    for (const tab of tabs) expect(tab.getAttribute('aria-controls')).toBe(panel.id)
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[2]!.id)

    fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tabs[3])
    fireEvent.keyDown(tabs[3]!, { key: 'End' })
    expect(document.activeElement).toBe(tabs[12])
    fireEvent.keyDown(tabs[12]!, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tabs[0])
    // Moving the focus does not change the list; choosing does.
    expect(params(router).get('status')).toBeNull()
    fireEvent.click(tabs[0]!)
    await waitFor(() => expect(params(router).get('status')).toBe('All'))
  })

  it('clearing the search resets the tab to New', async () => {
    const router = renderAt('/orders?q=SHOP&status=All')
    await waitFor(() => expect(requests.some((r) => r.url === '/api/orders/find/search')).toBe(true))
    expect(requests.find((r) => r.url === '/api/orders/find/search')?.body).toMatchObject({
      searchTerm: 'SHOP',
    })
    const box = screen.getByLabelText('Search orders')
    expect((box as HTMLInputElement).value).toBe('SHOP')
    fireEvent.change(box, { target: { value: '' } })
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(params(router).get('status')).toBe('New'))
    expect(params(router).get('q')).toBeNull()
    await waitFor(() => expect(lastListBody()).toMatchObject({ status: 'New' }))
  })

  it('a search lists every status under All and ends when a tab is chosen', async () => {
    const router = renderAt('/orders')
    await waitFor(() => expect(listRequests()).toHaveLength(1))
    const box = screen.getByLabelText('Search orders')
    fireEvent.change(box, { target: { value: ' 1042 ' } })
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(params(router).get('q')).toBe('1042'))
    expect(params(router).get('status')).toBe('All')
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({ url: '/api/orders/find/search', body: { searchTerm: '1042' } }),
    )
    act(() => fireEvent.click(screen.getByRole('tab', { name: /Packed/ })))
    await waitFor(() => expect(params(router).get('status')).toBe('Packed'))
    expect(params(router).get('q')).toBeNull()
  })

  it('choosing All without a from-date sets the from-date 30 days back; with one it keeps it', async () => {
    const router = renderAt('/orders?page=2')
    await waitFor(() => expect(listRequests()).toHaveLength(1))
    act(() => fireEvent.click(screen.getByRole('tab', { name: /All/ })))
    const from = dayjs().subtract(30, 'day').format('YYYY-MM-DD')
    await waitFor(() => expect(params(router).get('from')).toBe(from))
    expect(params(router).get('status')).toBe('All')
    expect(params(router).get('page')).toBeNull()
    await waitFor(() => expect(lastListBody()).toMatchObject({ dateFrom: from, currentPage: 1 }))
    expect(lastListBody().status).toBeUndefined()
    expect(screen.getByLabelText('Date from')).toHaveProperty('value', dayjs(from).format('DD-MM-YYYY'))

    const kept = renderAt('/orders?from=2026-01-05')
    act(() => fireEvent.click(screen.getAllByRole('tab', { name: /All/ }).at(-1)!))
    await waitFor(() => expect(params(kept).get('status')).toBe('All'))
    expect(params(kept).get('from')).toBe('2026-01-05')
  })

  it('changing the tab or a filter resets the page to 1, and the URL keeps page and page size', async () => {
    answer = { list: [order()], total: 95, totals: [{ status: 'Order Ready for picking', count: 95 }] }
    const router = renderAt('/orders?page=3&pageSize=20')
    await waitFor(() => expect(lastListBody()).toMatchObject({ currentPage: 3, itemsPerPage: 20 }))
    act(() => fireEvent.click(screen.getByRole('tab', { name: /^New/ })))
    await waitFor(() => expect(params(router).get('page')).toBeNull())
    expect(params(router).get('pageSize')).toBe('20')
    await waitFor(() =>
      expect(lastListBody()).toMatchObject({ status: 'New', currentPage: 1, itemsPerPage: 20 }),
    )

    await act(() => router.navigate('/orders?page=4&status=New'))
    await waitFor(() => expect(lastListBody()).toMatchObject({ currentPage: 4 }))
    // COD filter (behind More filters): All → COD.
    fireEvent.click(screen.getByRole('button', { name: /More filters/ }))
    fireEvent.mouseDown(screen.getByLabelText('COD', { selector: 'input' }))
    fireEvent.click(await screen.findByTitle('COD'))
    await waitFor(() => expect(params(router).get('cod')).toBe('has_cod'))
    expect(params(router).get('page')).toBeNull()
    await waitFor(() =>
      expect(lastListBody()).toMatchObject({ has_cod: true, currentPage: 1, status: 'New' }),
    )
  })

  it('keeps the less used filters behind More filters: its open state in the URL, a count of those set while closed', async () => {
    const router = renderAt('/orders?country=Czech&cod=no_cod')
    await waitFor(() => expect(listRequests()).toHaveLength(1))
    const toggle = screen.getByRole('button', { name: /More filters/ })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByLabelText('COD', { selector: 'input' })).toBeNull()
    expect(screen.getByTestId('more-filters-count').textContent).toBe('2')
    // In sight without opening it: the search and the dates.
    expect(screen.getByLabelText('Search orders')).toBeTruthy()
    expect(screen.getByLabelText('Date from')).toBeTruthy()

    fireEvent.click(toggle)
    await waitFor(() => expect(params(router).get('more')).toBe('true'))
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByLabelText('COD', { selector: 'input' })).toBeTruthy()
    // Opening it is no filter change: the list is not asked again.
    expect(listRequests()).toHaveLength(1)

    const reopened = renderAt('/orders?more=true&page=2')
    await waitFor(() => expect(screen.getAllByLabelText('COD', { selector: 'input' })).toHaveLength(2))
    fireEvent.click(screen.getAllByRole('button', { name: /More filters/ }).at(-1)!)
    await waitFor(() => expect(params(reopened).get('more')).toBeNull())
    expect(params(reopened).get('page')).toBe('2')
  })

  it('does not send a search of 1 or 2 characters (unless by internal ID) and says to type at least 3', async () => {
    const router = renderAt('/orders')
    await waitFor(() => expect(listRequests()).toHaveLength(1))
    const box = screen.getByLabelText('Search orders')
    fireEvent.change(box, { target: { value: 'ab' } })
    expect(screen.getByTestId('search-hint').textContent).toBe('Type at least 3 characters')
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByTestId('search-hint').id)
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await act(() => new Promise((r) => setTimeout(r, 50)))
    expect(params(router).get('q')).toBeNull()
    expect(requests.some((r) => r.url === '/api/orders/find/search')).toBe(false)

    fireEvent.change(box, { target: { value: 'abc' } })
    expect(screen.queryByTestId('search-hint')).toBeNull()

    // A short internal number is an equality: it is sent.
    const byId = renderAt('/orders?key=internalNumericId')
    const idBox = screen.getAllByLabelText('Search orders').at(-1)!
    fireEvent.change(idBox, { target: { value: '42' } })
    fireEvent.keyDown(idBox, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(params(byId).get('q')).toBe('42'))
    await waitFor(() =>
      expect(requests.find((r) => r.url === '/api/orders/find/search')?.body).toMatchObject({
        searchTerm: '42',
        key: 'internalNumericId',
      }),
    )
  })

  it('cuts error messages (2 at most, 20 characters) and item names (15 characters), shows the open user and the COD transfer', async () => {
    answer = {
      list: [
        order({
          errMsgs: ['Address could not be verified by courier', 'Phone missing', 'Third error never shown'],
          items: [item('Garden hose 25 m reinforced', 2, 40, false)],
          eshop: { eshopUrl: 'https://zahradni-raj.cz' },
          processing: {
            instructions: '',
            generate_invoice: false,
            codTransfferId: '01a1fc7e-71b5-75d0-a08c-00000000beef',
            isOpenUser: {
              _id: '01a1fc7e-0000-7000-8000-000000000002',
              username: 'operator2',
              since: '2026-11-21T07:00:00.000Z',
            },
            assignedUser: null,
          },
        }),
      ],
      total: 1,
      totals: [],
    }
    renderAt('/orders')
    const errors = await screen.findAllByTestId('order-error')
    expect(errors.map((e) => e.textContent)).toEqual(['Address could not be…', 'Phone missing'])
    expect(screen.queryByText(/Third error/)).toBeNull()
    expect(screen.getByTestId('item-name').textContent).toBe('Garden hose 25 …')
    expect(screen.getByText(/× 2/)).toBeTruthy()
    expect(screen.getByTestId('open-user').textContent).toContain('operator2')
    expect(screen.getByText('https://zahradni-raj.cz')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'COD transfer' }).getAttribute('href')).toBe(
      '/transfers/01a1fc7e-71b5-75d0-a08c-00000000beef',
    )
    expect(screen.getByRole('link', { name: `SHOP-${seq}` }).getAttribute('href')).toMatch(
      /^\/orders\/01a1fc7e/,
    )
  })

  it('colours the stock icon: red for low stock, yellow when none is available, green otherwise', async () => {
    answer = {
      list: [
        order({
          items: [item('Low', 5, 2, true), item('None', 1, 0, false), item('Plenty', 1, 9, false)],
        }),
      ],
      total: 1,
      totals: [],
    }
    renderAt('/orders')
    const low = await screen.findByLabelText('Low stock: 2 available')
    const none = screen.getByLabelText('Not available')
    const ok = screen.getByLabelText('Available')
    expect(low.style.color).toBe('rgb(207, 19, 34)')
    expect(none.style.color).toBe('rgb(212, 177, 6)')
    expect(ok.style.color).toBe('rgb(56, 158, 13)')
  })

  it('shows the COD amount as Cash when COD applies, otherwise the total as Paid Online', async () => {
    answer = {
      list: [
        order({
          payment: {
            status: 'unpaid',
            type: 'cod',
            total: 300,
            COD: { apply: true, amount: 321.5, amountInit: 321.5 },
          },
        }),
        order({
          payment: {
            status: 'paid',
            type: 'card',
            total: 99,
            COD: { apply: false, amount: 0, amountInit: 0 },
          },
        }),
      ],
      total: 2,
      totals: [],
    }
    renderAt('/orders')
    await screen.findByText('Cash')
    const [cod, online] = [...document.querySelectorAll('tr.ant-table-row')] as HTMLElement[]
    expect(within(cod!).getByText('Cash')).toBeTruthy()
    expect(within(cod!).getByText('321.50')).toBeTruthy()
    expect(within(cod!).queryByText('300.00')).toBeNull()
    expect(within(online!).getByText('Paid Online')).toBeTruthy()
    expect(within(online!).getByText('99.00')).toBeTruthy()
  })

  it("says 'No Orders Found' for an empty list and 'Network Error' when the list fails", async () => {
    renderAt('/orders')
    expect(await screen.findByText('No Orders Found')).toBeTruthy()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    renderAt('/orders?status=New')
    expect(await screen.findByText('Network Error')).toBeTruthy()
  })

  it('only staff who process orders get bulk actions; a refused change shows the failed-orders record', async () => {
    const ready = order({ clientOrderNr: 'READY-1' })
    const noGoods = order({ clientOrderNr: 'NOGOODS-1', status: 'No goods' })
    answer = { list: [ready, noGoods], total: 2, totals: [] }
    bulkAnswer = {
      message: '0 orders updated, 2 failed',
      status: 'Product Picking',
      updated: 0,
      failedOrders: [
        {
          _id: noGoods._id,
          clientOrderNr: 'NOGOODS-1',
          internalNumericId: noGoods.internalNumericId,
          status: 'No goods',
          // The screen says it in the user's language from the reason, not from the server's English.
          message: 'server text for No goods',
          reason: 'invalidTransition',
        },
        {
          _id: ready._id,
          clientOrderNr: 'READY-1',
          internalNumericId: ready.internalNumericId,
          status: 'Order Ready for picking',
          message: 'A reason without a key of its own',
          reason: 'other',
        },
      ],
    }
    renderAt('/orders?status=All&from=2026-11-01')
    await screen.findByText('READY-1')
    for (const row of screen.getAllByRole('row').slice(1)) fireEvent.click(within(row).getByRole('checkbox'))
    expect(screen.getByTestId('selected-count').textContent).toBe('2 orders selected')

    fireEvent.click(screen.getByRole('button', { name: 'Actions' }))
    fireEvent.click(await screen.findByText('Change status'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('For 2 orders.')).toBeTruthy()
    // An operator moves orders along the warehouse flow only: from Order Ready for picking → Product Picking.
    const options = await screen.findAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['Product Picking'])
    // One Escape leaves the modal (its list is open on the focused select: it took two).
    fireEvent.keyDown(within(dialog).getByRole('combobox'), { key: 'Escape', code: 'Escape', keyCode: 27 })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }))
    fireEvent.click(await screen.findByText('Change status'))
    await screen.findByRole('dialog')
    await screen.findAllByRole('option')
    fireEvent.click(document.querySelector('.ant-select-item-option')!)
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Apply' }))

    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
        orders: [ready._id, noGoods._id],
        status: 'Product Picking',
      }),
    )
    expect(await screen.findByText('Some orders were not changed')).toBeTruthy()
    expect(screen.getByText('0 updated, 2 failed')).toBeTruthy()
    const failed = screen.getByRole('table', { name: 'Failed orders' })
    expect(within(failed).getByText('NOGOODS-1')).toBeTruthy()
    expect(
      within(failed).getByText("An order in status 'No goods' cannot change to 'Product Picking'"),
    ).toBeTruthy()
    expect(within(failed).queryByText('server text for No goods')).toBeNull()
    expect(within(failed).getByText('A reason without a key of its own')).toBeTruthy()
    expect(within(failed).getByText('No goods')).toBeTruthy()
    // The list is asked again after the change.
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(1))
  })

  it('a client sees Create New Order but no bulk actions', async () => {
    sessionStore.signIn({ token: token(['client'], clientId) })
    answer = { list: [order({ clientOrderNr: 'MINE-1' })], total: 1, totals: [] }
    renderAt('/orders')
    await screen.findByText('MINE-1')
    expect(screen.getByRole('link', { name: /Create New Order/ }).getAttribute('href')).toBe(
      '/orders/create/new',
    )
    fireEvent.click(screen.getAllByRole('row')[1]!.querySelector('input[type=checkbox]')!)
    expect(screen.getByTestId('selected-count')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull()
    expect(screen.queryByLabelText('Business client', { selector: 'input' })).toBeNull()
  })

  it("exports the list's filters (or the selected rows) and says when there is nothing to export", async () => {
    answer = { list: [order({ clientOrderNr: 'EXP-1' })], total: 1, totals: [] }
    renderAt('/orders?status=Packed&cod=has_cod&country=Czech')
    await screen.findByText('EXP-1')
    fireEvent.click(screen.getByRole('button', { name: /Export/ }))
    fireEvent.click(await screen.findByText('Per Order line'))
    expect(await screen.findByText('No objects were found for export')).toBeTruthy()
    expect(requests.find((r) => r.url === '/api/orders/export/perorderline')).toEqual({
      url: '/api/orders/export/perorderline',
      method: 'POST',
      body: { status: 'Packed', has_cod: true, country: 'Czech', use_createdAt: true },
    })
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!)

    fireEvent.click(document.querySelector('tr.ant-table-row input[type=checkbox]')!)
    fireEvent.click(screen.getByRole('button', { name: /Export/ }))
    fireEvent.click(await screen.findByText('Cost per order'))
    await waitFor(() =>
      expect(requests.find((r) => r.url === '/api/orders/export/perorderline/cost')?.body).toEqual({
        ids: [answer.list[0]!._id],
      }),
    )
  })

  it('releases orders ready for picking in one warehouse into a wave by hand, and opens the wave', async () => {
    const ready = (nr: string) => {
      const o = order({ clientOrderNr: nr })
      return { ...o, shipping: { ...o.shipping, shipFrom: prague } }
    }
    const noGoods = order({ clientOrderNr: 'WAVE-NO', status: 'No goods' })
    answer = { list: [ready('WAVE-1'), ready('WAVE-2'), noGoods], total: 3, totals: [] }
    const router = renderAt('/orders?status=All&from=2026-11-01')
    await screen.findByText('WAVE-1')
    const rows = screen.getAllByRole('row').slice(1)
    for (const row of rows) fireEvent.click(within(row).getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }))
    // With an order that is not ready, the action says what it needs and cannot be chosen.
    const needs = await screen.findByText('Release into a wave (orders ready for picking in one warehouse)')
    expect(needs.closest('li')?.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(within(rows[2]!).getByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }))
    fireEvent.click(await screen.findByText('Release into a wave'))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/warehouse/waves/${waveId}`))
    expect(requests.find((r) => r.url === '/api/waves')?.body).toEqual({
      warehouse: prague._id,
      orders: answer.list.slice(0, 2).map((o) => o._id),
    })
  })
})
