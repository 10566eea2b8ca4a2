import type { Eshop, ShoptetProductImport } from '@expedo/domain'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { notificationsStore } from '@/lib/notifications'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'

installFakeServer()
// The first render transforms the lazy pages' modules: slow on a busy machine.

const clientId = '0190a0a0-0000-7000-8000-0000000000c1'
const eshopId = '0190a0a0-0000-7000-8000-0000000000e5'
const jobId = '0190a0a0-0000-7000-8000-0000000000a1'

const signedInAs = (role: 'client' | 'admin') =>
  act(() =>
    sessionStore.signIn(
      role === 'client' ? sessionUser('eshop1', ['client'], clientId) : sessionUser('boss', ['admin']),
    ),
  )

function eshop(overrides: Partial<Eshop> = {}, settings: Partial<Eshop['shoptet_settings']> = {}): Eshop {
  return {
    _id: eshopId,
    platform: 'shoptet',
    eshopUrl: 'https://www.zahradniraj.cz',
    isActive: true,
    status: 'active',
    businessclient: clientId,
    businessclientName: 'Zahradní ráj s.r.o.',
    shoptet_eshopId: 470123,
    shoptet_settings: {
      import_orders_enabled: false,
      import_orders_all: true,
      import_orders_only_selected_products: false,
      shipped_status_id: null,
      suppress_email_sending: false,
      suppress_document_generation: false,
      invoicing: 'expedo',
      ...settings,
    },
    installedAt: '2026-11-20T09:00:00.000Z',
    activatedAt: '2026-11-20T09:05:00.000Z',
    uninstalledAt: null,
    lastSyncAt: '2026-11-27T10:15:00.000Z',
    lastError: null,
    lastErrorAt: null,
    failCount: 0,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-27T10:15:00.000Z',
    ...overrides,
  }
}

function job(overrides: Partial<ShoptetProductImport> = {}): ShoptetProductImport {
  return {
    _id: jobId,
    eshop: eshopId,
    businessclient: clientId,
    kind: 'import',
    status: 'running',
    page: 1,
    pageCount: 4,
    imported: 7,
    updated: 3,
    failed: 0,
    error: null,
    message: null,
    createdAt: '2026-11-27T10:20:00.000Z',
    finishedAt: null,
    ...overrides,
  }
}

const requested = () => server.requests.map((r) => `${r.method} ${r.url}`)
const puts = () => server.requests.filter((r) => r.method === 'PUT').map((r) => r.body)

describe('e-shops list', () => {
  it("shows the client's connections with status, order import, last sync and error, linked to the settings", async () => {
    signedInAs('client')
    server.answers['GET /api/settings/eshops'] = {
      status: 200,
      body: [
        eshop({}, { import_orders_enabled: true, invoicing: 'shoptet' }),
        eshop({
          _id: '0190a0a0-0000-7000-8000-0000000000e6',
          eshopUrl: 'https://www.zahradniraj.sk',
          isActive: false,
          status: 'uninstalled',
          lastSyncAt: null,
          lastError: 'Shoptet answered 503 three times in a row',
        }),
      ],
    }
    renderAt('/eshops')
    const link = await screen.findByRole('link', { name: 'Settings of https://www.zahradniraj.cz' })
    expect(link.getAttribute('href')).toBe(`/eshops/shoptet/${eshopId}`)
    const first = link.closest('tr') as HTMLElement
    expect(within(first).getByText('Active')).toBeTruthy()
    expect(within(first).getByText('On')).toBeTruthy()
    expect(within(first).getByText('Shoptet')).toBeTruthy()
    expect(within(first).getByText('27-11-26', { exact: false })).toBeTruthy()
    const second = screen
      .getByRole('link', { name: 'Settings of https://www.zahradniraj.sk' })
      .closest('tr') as HTMLElement
    expect(within(second).getByText('Uninstalled')).toBeTruthy()
    expect(within(second).getByText('Off')).toBeTruthy()
    expect(within(second).getByText('Shoptet answered 503 three times in a row')).toBeTruthy()
    // A client neither sees nor filters by business client.
    expect(screen.queryByRole('columnheader', { name: 'Business client' })).toBeNull()
    expect(screen.queryByRole('combobox', { name: 'Business client' })).toBeNull()
  })

  it('says how to connect a shop when there is none', async () => {
    signedInAs('client')
    server.answers['GET /api/settings/eshops'] = { status: 200, body: [] }
    renderAt('/eshops')
    expect(await screen.findByText('No e-shop is connected yet')).toBeTruthy()
    expect(screen.getByText(/Install the Expedo add-on/)).toBeTruthy()
  })

  it('shows the business client to staff and filters by it in the URL', async () => {
    signedInAs('admin')
    server.answers['GET /api/settings/eshops'] = { status: 200, body: [eshop()] }
    server.answers[`GET /api/settings/eshops?businessclient=${clientId}`] = { status: 200, body: [eshop()] }
    server.answers['GET /api/businessclients'] = {
      status: 200,
      body: { list: [{ _id: clientId, name: 'Zahradní ráj s.r.o.' }], total: 1 },
    }
    const router = renderAt('/eshops')
    expect(await screen.findByRole('columnheader', { name: 'Business client' })).toBeTruthy()
    expect((await screen.findAllByText('Zahradní ráj s.r.o.')).length).toBeGreaterThan(0)
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Business client' }))
    fireEvent.click(await screen.findByTitle('Zahradní ráj s.r.o.'))
    await waitFor(() => expect(requested()).toContain(`GET /api/settings/eshops?businessclient=${clientId}`))
    expect(router.state.location.search).toBe(`?client=${clientId}`)
  })
})

