import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { i18n } from '@/lib/i18n'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from './app-harness'

installFakeServer()

describe('layout', () => {
  it('greets the user on the home page with a tile for each menu item they may open', async () => {
    act(() => sessionStore.signIn(sessionUser('operator', ['operator'])))
    renderAt('/')
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toMatch(/operator/)
    const tiles = within(screen.getByRole('list')).getAllByRole('link')
    expect(tiles.map((tile) => tile.getAttribute('href'))).toEqual([
      '/orders',
      '/warehouse',
      '/warehouse/locations',
      '/warehouse/waves',
      '/warehouse/packing',
      '/warehouse/handover',
      '/products',
      '/shipments/inbound',
      '/parcels/inbound',
      '/reports/nogoods',
      '/reports/stockturnover',
    ])
    const menu = screen.getByRole('navigation', { name: 'Main menu' })
    expect(within(menu).getByText('Orders')).toBeTruthy()
    expect(within(menu).queryByText('Invoices')).toBeNull()
  })

  it("has a user panel with greeting, username, 'no notifications', Close and 'Log Out' to /signin", async () => {
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'])))
    const router = renderAt('/')
    // Named by the username it shows (WCAG 2.5.3); 'User panel' is its title.
    fireEvent.click(await screen.findByRole('button', { name: /eshop1/ }))
    expect(await screen.findByText('Hello, eshop1!')).toBeTruthy()
    expect(screen.getByText('no notifications')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy()
    fireEvent.click(screen.getByRole('link', { name: 'Log Out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
    expect(sessionStore.get().isAuthenticated).toBe(false)
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('saves a language change as the sys_lang, takes the new token and switches the texts', async () => {
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'])))
    server.answers['PUT /api/users'] = { status: 200, body: sessionUser('eshop1', ['client'], null, 'CZ') }
    renderAt('/')
    const menu = await screen.findByRole('navigation', { name: 'Main menu' })
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'CZ' } })
    // The same menu element: switching the language does not remount the app.
    await waitFor(() => expect(within(menu).getByText('Objednávky')).toBeTruthy())
    expect(server.requests.at(-1)).toEqual({
      url: '/api/users',
      method: 'PUT',
      body: { 'settings.sys_lang': 'CZ' },
    })
    expect(sessionStore.get().currentUser?.sys_lang).toBe('CZ')
    expect(document.documentElement.lang).toBe('cs')
    // The interface follows the session's sys_lang (as when another tab changed it).
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'], null, 'ENG')))
    await waitFor(() => expect(i18n.language).toBe('en'))
    expect(within(menu).getByText('Orders')).toBeTruthy()
  })

  it("shows 'Reconnecting...' while the server does not answer", async () => {
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'])))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    server.answers['PUT /api/users'] = { status: 200, body: {} }
    renderAt('/')
    fireEvent.change(await screen.findByRole('combobox', { name: 'Language' }), { target: { value: 'SK' } })
    expect(await screen.findByText('Reconnecting...')).toBeTruthy()
  })
})

describe('sign-in language', () => {
  it('sends the language picked on the sign-in page as lang', async () => {
    server.answers['POST /api/auth/signin'] = { status: 200, body: sessionUser('eshop2', ['client']) }
    const router = renderAt('/signin')
    fireEvent.change(await screen.findByRole('combobox', { name: 'Language' }), { target: { value: 'ENG' } })
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'eshop2' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo-password' } })
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
    expect(server.requests.find((r) => r.url === '/api/auth/signin')?.body).toEqual({
      username: 'eshop2',
      password: 'demo-password',
      lang: 'ENG',
    })
  })
})
