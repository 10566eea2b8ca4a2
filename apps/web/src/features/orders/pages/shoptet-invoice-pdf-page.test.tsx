import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/session'
import {
  installFakeServer,
  renderAt,
  server,
  sessionUser,
  stubPdfDownloads,
} from '../../../../test/app-harness'
import { anOrder, aShoptetInvoice, clientId, orderId } from '../components/detail/detail-test-fixtures'

installFakeServer()

const signedIn = () => act(() => sessionStore.signIn(sessionUser('eshop1', ['client'], clientId)))

const shoptetOrder = anOrder({ invoicing: 'shoptet', shoptetInvoice: { ...aShoptetInvoice, paid: false } })

const downloadFile = stubPdfDownloads()

describe('Shoptet invoice PDF page', () => {
  it('shows Shoptet’s PDF in the page and downloads it named by Shoptet’s invoice number', async () => {
    signedIn()
    server.answers[`GET /api/orders/${orderId}`] = { status: 200, body: shoptetOrder }
    server.answers[`GET /api/orders/${orderId}/shoptet-invoice/pdf`] = { status: 200, body: '%PDF-1.7' }
    renderAt(`/orders/${orderId}/shoptet-invoice`)
    const viewer = await screen.findByRole('region', { name: 'Shoptet invoice 2026000042' })
    expect(await within(viewer).findByText(/^Page 1: .*%PDF-1\.7/)).toBeTruthy()
    expect(screen.getByRole('link', { name: /Back to the order/ }).getAttribute('href')).toBe(
      `/orders/${orderId}`,
    )
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Download/ })))
    await waitFor(() => expect(downloadFile.mock.calls[0]?.[1]).toBe('2026000042.pdf'))
  })

  it('says so when Shoptet does not answer', async () => {
    signedIn()
    server.answers[`GET /api/orders/${orderId}`] = { status: 200, body: shoptetOrder }
    server.answers[`GET /api/orders/${orderId}/shoptet-invoice/pdf`] = {
      status: 503,
      body: { code: 'UNAVAILABLE', message: 'Shoptet does not answer' },
    }
    renderAt(`/orders/${orderId}/shoptet-invoice`)
    expect(await screen.findByText('The PDF could not be loaded from Shoptet')).toBeTruthy()
  })
})
