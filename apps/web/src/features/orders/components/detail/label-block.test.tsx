import type { LabelState, LabelStatus } from '@expedo/domain'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as downloads from '@/components/download-file'
import { sessionStore } from '@/lib/session'
import { anOrder, fakeApi, json, orderId, renderSignedIn, token } from './detail-test-fixtures'
import { ShippingPanel } from './shipping-panel'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  sessionStore.signOut()
})

const labelUrl = `/api/orders/${orderId}/label`
const trackingUrl = `/api/orders/${orderId}/tracking`

/** The label as GET /orders/{id}/label answers it; tests name what differs. */
function aLabel(status: LabelStatus, overrides: Partial<LabelState> = {}): LabelState {
  const made = status === 'created'
  return {
    status,
    courier: 'Zásilkovna',
    trackingId: made ? 'Z4100000001' : '',
    trackingUrl: made ? 'https://tracking.packeta.com/cs/?id=Z4100000001' : '',
    awbPdf: made ? '/files/labels/awb-4100000001.pdf?sig=abc' : '',
    error: null,
    attempts: made ? 1 : 0,
    updatedAt: '2026-11-29T20:00:00.000Z',
    tracking: null,
    ...overrides,
  }
}

function renderPanel(
  roles: ('operator' | 'client')[],
  status: 'Packed' | 'Shipping' | 'Product Picking' = 'Packed',
) {
  return renderSignedIn(
    roles,
    <ShippingPanel
      order={anOrder({ status })}
      canEditDetails={false}
      canChangeCourier={false}
      canChangeWarehouse={false}
      onSave={vi.fn()}
    />,
  )
}
const block = () => screen.findByTestId('label-block')

