import { allowedActions, type Order, type OrderStatus, type Role } from '@expedo/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { vi } from 'vitest'
import { sessionStore } from '@/lib/session'

// Test fixtures of the order detail screen (imported by its *.test.tsx files only).

export const orderId = '01a1fc7e-71b5-75d0-a08c-000000000001'
export const clientId = '01a1fc7e-71b5-75d0-a08c-e7078289892b'
export const productId = '01a1fc7e-71b5-75d0-a08c-0000000000a1'
export const econtId = '01a1fc7e-71b5-75d0-a08c-0000000000c1'

/** An unsigned token with the claims the web reads (the server is faked in these tests). */
export function token(roles: Role[]) {
  const claims = {
    sub: '01a1fc7e-0000-7000-8000-000000000001',
    username: roles[0],
    roles,
    businessclient: roles.includes('client') ? clientId : null,
    sys_lang: 'ENG',
    exp: 4e9,
  }
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '')
  return `${part({ alg: 'none' })}.${part(claims)}.x`
}

/** Shoptet's invoice of an order of a shop set to Shoptet invoices, as last synced (paid). */
export const aShoptetInvoice: NonNullable<Order['shoptetInvoice']> = {
  code: '2026000042',
  varSymbol: '2026000042',
  isValid: true,
  issuedAt: '2026-11-20T10:05:00.000Z',
  dueDate: '2026-12-04',
  currency: 'CZK',
  total: 796,
  paid: true,
  pdfUrl: `/api/orders/${orderId}/shoptet-invoice/pdf`,
}

/** An order as GET /orders/{id} answers it; allowedActions follow the status like the server's. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  const status: OrderStatus = overrides.status ?? 'Order Ready for picking'
  return {
    _id: orderId,
    clientOrderNr: 'ZR-1001',
    internalNumericId: 5001,
    status,
    scope: 'manual',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    errMsgs: [],
    invoice: null,
    invoicing: 'expedo',
    shoptetInvoice: null,
    businessclient: { _id: clientId, name: 'Zahradní ráj s.r.o.' },
    items: [
      {
        _id: '01a1fc7e-71b5-75d0-a08c-0000000000b1',
        product: productId,
        sku: 'ZR-KON-0001',
        name: 'Konev 10 l',
        quantity: 2,
        price: 398,
        weight: 800,
        stockAvailable: 12,
        low_stock: false,
      },
    ],
    eshop: { eshopUrl: '' },
    shipping: {
      courier: { _id: '01a1fc7e-71b5-75d0-a08c-0000000000c2', name: 'PPL' },
      shipFrom: { _id: '01a1fc7e-71b5-75d0-a08c-0000000000d1', name: 'Praha Hostivař' },
      shipTo: {
        country: 'Czech',
        province: '',
        city: 'Brno',
        district: '',
        street: 'Údolní',
        streetNr: '12',
        postcode: '602 00',
        phone: '+420 777 123 456',
        isCompany: false,
        client: {
          firstName: 'Jana',
          lastName: 'Nováková',
          email: 'jana@example.cz',
          isCompany: false,
          companyName: '',
          taxId: '',
          nr_reg_com: '',
          phone: '+420 777 123 456',
          country: 'Czech',
          province: '',
          city: 'Brno',
          street: 'Údolní',
          streetNr: '12',
          postcode: '602 00',
        },
      },
      deliveryDate: null,
      shippingCost: 0,
      trackingId: '',
      trackingUrl: '',
      tracking_awbPdf: '',
      weight: null,
    },
    payment: {
      status: 'unpaid',
      type: 'COD',
      total: 398,
      COD: { apply: true, amount: 398, amountInit: 398 },
    },
    processing: {
      instructions: '',
      generate_invoice: false,
      codTransfferId: null,
      isOpenUser: null,
      assignedUser: null,
    },
    api_request: { to_office: '', office_code: '' },
    print: [],
    changeLogs: [],
    allowedActions: allowedActions(status),
    ...overrides,
  }
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

export type Handler = (body: unknown) => Response | Promise<Response>

/** A fake API: 'METHOD /api/path' → handler; everything it was asked, in order. */
export function fakeApi(routes: Record<string, Handler>) {
  const requests: { key: string; body: unknown }[] = []
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    requests.push({ key, body })
    const handler = routes[key]
    if (handler) return handler(body)
    if (key === `POST /api/orders/${orderId}/open`)
      return json(200, { isOpenUser: { _id: clientId, username: 'x', since: '2026-11-20T10:00:00.000Z' } })
    if (key === `POST /api/orders/${orderId}/parcelshops`) return json(200, { list: [] })
    if (key === `GET /api/comments?trigger=order&triggerId=${orderId}`) return json(200, [])
    if (key === `GET /api/orders/${orderId}/services`) return json(200, { total: [], services: [] })
    if (key.startsWith('GET /api/couriers')) return json(200, [])
    if (key.startsWith('GET /api/warehouse')) return json(200, [])
    return json(404, { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'Not found' })
  })
  vi.stubGlobal('fetch', fetchMock)
  return requests
}

/** Signs in with the roles and renders the UI with a fresh query client. */
export function renderSignedIn(roles: Role[], ui: ReactNode) {
  sessionStore.signIn({ token: token(roles) })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>)
}
