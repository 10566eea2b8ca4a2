import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'
import { bill, billId, signedInAs, unlocked } from './bill-test-fixtures'

installFakeServer()

const listUrl = (extra = '', size = 10, page = 1) =>
  `GET /api/bills?${extra}itemsPerPage=${size}&page=${page}`
const requested = () => server.requests.map((r) => r.url)

describe('bills list', () => {
  it('links the PDF of a locked bill only; an unlocked one says pending; statuses are coloured', async () => {
    signedInAs('client')
    const overdue = bill({
      _id: '0190a0a0-0000-7000-8000-0000000000b9',
      sequenceNumber: 'VFCZ2026000003',
      status: 'notpaid-overdue',
    })
    server.answers[listUrl()] = {
      status: 200,
      body: {
        list: [bill(), overdue, { ...unlocked(), _id: '0190a0a0-0000-7000-8000-0000000000b8' }],
        total: 3,
      },
    }
    renderAt('/billing/bills')
    const link = await screen.findByRole('link', { name: 'VFCZ2026000012' })
    const tr = link.closest('tr') as HTMLElement
    expect(within(tr).getByRole('link', { name: 'PDF' }).getAttribute('href')).toBe(`/bill/${billId}`)
    expect(within(tr).getByText('Not paid - In due').closest('.ant-tag')?.className).toContain('gold')
    expect(screen.getByText('Not paid- Over due').closest('.ant-tag')?.className).toContain('red')
    const pendingRow = screen.getAllByText('Pending for Approval')[0]!.closest('tr') as HTMLElement
    expect(within(pendingRow).queryByRole('link', { name: 'PDF' })).toBeNull()
    expect(within(pendingRow).getByText('pending')).toBeTruthy()
    expect(tr.textContent).toContain('958.32')
    // The issuing deadline is finance's.
    expect(screen.queryByRole('columnheader', { name: 'Issue by' })).toBeNull()
    // Three of ten: no pager.
    expect(screen.queryByRole('navigation', { name: /pag/i })).toBeNull()
  })

  it('shows an unlocked bill’s issuing deadline: in time plain, near orange, passed in red; none once locked', async () => {
    signedInAs('finance')
    const day = (days: number) => dayjs().add(days, 'day').format('YYYY-MM-DD')
    const pending = (n: number, issueBy: string) => ({
      ...unlocked(),
      _id: `0190a0a0-0000-7000-8000-00000000000${n}`,
      issueBy,
    })
    server.answers[listUrl()] = {
      status: 200,
      body: {
        list: [pending(1, day(10)), pending(2, day(2)), pending(3, day(-1)), bill({ issueBy: day(-20) })],
        total: 4,
      },
    }
    renderAt('/billing/bills')
    const shown = (days: number) => dayjs().add(days, 'day').format('DD.MM.YYYY')
    const later = await screen.findByText(`Issue by ${shown(10)}`)
    expect(later.closest('.ant-tag')?.className).not.toMatch(/orange|red/)
    expect(screen.getByText(`Issue by ${shown(2)}`).closest('.ant-tag')?.className).toContain('orange')
    expect(screen.getByText(`Overdue: issue by ${shown(-1)}`).closest('.ant-tag')?.className).toContain('red')
    expect(screen.getByRole('columnheader', { name: 'Issue by' })).toBeTruthy()
    const lockedRow = screen.getByRole('link', { name: 'VFCZ2026000012' }).closest('tr') as HTMLElement
    expect(lockedRow.textContent).not.toContain('Issue by')
    expect(lockedRow.textContent).not.toContain('Overdue')
  })

  it('says in the reader’s language whose services the run left unbilled, and why', async () => {
    act(() => sessionStore.signIn(sessionUser('money', ['finance'], null, 'CZ')))
    server.answers[listUrl()] = { status: 200, body: { list: [], total: 0 } }
    server.answers['POST /api/bills/run'] = {
      status: 200,
      body: {
        bills: [],
        services: 0,
        skipped: [
          {
            country: 'Czech',
            services: 3,
            businessclient: { _id: '0190a0a0-0000-7000-8000-0000000000e1', name: 'Kyiv Shop' },
            reason: 'services-outside-eu',
            reasonCountry: 'Ukraine',
            message: 'The business client is established outside the EU (Ukraine): …',
          },
          {
            country: 'Hungary',
            services: 2,
            businessclient: { _id: '0190a0a0-0000-7000-8000-0000000000e2', name: 'Budapest Shop' },
            reason: 'no-issuer',
            reasonCountry: 'Hungary',
            message: 'There is no issuer in Hungary: add one, then run again',
          },
        ],
      },
    }
    renderAt('/billing/bills')
    fireEvent.click(await screen.findByRole('button', { name: 'Vystavit vyúčtování' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vystavit vyúčtování' }))
    expect(await within(dialog).findByText('Nevyúčtované služby')).toBeTruthy()
    expect(
      within(dialog).getByText(
        'Kyiv Shop (Česko), služby: 3 – klient sídlí mimo EU (Ukrajina): pravidla DPH jeho vyúčtování nepokrývají',
      ),
    ).toBeTruthy()
    expect(
      within(dialog).getByText(
        'Budapest Shop (Maďarsko), služby: 2 – v zemi Maďarsko není žádný vystavovatel: přidejte ho a spusťte znovu',
      ),
    ).toBeTruthy()
    expect(dialog.textContent).not.toMatch(/outside the EU|no issuer/)
    // Closed (the footer button; the × says the same) and run again: the month asked afresh.
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Zavřít' }).at(-1)!)
    fireEvent.click(screen.getByRole('button', { name: 'Vystavit vyúčtování' }))
    const again = await screen.findByRole('dialog')
    await waitFor(() => expect(within(again).queryByText('Nevyúčtované služby')).toBeNull())
    expect(within(again).getByLabelText('Měsíc k vyúčtování')).toBeTruthy()
  })

  it('sends the status of the URL, and a new status goes back to page 1', async () => {
    signedInAs('client')
    server.answers[listUrl('status=paid&', 10, 2)] = { status: 200, body: { list: [], total: 11 } }
    server.answers[listUrl('status=notpaid-overdue&')] = { status: 200, body: { list: [], total: 0 } }
    renderAt('/billing/bills?status=paid&page=2')
    await waitFor(() => expect(requested()).toContain('/api/bills?status=paid&itemsPerPage=10&page=2'))
    const select = await screen.findByRole('combobox', { name: 'Status' })
    fireEvent.mouseDown(select)
    fireEvent.click(await screen.findByTitle('Not paid- Over due'))
    await waitFor(() =>
      expect(requested()).toContain('/api/bills?status=notpaid-overdue&itemsPerPage=10&page=1'),
    )
    expect(await screen.findByText('No Bills Found')).toBeTruthy()
  })
})