describe('e-shop settings', () => {
  it('shows the ribbon and sync state; order import on saves the dotted key and says Updated', async () => {
    signedInAs('client')
    server.answers[`GET /api/settings/eshops/${eshopId}`] = {
      status: 200,
      body: eshop({ lastError: 'Timeout at Shoptet', lastErrorAt: '2026-11-27T10:10:00.000Z' }),
    }
    server.answers[`GET /api/settings/eshops/${eshopId}/statuses`] = {
      status: 200,
      body: [
        { id: -1, name: 'Nevyřízená' },
        { id: -2, name: 'Vyřízena' },
      ],
    }
    server.answers[`PUT /api/settings/eshops/${eshopId}`] = {
      status: 200,
      body: eshop({}, { import_orders_enabled: true }),
    }
    renderAt(`/eshops/shoptet/${eshopId}`)
    expect(await screen.findByText('Connected')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'https://www.zahradniraj.cz' })).toBeTruthy()
    expect(screen.getByText('Timeout at Shoptet')).toBeTruthy()

    const importSwitch = screen.getByRole('switch', { name: 'Enable order import' })
    expect(importSwitch.getAttribute('aria-checked')).toBe('false')
    fireEvent.click(importSwitch)
    await waitFor(() => expect(puts()).toEqual([{ 'shoptet_settings.import_orders_enabled': true }]))
    expect(await screen.findByText('Updated')).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Enable order import' }).getAttribute('aria-checked')).toBe(
      'true',
    )

    // The shop's statuses are offered for the status set on shipping.
    server.answers[`PUT /api/settings/eshops/${eshopId}`] = {
      status: 200,
      body: eshop({}, { import_orders_enabled: true, shipped_status_id: -2 }),
    }
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Shoptet status when shipped' }))
    fireEvent.click(await screen.findByTitle('Vyřízena'))
    await waitFor(() => expect(puts().at(-1)).toEqual({ 'shoptet_settings.shipped_status_id': -2 }))
  })

  it("a refused change moves back and shows the server's reason", async () => {
    signedInAs('client')
    server.answers[`GET /api/settings/eshops/${eshopId}`] = { status: 200, body: eshop() }
    server.answers[`PUT /api/settings/eshops/${eshopId}`] = {
      status: 502,
      body: {
        statusCode: 502,
        code: 'SHOPTET_UNAVAILABLE',
        error: 'Bad Gateway',
        message: 'Shoptet did not register the webhooks: 503 Service Unavailable',
      },
    }
    renderAt(`/eshops/shoptet/${eshopId}`)
    fireEvent.click(await screen.findByRole('switch', { name: 'Enable order import' }))
    await waitFor(() =>
      expect(notificationsStore.get().map((n) => n.message)).toContain(
        'Shoptet did not register the webhooks: 503 Service Unavailable',
      ),
    )
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Enable order import' }).getAttribute('aria-checked')).toBe(
        'false',
      ),
    )
    expect(screen.queryByText('Updated')).toBeNull()
  })

  it('asks before switching the connection off, and only then saves isActive false', async () => {
    signedInAs('client')
    server.answers[`GET /api/settings/eshops/${eshopId}`] = {
      status: 200,
      body: eshop({}, { import_orders_enabled: true }),
    }
    server.answers[`PUT /api/settings/eshops/${eshopId}`] = {
      status: 200,
      body: eshop({ isActive: false, status: 'inactive' }, { import_orders_enabled: false }),
    }
    renderAt(`/eshops/shoptet/${eshopId}`)
    fireEvent.click(await screen.findByRole('switch', { name: 'Connection to the shop' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/order webhooks are removed/)).toBeTruthy()
    expect(puts()).toEqual([])
    fireEvent.click(within(dialog).getByRole('button', { name: 'Switch off' }))
    await waitFor(() => expect(puts()).toEqual([{ isActive: false }]))
    expect(await screen.findByText('Disconnected')).toBeTruthy()
    expect(screen.getByRole('switch', { name: 'Enable order import' }).getAttribute('aria-checked')).toBe(
      'false',
    )
  })

  it('keeps the two import modes exclusive: one change sets both', async () => {
    signedInAs('client')
    server.answers[`GET /api/settings/eshops/${eshopId}`] = {
      status: 200,
      body: eshop({}, { import_orders_enabled: true }),
    }
    server.answers[`PUT /api/settings/eshops/${eshopId}`] = {
      status: 200,
      body: eshop({}, { import_orders_enabled: true, import_orders_all: false }),
    }
    renderAt(`/eshops/shoptet/${eshopId}`)
    const selected = await screen.findByRole('radio', { name: 'Import only orders with selected products' })
    expect(screen.getByRole('link', { name: 'Select the products' }).getAttribute('href')).toBe('/products')
    fireEvent.click(selected)
    await waitFor(() =>
      expect(puts()).toEqual([
        {
          'shoptet_settings.import_orders_all': false,
          'shoptet_settings.import_orders_only_selected_products': true,
        },
      ]),
    )
  })

  it('imports all products with progress to the final message', async () => {
    signedInAs('client')
    server.answers[`GET /api/settings/eshops/${eshopId}`] = { status: 200, body: eshop() }
    const start = `GET /api/shoptet/products?businessclient=${clientId}&eshop=${eshopId}&page=1&itemsPerPage=10`
    server.answers[start] = { status: 200, body: job({ status: 'queued', page: 0, pageCount: null }) }
    server.answers[`GET /api/shoptet/products/imports/${jobId}`] = { status: 200, body: job() }
    renderAt(`/eshops/shoptet/${eshopId}`)
    fireEvent.click(await screen.findByRole('button', { name: /Import all products/ }))
    await waitFor(() => expect(requested()).toContain(start))
    const bar = await screen.findByRole('progressbar', { name: 'Product import progress' })
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('25'))
    expect(screen.getByText(/Page 1 of 4/)).toBeTruthy()
    expect(screen.getByRole('button', { name: /Update products/ }).hasAttribute('disabled')).toBe(true)

    server.answers[`GET /api/shoptet/products/imports/${jobId}`] = {
      status: 200,
      body: job({
        status: 'done',
        page: 4,
        imported: 31,
        updated: 9,
        message: 'All products have been imported succesfully',
      }),
    }
    expect(await screen.findByText('All products have been imported succesfully')).toBeTruthy()
    expect(screen.getByText('31 imported, 9 updated, 0 failed')).toBeTruthy()
  })

  it('updates products (PUT) and shows the update message', async () => {
    signedInAs('client')
    server.answers[`GET /api/settings/eshops/${eshopId}`] = { status: 200, body: eshop() }
    server.answers['PUT /api/shoptet/products'] = {
      status: 200,
      body: job({
        kind: 'update',
        status: 'done',
        page: 4,
        message: 'All products have been updated succesfully',
      }),
    }
    renderAt(`/eshops/shoptet/${eshopId}`)
    fireEvent.click(await screen.findByRole('button', { name: /Update products/ }))
    expect(await screen.findByText('All products have been updated succesfully')).toBeTruthy()
    expect(server.requests.find((r) => r.url === '/api/shoptet/products')?.body).toEqual({
      businessclient: clientId,
      eshop: eshopId,
    })
  })

  it('Done goes to the orders', async () => {
    signedInAs('client')
    server.answers[`GET /api/settings/eshops/${eshopId}`] = { status: 200, body: eshop() }
    const router = renderAt(`/eshops/shoptet/${eshopId}`)
    fireEvent.click((await screen.findAllByRole('button', { name: 'Done' }))[0]!)
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
  })

  it('answers an unknown connection with its not-found page', async () => {
    signedInAs('client')
    renderAt('/eshops/shoptet/0190a0a0-0000-7000-8000-0000000000ff')
    expect(await screen.findByText('E-shop not found')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to e-shops' })).toBeTruthy()
  })
})
