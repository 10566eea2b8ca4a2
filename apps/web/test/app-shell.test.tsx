import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from './app-harness'

vi.mock('@/features/business-clients/pages/profile-page', () => ({ ProfilePage: () => <p>profile page</p> }))

installFakeServer()

describe('sign-in page', () => {
  it("shows 'Welcome Back ' with username, password and 'Log in', the username focused", async () => {
    renderAt('/signin')
    const heading = await screen.findByRole('heading', { level: 1 })
    expect(heading.textContent).toBe('Welcome Back ')
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy()
    const username = screen.getByLabelText('Username')
    expect(document.activeElement).toBe(username)
    expect(username.getAttribute('autocomplete')).toBe('username')
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password')
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy()
  })

  it('asks for both fields before calling the server', async () => {
    renderAt('/signin')
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }))
    expect(await screen.findByText('Please enter your username.')).toBeTruthy()
    expect(screen.getByText('Please enter your password.')).toBeTruthy()
    expect(server.requests).toEqual([])
  })

  it('signs in with Enter and lands on the orders list; lang is sent only when picked on the page', async () => {
    server.answers['POST /api/auth/signin'] = { status: 200, body: sessionUser('eshop1', ['client']) }
    const router = renderAt('/signin')
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: ' eshop1 ' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'demo-password' } })
    fireEvent.submit(screen.getByLabelText('Password').closest('form')!)
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'))
    expect(server.requests[0]).toEqual({
      url: '/api/auth/signin',
      method: 'POST',
      body: { username: 'eshop1', password: 'demo-password' },
    })
    expect(sessionStore.get().currentUser?.username).toBe('eshop1')
  })

  it('shows a failed sign-in in the top notifications, translated by its code', async () => {
    server.answers['POST /api/auth/signin'] = {
      status: 401,
      body: {
        statusCode: 401,
        code: 'INVALID_CREDENTIALS',
        error: 'Unauthorized',
        message: 'Wrong username or password',
      },
    }
    renderAt('/signin')
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'eshop1' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } })
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong username or password.')
    expect(sessionStore.get().isAuthenticated).toBe(false)
  })

  it("sends a signed-in user on to '/'", async () => {
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'])))
    const router = renderAt('/signin')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})

describe('sign-up page', () => {
  it("creates the account with 'Sign me up!' and opens /profile/null", async () => {
    server.answers['POST /api/auth/signup'] = { status: 201, body: sessionUser('newshop', ['client']) }
    const router = renderAt('/signup')
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Join today.')
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'newshop' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough-password' } })
    fireEvent.click(screen.getByRole('button', { name: 'Sign me up!' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/null'))
    expect(await screen.findByText('profile page')).toBeTruthy()
  })
})

describe('access rules', () => {
  it('sends a visitor from a protected route to /signin', async () => {
    const router = renderAt('/orders')
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
  })

  it('shows the not-found screen for a route the user has no permission for', async () => {
    act(() => sessionStore.signIn(sessionUser('operator', ['operator'])))
    const router = renderAt('/invoices')
    expect(await screen.findByText('Sorry,page not found.')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/invoices')
  })

  it("shows 'Sorry,page not found.' for an unknown path, then goes to /signin", async () => {
    const router = renderAt('/no/such/page')
    expect(await screen.findByText('Sorry,page not found.')).toBeTruthy()
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
  })

  it('ends the session on a 401 of an authenticated call and goes to /signin', async () => {
    act(() => sessionStore.signIn(sessionUser('admin', ['admin'])))
    server.answers['POST /api/auth/signinas'] = {
      status: 401,
      body: { statusCode: 401, code: 'UNAUTHENTICATED', error: 'Unauthorized', message: 'Please Login !!!' },
    }
    const router = renderAt('/internal/loginas/eshop1/admin-password')
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'))
    expect(sessionStore.get().isAuthenticated).toBe(false)
    expect(server.requests[0]).toEqual({
      url: '/api/auth/signinas',
      method: 'POST',
      body: { username: 'eshop1', password: 'admin-password', lang: 'ENG' },
    })
  })
})
