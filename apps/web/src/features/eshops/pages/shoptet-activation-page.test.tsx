import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'
import { activationLinkParts } from './shoptet-activation-page'

installFakeServer()

const clientId = '0190a0a0-0000-7000-8000-0000000000c1'
const eshopId = '0190a0a0-0000-7000-8000-0000000000e5'
const link = '/shoptet/newinstall/activation/ENG/jana@zahradniraj.cz/k3y-abc/def'

// A test that opens a link in another language leaves the interface in it: back to English.
afterEach(async () => {
  await act(() => i18n.changeLanguage('en'))
})

describe('syslang of the link', () => {
  it('takes the spec codes and the locale codes, CZ otherwise', () => {
    const lang = (path: string) => activationLinkParts(path).lang
    expect(lang('SK/jana/k3y')).toBe('SK')
    expect(lang('eng/jana/k3y')).toBe('ENG')
    expect(lang('cs/jana/k3y')).toBe('CZ')
    expect(lang('ru/jana/k3y')).toBe('RU')
    expect(lang('jana/k3y')).toBe('CZ')
  })
})

describe('segments of the link', () => {
  it('reads the language when the link has one, CZ when it has none; the key may hold slashes', () => {
    expect(activationLinkParts('SK/jana/k3y/x')).toEqual({
      lang: 'SK',
      username: 'jana',
      activationkey: 'k3y/x',
    })
    expect(activationLinkParts('en/jana/k3y')).toEqual({
      lang: 'ENG',
      username: 'jana',
      activationkey: 'k3y',
    })
    expect(activationLinkParts('jana@shop.cz/k3y')).toEqual({
      lang: 'CZ',
      username: 'jana@shop.cz',
      activationkey: 'k3y',
    })
    expect(activationLinkParts('jana/k3y/x')).toEqual({
      lang: 'CZ',
      username: 'jana',
      activationkey: 'k3y/x',
    })
  })
})

describe('add-on activation landing', () => {
  it('opens a link without the language segment in Czech (spec: syslang optional, default CZ)', async () => {
    server.answers['POST /api/shoptet/newinstall/activation'] = {
      status: 200,
      body: { ...sessionUser('jana@zahradniraj.cz', ['client'], clientId), eshopId },
    }
    const router = renderAt('/shoptet/newinstall/activation/jana@zahradniraj.cz/k3y-abc')
    expect(((await screen.findByLabelText('Uživatelské jméno')) as HTMLInputElement).value).toBe(
      'jana@zahradniraj.cz',
    )
    fireEvent.change(screen.getByLabelText('Heslo'), { target: { value: 'correct horse battery' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/eshops/shoptet/${eshopId}`))
    expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      activationkey: 'k3y-abc',
      syslang: 'CZ',
    })
  })

  it('sets the password, starts the session and opens the connection settings', async () => {
    server.answers['POST /api/shoptet/newinstall/activation'] = {
      status: 200,
      body: { ...sessionUser('jana@zahradniraj.cz', ['client'], clientId), eshopId },
    }
    const router = renderAt(link)
    expect(await screen.findByRole('heading', { name: 'Activate the add-on' })).toBeTruthy()
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('jana@zahradniraj.cz')
    // No menu: the light frame of the sign-in page.
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull()

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/eshops/shoptet/${eshopId}`))
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      activationkey: 'k3y-abc/def',
      password: 'correct horse battery',
      syslang: 'ENG',
    })
    expect(sessionStore.get().currentUser?.username).toBe('jana@zahradniraj.cz')
    expect(localStorage.getItem('token')).toBe(sessionStore.get().token)
  })

  it("an expired or used key says 'Activation link expired. Reinstall ADDON.' and signs nobody in", async () => {
    server.answers['POST /api/shoptet/newinstall/activation'] = {
      status: 410,
      body: {
        statusCode: 410,
        code: 'ACTIVATION_EXPIRED',
        error: 'Gone',
        message: 'Activation link expired. Reinstall ADDON.',
      },
    }
    const router = renderAt(link)
    fireEvent.change(await screen.findByLabelText('Password'), {
      target: { value: 'correct horse battery' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }))
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Activation link expired. Reinstall ADDON.',
    )
    expect(router.state.location.pathname).toBe(link)
    expect(sessionStore.get().isAuthenticated).toBe(false)
  })

  it('applies the sign-up password rule before sending anything', async () => {
    renderAt(link)
    const password = await screen.findByLabelText('Password')
    fireEvent.change(password, { target: { value: 'short' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }))
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'))
    // The hint and, under it, the error.
    await waitFor(() => expect(screen.getAllByText('At least 12 characters.')).toHaveLength(2))
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false)
  })

  it('speaks the language of the link (default CZ)', async () => {
    renderAt('/shoptet/newinstall/activation/SK/jana/k3y')
    expect(await screen.findByRole('heading', { name: 'Aktivácia doplnku' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Ok' })).toBeTruthy()
  })
})
