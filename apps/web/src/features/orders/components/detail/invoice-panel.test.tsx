import { act, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { notificationsStore } from '@/lib/notifications'
import { anOrder, aShoptetInvoice, orderId } from './detail-test-fixtures'
import { InvoicePanel, type InvoicePanelProps } from './invoice-panel'

const invoice = {
  _id: '01a20ab8-0000-7000-8000-000000000001',
  sequenceNumber: null,
  creditNote: null,
  currency: 'CZK',
  NETTO_total: 331.82,
  VAT_total: 69.68,
  BRUTTO_total: 401.5,
}

afterEach(() => notificationsStore.clear())

function renderPanel(props: Partial<InvoicePanelProps> = {}) {
  const handlers = { onToggle: vi.fn(async () => {}), onGenerate: vi.fn(async () => {}) }
  render(
    <MemoryRouter>
      <InvoicePanel order={anOrder()} canToggle canGenerate {...handlers} {...props} />
    </MemoryRouter>,
  )
  return handlers
}

describe('invoice panel', () => {
  it('without an invoice: says so, generates one at once, and saves the generate-invoice switch', async () => {
    const { onGenerate, onToggle } = renderPanel()
    expect(screen.getByText('No invoice yet')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate New Invoice' })))
    expect(onGenerate).toHaveBeenCalledTimes(1)
    // The user is told what came out and what is next (it used to change only the number, silently).
    expect(notificationsStore.get().map((n) => [n.type, n.message])).toContainEqual([
      'success',
      'The draft invoice is ready: open it to check it and issue it.',
    ])
    await act(async () => fireEvent.click(screen.getByRole('switch', { name: 'Generate invoice' })))
    expect(onToggle).toHaveBeenCalledWith(true)
  })

  it('a draft shows DRAFT, its totals and links; generating again asks first', async () => {
    const { onGenerate } = renderPanel({ order: anOrder({ invoice }) })
    expect(screen.getByText('DRAFT').closest('a')?.getAttribute('href')).toBe(`/invoices/${invoice._id}`)
    expect(screen.getByRole('link', { name: 'PDF of invoice DRAFT' }).getAttribute('href')).toBe(
      `/invoices/${invoice._id}/pdf`,
    )
    expect(screen.getByText(/401\.50/).textContent).toContain('CZK')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate New Invoice' })))
    expect(onGenerate).not.toHaveBeenCalled()
    const yes = await screen.findByRole('button', { name: 'Yes' })
    await act(async () => fireEvent.click(yes))
    expect(onGenerate).toHaveBeenCalledTimes(1)
  })

  it('an issued invoice shows its number and its credit note; a refusal is shown in the panel', async () => {
    const issued = {
      ...invoice,
      sequenceNumber: 'FVCZ2026000001',
      creditNote: { _id: invoice._id, sequenceNumber: 'DNCZ2026000001' },
    }
    const onGenerate = vi.fn(async () => {
      throw new Error('The order’s invoice is issued')
    })
    renderPanel({ order: anOrder({ invoice: issued }), onGenerate })
    expect(screen.getByRole('link', { name: 'DNCZ2026000001' }).getAttribute('href')).toBe(
      `/creditnote/${invoice._id}`,
    )
    expect(screen.getByText('FVCZ2026000001')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate New Invoice' })))
    const yes = await screen.findByRole('button', { name: 'Yes' })
    await act(async () => fireEvent.click(yes))
    expect(onGenerate).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('alert').textContent).not.toBe('')
    expect(notificationsStore.get().filter((n) => n.type === 'success')).toEqual([])
  })

  it('without the rights the switch and the button are disabled', () => {
    renderPanel({ canToggle: false, canGenerate: false })
    expect((screen.getByRole('switch', { name: 'Generate invoice' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    expect(screen.queryByRole('button', { name: 'Generate New Invoice' })).toBeNull()
  })

  describe('an order Shoptet invoices', () => {
    it('shows Shoptet’s invoice with its PDF, and neither the switch nor Generate New Invoice', () => {
      renderPanel({ order: anOrder({ invoicing: 'shoptet', shoptetInvoice: aShoptetInvoice }) })
      expect(screen.getByText('Invoiced by Shoptet')).toBeTruthy()
      expect(screen.getByText('Shoptet issues this order’s invoice; Expedo issues none.')).toBeTruthy()
      expect(screen.getByText('2026000042')).toBeTruthy()
      expect(screen.getByText(/796\.00/).textContent).toContain('CZK')
      expect(screen.getByText('04-12-2026')).toBeTruthy()
      expect(screen.getByText('Paid')).toBeTruthy()
      expect(
        screen.getByRole('link', { name: 'PDF of Shoptet invoice 2026000042' }).getAttribute('href'),
      ).toBe(`/orders/${orderId}/shoptet-invoice`)
      expect(screen.queryByText('Cancelled')).toBeNull()
      expect(screen.queryByRole('switch')).toBeNull()
      expect(screen.queryByRole('button', { name: 'Generate New Invoice' })).toBeNull()
      expect(screen.queryByText('No invoice yet')).toBeNull()
    })

    it('before Shoptet issues one: says so, with nothing to generate', () => {
      renderPanel({ order: anOrder({ invoicing: 'shoptet', shoptetInvoice: null }) })
      expect(screen.getByText('Shoptet has not issued an invoice for this order yet.')).toBeTruthy()
      expect(screen.queryByRole('switch')).toBeNull()
      expect(screen.queryByRole('button', { name: 'Generate New Invoice' })).toBeNull()
      expect(screen.queryByRole('link', { name: /PDF/ })).toBeNull()
    })

    it('a cancelled, unpaid invoice is marked Cancelled and Not paid', () => {
      const cancelled = { ...aShoptetInvoice, isValid: false, paid: false }
      renderPanel({ order: anOrder({ invoicing: 'shoptet', shoptetInvoice: cancelled }) })
      expect(screen.getByText('Cancelled')).toBeTruthy()
      expect(screen.getByText('Not paid')).toBeTruthy()
      expect(screen.getByText('2026000042')).toBeTruthy()
    })

    it('still links an Expedo invoice issued before the shop switched to Shoptet invoices', () => {
      const issued = { ...invoice, sequenceNumber: 'FVCZ2026000007' }
      renderPanel({
        order: anOrder({ invoicing: 'shoptet', shoptetInvoice: aShoptetInvoice, invoice: issued }),
      })
      expect(screen.getByRole('link', { name: 'FVCZ2026000007' }).getAttribute('href')).toBe(
        `/invoices/${invoice._id}`,
      )
      expect(screen.getByText('2026000042')).toBeTruthy()
    })

    it('a payment state Shoptet does not know is shown as Unknown', () => {
      renderPanel({
        order: anOrder({ invoicing: 'shoptet', shoptetInvoice: { ...aShoptetInvoice, paid: null } }),
      })
      expect(screen.getByText('Unknown')).toBeTruthy()
    })
  })
})
