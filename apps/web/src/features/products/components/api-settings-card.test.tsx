import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, productAnswer, renderAt, server, sessionUser } from '../../../../test/app-harness'

installFakeServer()

const clientId = '0190a0a0-0000-7000-8000-0000000000c1'
const id = '0190a0a0-0000-7000-8000-0000000000a2'
const product = productAnswer({
  _id: id,
  name: 'Konev zahradní 5 l',
  codes: { sku: 'ZR-KON-0002', barcode: '8590000000012', clientsku: '' },
})
const eshopsAsked = () => server.requests.filter((r) => r.url.includes('/api/settings/eshops'))

describe('the product’s API settings card', () => {
  it('offers a client the e-shop picker, read from its e-shop connections', async () => {
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'], clientId)))
    server.answers[`GET /api/products/${id}`] = {
      status: 200,
      body: { foundProduct: product, notPairedOrders: 0 },
    }
    server.answers['GET /api/settings/eshops'] = { status: 200, body: [] }
    renderAt(`/products/${id}`)
    expect(await screen.findByRole('combobox', { name: 'E-shop' })).toBeTruthy()
    await waitFor(() => expect(eshopsAsked()).toHaveLength(1))
  })

  it('does not ask an operator’s session for the connections it may not read (403 would sign it out)', async () => {
    act(() => sessionStore.signIn(sessionUser('operator', ['operator'])))
    server.answers[`GET /api/products/${id}`] = {
      status: 200,
      body: { foundProduct: product, notPairedOrders: 0 },
    }
    renderAt(`/products/${id}`)
    await screen.findByText('API settings')
    expect(screen.queryByRole('combobox', { name: 'E-shop' })).toBeNull()
    expect(eshopsAsked()).toHaveLength(0)
  })
})
