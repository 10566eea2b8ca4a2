import { act, screen, within } from '@testing-library/react'
import dayjs from 'dayjs'
import { describe, expect, it, vi } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'

installFakeServer()
// The chart's own rendering is ECharts'; here it only has to receive the report.
vi.mock('../components/invoices-chart', () => ({
  InvoicesChart: ({
    report,
    label,
  }: {
    report: { list: unknown[] }
    label: (currency: string) => string
  }) => (
    <div role="img" aria-label={label('EUR')}>
      {report.list.length} groups
    </div>
  ),
}))

const invoiceId = '0190a0a0-0000-7000-8000-0000000000f1'
const report = {
  list: [
    {
      _id: { month: 11, year: 2026, country: 'Slovakia' },
      count: 7,
      currency: ['EUR', 'CZK'],
      totals: [
        { currency: 'EUR', NETTO_total: 100, VAT_total: 23, BRUTTO_total: 123 },
        { currency: 'CZK', NETTO_total: 1000, VAT_total: 210, BRUTTO_total: 1210 },
      ],
      list: [{ _id: invoiceId, sequenceNumber: 'FVSL2026000001', BRUTTO_total: 123, currency: 'EUR' }],
    },
  ],
  total: 7,
  creditNotes: { count: 2, totals: [{ currency: 'EUR', BRUTTO_total: -45.5 }] },
}

describe('invoices summary report', () => {
  it('shows each month and country with its currencies joined by commas, totals, documents and the credit notes', async () => {
    act(() => sessionStore.signIn(sessionUser('finance', ['finance'])))
    server.answers['GET /api/reports/invoices?dateFrom=2026-01-01&dateTo=2026-11-30'] = {
      status: 200,
      body: report,
    }
    renderAt('/reports/invoices?from=2026-01-01&to=2026-11-30')
    const cell = await screen.findByText('11/2026')
    const row = cell.closest('tr') as HTMLElement
    expect(within(row).getByText('Slovakia')).toBeTruthy()
    expect(within(row).getByText('EUR, CZK')).toBeTruthy()
    expect(row.textContent).toContain('123.00')
    expect(within(row).getByRole('link', { name: 'FVSL2026000001' }).getAttribute('href')).toBe(
      `/invoices/${invoiceId}`,
    )
    expect(row.textContent).toContain('and 4 more')
    expect(screen.getByText('2 credit notes in the period')).toBeTruthy()
    expect(
      await screen.findByRole('img', { name: /Bar chart of invoice totals with VAT by month in EUR/ }),
    ).toBeTruthy()
  })

  it('says when the period has no invoice', async () => {
    act(() => sessionStore.signIn(sessionUser('eshop1', ['client'])))
    const from = dayjs().subtract(11, 'month').startOf('month').format('YYYY-MM-DD')
    server.answers[`GET /api/reports/invoices?dateFrom=${from}&dateTo=${dayjs().format('YYYY-MM-DD')}`] = {
      status: 200,
      body: { list: [], total: 0, creditNotes: { count: 0, totals: [] } },
    }
    renderAt('/reports/invoices')
    expect(await screen.findByText('No invoices found')).toBeTruthy()
  })
})
