import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, productAnswer, renderAt, server, sessionUser } from '../../../../test/app-harness'

installFakeServer()

const clientId = '0190a0a0-0000-7000-8000-0000000000c1'
const id = '0190a0a0-0000-7000-8000-0000000000a1'
const product = productAnswer({ _id: id })
const detail = (notPairedOrders: number) => ({
  status: 200,
  body: { foundProduct: product, notPairedOrders },
})

describe("product header 'Unpaired orders N / pair'", () => {
  it("pairs the orders, says 'Paired N orders' and reads the count again", async () => {
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'], clientId)))
    server.answers[`GET /api/products/${id}`] = detail(3)
    server.answers[`POST /api/products/${id}/pairToOrders`] = { status: 200, body: { paired: 3 } }
    renderAt(`/products/${id}`)
    const button = await screen.findByRole('button', { name: 'Unpaired orders 3 / pair' })
    server.answers[`GET /api/products/${id}`] = detail(0)
    act(() => fireEvent.click(button))
    expect(await screen.findByText('Paired 3 orders')).toBeTruthy()
    const after = await screen.findByRole('button', { name: 'Unpaired orders 0 / pair' })
    await waitFor(() => expect(after.hasAttribute('disabled')).toBe(true))
    expect(server.requests.filter((r) => r.url.endsWith('/pairToOrders'))).toHaveLength(1)
  })

  it('is not offered to a user who may not change products', async () => {
    act(() => sessionStore.signIn(sessionUser('finance', ['finance'])))
    server.answers[`GET /api/products/${id}`] = detail(3)
    renderAt(`/products/${id}`)
    await screen.findByRole('heading', { name: product.name })
    expect(screen.queryByRole('button', { name: /Unpaired orders/ })).toBeNull()
  })
})
