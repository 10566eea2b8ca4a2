import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { installFakeServer, renderAt, server, stubPdfDownloads } from '../../../../test/app-harness'
import { invoice, invoiceId, signedIn } from './invoice-test-fixtures'

installFakeServer()

const downloadFile = stubPdfDownloads()

describe('invoice PDF page', () => {
  it('draws a draft’s PDF in the page and downloads it as PROFORMA.pdf', async () => {
    signedIn()
    server.answers[`GET /api/invoices/${invoiceId}`] = {
      status: 200,
      body: invoice({ sequenceNumber: null, issuedAt: null }),
    }
    server.answers[`GET /api/invoices/${invoiceId}/pdf`] = { status: 200, body: '%PDF-1.7' }
    renderAt(`/invoices/${invoiceId}/pdf`)
    const viewer = await screen.findByRole('region', { name: 'PDF of PROFORMA' })
    expect(await within(viewer).findByText(/^Page 1: .*%PDF-1\.7/)).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Download/ })))
    await waitFor(() => expect(downloadFile.mock.calls[0]?.[1]).toBe('PROFORMA.pdf'))
  })

  it('names an issued invoice’s file by its number', async () => {
    signedIn()
    server.answers[`GET /api/invoices/${invoiceId}`] = { status: 200, body: invoice() }
    server.answers[`GET /api/invoices/${invoiceId}/pdf`] = { status: 200, body: '%PDF-1.7' }
    renderAt(`/invoices/${invoiceId}/pdf`)
    await screen.findByRole('region', { name: 'PDF of FVCZ2026000007' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Download/ })))
    await waitFor(() => expect(downloadFile.mock.calls[0]?.[1]).toBe('FVCZ2026000007.pdf'))
  })
})