describe('shipping panel: the courier label', () => {
  it.each([
    ['none', 'No label', 'No label has been created yet.'],
    ['unsupported', 'No label API', 'Zásilkovna has no label API here: type the tracking number above.'],
    ['requested', 'Creating label', 'The courier is creating the label…'],
    ['failed', 'Label failed', 'Address not found.'],
    ['inDoubt', 'Label in doubt', 'Zásilkovna may have created this label, but its answer was lost.'],
  ] as const)('shows the %s state as a tag in words and says what it means', async (status, tag, text) => {
    fakeApi({ [`GET ${labelUrl}`]: () => json(200, aLabel(status, { error: 'Address not found.' })) })
    renderPanel(['client'])
    const found = await block()
    expect(found.dataset.status).toBe(status)
    expect(within(found).getByText(tag, { selector: '.ant-tag' })).toBeTruthy()
    expect(within(found).getByText(text)).toBeTruthy()
    // A client sees the label, never its buttons.
    expect(within(found).queryByRole('button')).toBeNull()
  })

  it('shows a created label: tracking id, AWB PDF that downloads, tracking link and the parcel’s last state', async () => {
    const created = aLabel('created', {
      tracking: {
        state: 'inTransit',
        courierText: 'The packet is on the way.',
        at: '2026-11-29T19:30:00.000Z',
        checkedAt: '2026-11-29T20:00:00.000Z',
      },
    })
    const requests = fakeApi({
      [`GET ${labelUrl}`]: () => json(200, created),
      [`GET ${created.awbPdf}`]: () => new Response('%PDF-1.7', { status: 200 }),
    })
    renderPanel(['operator'], 'Shipping')
    const found = await block()
    expect(within(found).getByText('Label created', { selector: '.ant-tag' })).toBeTruthy()
    expect(within(found).getByTestId('label-tracking-id').textContent).toContain('Z4100000001')
    expect(within(found).getByRole('link', { name: 'Track the parcel' }).getAttribute('href')).toBe(
      created.trackingUrl,
    )
    const last = within(found).getByTestId('label-tracking')
    expect(last.textContent).toMatch(/In transit · The packet is on the way\./)
    expect(last.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-29T19:30:00.000Z')

    const saved = vi.spyOn(downloads, 'downloadFile').mockImplementation(() => {})
    fireEvent.click(within(found).getByRole('button', { name: /AWB PDF/ }))
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1))
    expect(saved.mock.calls[0]![1]).toBe('AWB-Z4100000001.pdf')
    expect(requests.map((r) => r.key)).toContain(`GET ${created.awbPdf}`)
  })

  it('asks again every 2 s while the label is requested, and stops once it is created', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const answers = [aLabel('requested'), aLabel('requested'), aLabel('created')]
    const requests = fakeApi({ [`GET ${labelUrl}`]: () => json(200, answers.shift() ?? aLabel('created')) })
    const asked = () => requests.filter((r) => r.key === `GET ${labelUrl}`).length
    renderPanel(['operator'])
    expect((await block()).dataset.status).toBe('requested')
    expect(asked()).toBe(1)
    await act(() => vi.advanceTimersByTimeAsync(2000))
    await waitFor(() => expect(asked()).toBe(2))
    await act(() => vi.advanceTimersByTimeAsync(2000))
    await waitFor(() => expect(screen.getByTestId('label-block').dataset.status).toBe('created'))
    expect(asked()).toBe(3)
    await act(() => vi.advanceTimersByTimeAsync(6000))
    expect(asked()).toBe(3)
  })

  it('Retry label of a failed label asks for a new one and shows it being created', async () => {
    const requests = fakeApi({
      [`GET ${labelUrl}`]: () => json(200, aLabel('failed', { error: 'Courier unreachable (timeout).' })),
      [`POST ${labelUrl}`]: () => json(202, aLabel('requested', { attempts: 2 })),
    })
    renderPanel(['operator'])
    const found = await block()
    expect(within(found).getByText('Courier unreachable (timeout).')).toBeTruthy()
    fireEvent.click(within(found).getByRole('button', { name: /Retry label/ }))
    await waitFor(() => expect(screen.getByTestId('label-block').dataset.status).toBe('requested'))
    expect(requests.filter((r) => r.key === `POST ${labelUrl}`)).toHaveLength(1)
  })

  it('Retry label of a label in doubt first says to check the courier’s portal, and retries only when confirmed', async () => {
    const requests = fakeApi({
      [`GET ${labelUrl}`]: () => json(200, aLabel('inDoubt', { error: 'The answer was lost after 10 s.' })),
      [`POST ${labelUrl}`]: () => json(202, aLabel('requested', { attempts: 2 })),
    })
    renderPanel(['operator'])
    const found = await block()
    fireEvent.click(within(found).getByRole('button', { name: /Retry label/ }))
    const confirm = await screen.findByRole('tooltip')
    expect(within(confirm).getByText("Check the courier's portal first")).toBeTruthy()
    expect(within(confirm).getByText(/may already exist in Zásilkovna's portal/)).toBeTruthy()
    expect(requests.filter((r) => r.key === `POST ${labelUrl}`)).toHaveLength(0)
    fireEvent.click(within(confirm).getByRole('button', { name: 'It is not there: retry' }))
    await waitFor(() => expect(requests.filter((r) => r.key === `POST ${labelUrl}`)).toHaveLength(1))
    await waitFor(() => expect(screen.getByTestId('label-block').dataset.status).toBe('requested'))
  })

  it('Refresh tracking asks the courier now and shows the parcel’s new state', async () => {
    const delivered = aLabel('created', {
      tracking: {
        state: 'delivered',
        courierText: 'The packet has been delivered.',
        at: '2026-11-30T09:00:00.000Z',
        checkedAt: '2026-11-30T09:05:00.000Z',
      },
    })
    const requests = fakeApi({
      [`GET ${labelUrl}`]: () => json(200, aLabel('created')),
      [`POST ${trackingUrl}`]: () => json(200, { status: 'Delivered', label: delivered }),
    })
    renderPanel(['operator'], 'Shipping')
    const found = await block()
    expect(within(found).getByText('No news from the courier yet.')).toBeTruthy()
    fireEvent.click(within(found).getByRole('button', { name: /Refresh tracking/ }))
    await waitFor(() =>
      expect(within(found).getByTestId('label-tracking').textContent).toMatch(/^.*Delivered/),
    )
    expect(within(found).getByText(/The packet has been delivered\./)).toBeTruthy()
    expect(requests.filter((r) => r.key === `POST ${trackingUrl}`)).toHaveLength(1)
  })

  it('Create label is offered to staff once the order is Packed; before, it is disabled and says why', async () => {
    const requests = fakeApi({
      [`GET ${labelUrl}`]: () => json(200, aLabel('none')),
      [`POST ${labelUrl}`]: () => json(202, aLabel('requested')),
    })
    const view = renderPanel(['operator'], 'Product Picking')
    const early = await block()
    expect(within(early).getByRole('button', { name: 'Create label' }).hasAttribute('disabled')).toBe(true)
    expect(within(early).getByText('The label is created once the order is Packed.')).toBeTruthy()
    view.unmount()

    renderPanel(['operator'], 'Packed')
    const packed = await block()
    expect(within(packed).queryByText('The label is created once the order is Packed.')).toBeNull()
    fireEvent.click(within(packed).getByRole('button', { name: 'Create label' }))
    await waitFor(() => expect(requests.filter((r) => r.key === `POST ${labelUrl}`)).toHaveLength(1))
  })

  it('asks for the label again when the order becomes Packed (the label is queued then)', async () => {
    const answers = [aLabel('none'), aLabel('requested')]
    const requests = fakeApi({ [`GET ${labelUrl}`]: () => json(200, answers.shift() ?? aLabel('requested')) })
    const panel = (status: 'Product Picking' | 'Packed') => (
      <ShippingPanel
        order={anOrder({ status })}
        canEditDetails={false}
        canChangeCourier={false}
        canChangeWarehouse={false}
        onSave={vi.fn()}
      />
    )
    sessionStore.signIn({ token: token(['operator']) })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const view = render(
      <QueryClientProvider client={queryClient}>{panel('Product Picking')}</QueryClientProvider>,
    )
    expect((await block()).dataset.status).toBe('none')
    view.rerender(<QueryClientProvider client={queryClient}>{panel('Packed')}</QueryClientProvider>)
    await waitFor(() => expect(screen.getByTestId('label-block').dataset.status).toBe('requested'))
    expect(requests.filter((r) => r.key === `GET ${labelUrl}`)).toHaveLength(2)
  })
})
