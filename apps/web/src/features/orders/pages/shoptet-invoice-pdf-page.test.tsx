import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as downloads from '@/components/download-file'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'
import { anOrder, clientId, orderId } from '../components/detail/detail-test-fixtures'

installFakeServer()
vi.setConfig({ testTimeout: 30_000 })

const signedIn = () => act(() => sessionStore.signIn(sessionUser('eshop1', ['client'], clientId)))

const shoptetOrder = anOrder({
  invoicing: 'shoptet',
  shoptetInvoice: {
    code: '2026000042',
    varSymbol: '2026000042',
    isValid: true,
    issuedAt: '2026-11-20T10:05:00.000Z',
    dueDate: '2026-12-04',
    currency: 'CZK',
    total: 796,
    paid: false,
    pdfUrl: `/api/orders/${orderId}/shoptet-invoice/pdf`,
  },
})

const { createObjectURL, revokeObjectURL } = URL
// A spy, not vi.mock: the test worker keeps the app's modules across files (isolate: false), so a
// module mock would not reach a PdfDocumentPage that another file's test loaded first.
const downloadFile = vi.fn()
beforeEach(() => {
  vi.spyOn(downloads, 'downloadFile').mockImplementation(downloadFile)
  // jsdom has no object URLs: the page shows the fetched PDF through one.
  URL.createObjectURL = vi.fn(() => 'about:blank')
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => {
  URL.createObjectURL = createObjectURL
  URL.revokeObjectURL = revokeObjectURL
  vi.mocked(downloads.downloadFile).mockRestore()
  downloadFile.mockClear()
})

describe('Shoptet invoice PDF page', () => {
  it('shows Shoptet’s PDF in the page and downloads it named by Shoptet’s invoice number', async () => {
    signedIn()
    server.answers[`GET /api/orders/${orderId}`] = { status: 200, body: shoptetOrder }
    server.answers[`GET /api/orders/${orderId}/shoptet-invoice/pdf`] = { status: 200, body: '%PDF-1.7' }
    renderAt(`/orders/${orderId}/shoptet-invoice`)
    expect(await screen.findByTitle('Shoptet invoice 2026000042', {}, { timeout: 20_000 })).toBeTruthy()
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
    expect(
      await screen.findByText('The PDF could not be loaded from Shoptet', {}, { timeout: 20_000 }),
    ).toBeTruthy()
  })
})
