import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as downloads from '@/components/download-file'
import { installFakeServer, renderAt, server } from '../../../../test/app-harness'
import { invoice, invoiceId, signedIn } from './invoice-test-fixtures'

installFakeServer()
vi.setConfig({ testTimeout: 30_000 })

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

describe('invoice PDF page', () => {
  it('shows a draft’s PDF in the page and downloads it as PROFORMA.pdf', async () => {
    signedIn()
    server.answers[`GET /api/invoices/${invoiceId}`] = {
      status: 200,
      body: invoice({ sequenceNumber: null, issuedAt: null }),
    }
    server.answers[`GET /api/invoices/${invoiceId}/pdf`] = { status: 200, body: '%PDF-1.7' }
    renderAt(`/invoices/${invoiceId}/pdf`)
    expect(await screen.findByTitle('PDF of PROFORMA', {}, { timeout: 20_000 })).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Download/ })))
    await waitFor(() => expect(downloadFile.mock.calls[0]?.[1]).toBe('PROFORMA.pdf'))
  })

  it('names an issued invoice’s file by its number', async () => {
    signedIn()
    server.answers[`GET /api/invoices/${invoiceId}`] = { status: 200, body: invoice() }
    server.answers[`GET /api/invoices/${invoiceId}/pdf`] = { status: 200, body: '%PDF-1.7' }
    renderAt(`/invoices/${invoiceId}/pdf`)
    await screen.findByTitle('PDF of FVCZ2026000007', {}, { timeout: 20_000 })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Download/ })))
    await waitFor(() => expect(downloadFile.mock.calls[0]?.[1]).toBe('FVCZ2026000007.pdf'))
  })
})
