import type { LabelState, LabelStatus, PackingLine, PackingSession } from '@expedo/domain'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import * as downloads from '@/components/download-file'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'

installFakeServer()

const orderId = '0190a0a0-0000-7000-8000-0000000000d1'
const productId = '0190a0a0-0000-7000-8000-0000000000e1'

const mug: PackingLine = {
  sku: 'MUG-1',
  barcode: '8594000000017',
  product: { _id: productId, name: 'Hrnek zahradní', photo: null },
  quantity: 2,
  packed: 0,
}
const tea: PackingLine = { sku: 'TEA-7', barcode: '', product: null, quantity: 1, packed: 0 }

/** The order at the station as the API answers it; tests name what differs. */
function session(lines: PackingLine[], order: Partial<PackingSession['order']> = {}): PackingSession {
  return {
    order: {
      _id: orderId,
      internalNumericId: 1001,
      code: 'O-1001',
      clientOrderNr: 'ZR-1001',
      businessclient: 'Zahradní ráj s.r.o.',
      status: 'Product Picking',
      warehouse: { _id: '0190a0a0-0000-7000-8000-0000000000f1', name: 'Praha Hostivař' },
      courier: { _id: '0190a0a0-0000-7000-8000-0000000000c2', name: 'Packeta' },
      instructions: 'Fragile: wrap the mugs in paper',
      weight: null,
      parcels: null,
      packedAt: null,
      packedBy: null,
      ...order,
    },
    lines,
    packer: 'operator',
    complete: lines.every((l) => l.packed === l.quantity),
  }
}

const signIn = () => act(() => sessionStore.signIn(sessionUser('operator', ['operator'])))
const detailUrl = `/api/packing/${orderId}`
const calls = (method: string, url: string) =>
  server.requests.filter((r) => r.method === method && r.url === url)

/** A hardware scanner: a burst of keys and Enter, outside any field. */
function scanBurst(text: string) {
  for (const key of [...text, 'Enter']) fireEvent.keyDown(document.body, { key })
}
const feedback = () => screen.getByTestId('packing-feedback')

describe('packing station', () => {
  it('opens the order scanned from its slip: its id goes into the URL, its header, instructions and lines show', async () => {
    signIn()
    server.answers['POST /api/packing/open'] = { status: 200, body: session([mug, tea]) }
    const router = renderAt('/warehouse/packing')
    const field = await screen.findByRole('textbox', { name: 'Scan or type a code' })
    expect(screen.getByText("Scan the order's packing slip or its tote.")).toBeTruthy()
    fireEvent.change(field, { target: { value: 'O-1001' } })
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', keyCode: 13 })

    await screen.findByRole('heading', { name: 'Packing O-1001' })
    expect(calls('POST', '/api/packing/open').map((r) => r.body)).toEqual([{ code: 'O-1001' }])
    expect(router.state.location.search).toBe(`?order=${orderId}`)
    const header = screen.getByTestId('packing-order')
    for (const text of ['ZR-1001', 'Zahradní ráj s.r.o.', 'Packeta', 'Praha Hostivař'])
      expect(within(header).getByText(text)).toBeTruthy()
    expect(within(screen.getByTestId('packing-instructions')).getByText(/wrap the mugs/)).toBeTruthy()
    const lines = screen.getAllByTestId('packing-line')
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/Hrnek zahradní.*SKU MUG-1.*Barcode 8594000000017.*0 \/ 2/),
      expect.stringMatching(/TEA-7.*No barcode.*0 \/ 1/),
    ])
    expect(feedback().dataset.kind).toBe('ok')
  })

  it('refuses a code that is neither an order nor a tote without asking the server', async () => {
    signIn()
    renderAt('/warehouse/packing')
    await screen.findByRole('textbox', { name: 'Scan or type a code' })
    scanBurst('HELLO-WORLD')
    expect(feedback().textContent).toBe("That is not an order's or a tote's code.")
    expect(feedback().dataset.kind).toBe('error')
    expect(calls('POST', '/api/packing/open')).toEqual([])
  })

  it('shows the 409 of an order another packer holds, naming the packer, and stays without an order', async () => {
    signIn()
    server.answers['POST /api/packing/open'] = {
      status: 409,
      body: { statusCode: 409, code: 'CONFLICT', error: 'Conflict', message: 'jana is packing this order' },
    }
    const router = renderAt('/warehouse/packing')
    await screen.findByRole('textbox', { name: 'Scan or type a code' })
    scanBurst('O-1001')
    await waitFor(() => expect(feedback().textContent).toBe('jana is packing this order.'))
    expect(feedback().dataset.kind).toBe('error')
    expect(router.state.location.search).toBe('')
  })

  it('resumes the order of the URL and refuses a wrong item and one too many at once, without a call', async () => {
    signIn()
    server.answers[`GET ${detailUrl}`] = { status: 200, body: session([{ ...mug, packed: 2 }, tea]) }
    renderAt(`/warehouse/packing?order=${orderId}`)
    await screen.findByRole('heading', { name: 'Packing O-1001' })

    scanBurst('4006381333931')
    expect(feedback().textContent).toBe('Wrong item: 4006381333931 is not in this order.')
    expect(feedback().dataset.kind).toBe('error')
    scanBurst('8594000000017')
    expect(feedback().textContent).toBe('One too many: the order takes only 2 × MUG-1.')
    expect(calls('POST', `${detailUrl}/scan`)).toEqual([])
    expect(screen.getAllByTestId('packing-line')[0]!.textContent).toMatch(/2 \/ 2/)
  })

  it('counts a right item into its line at once and sends it; the last one completes the order and asks for the weight', async () => {
    signIn()
    server.answers[`GET ${detailUrl}`] = { status: 200, body: session([{ ...mug, packed: 1 }, tea]) }
    renderAt(`/warehouse/packing?order=${orderId}`)
    await screen.findByRole('heading', { name: 'Packing O-1001' })

    server.answers[`POST ${detailUrl}/scan`] = {
      status: 200,
      body: { line: 0, session: session([{ ...mug, packed: 2 }, tea]) },
    }
    scanBurst('8594000000017')
    expect(feedback().textContent).toBe('MUG-1: 2 of 2.')
    expect(screen.getAllByTestId('packing-line')[0]!.dataset.last).toBe('true')
    await waitFor(() => expect(calls('POST', `${detailUrl}/scan`).length).toBe(1))
    expect(screen.queryByRole('spinbutton', { name: 'Weight (g)' })).toBeNull()

    server.answers[`POST ${detailUrl}/scan`] = {
      status: 200,
      body: {
        line: 1,
        session: session([
          { ...mug, packed: 2 },
          { ...tea, packed: 1 },
        ]),
      },
    }
    scanBurst('tea-7')
    expect(feedback().textContent).toBe('All items are in the box: weigh it.')
    const weight = await screen.findByRole('spinbutton', { name: 'Weight (g)' })
    expect(document.activeElement).toBe(weight)
    expect(calls('POST', `${detailUrl}/scan`).map((r) => r.body)).toEqual([
      { code: '8594000000017' },
      { code: 'tea-7' },
    ])
    expect((screen.getByRole('spinbutton', { name: 'Parcels' }) as HTMLInputElement).value).toBe('1')
    expect(screen.getByRole('button', { name: /Packed/ }).hasAttribute('disabled')).toBe(true)
  })

  it('shows a refusal of the server in red and takes the count back from the server', async () => {
    signIn()
    server.answers[`GET ${detailUrl}`] = { status: 200, body: session([mug, tea]) }
    renderAt(`/warehouse/packing?order=${orderId}`)
    await screen.findByRole('heading', { name: 'Packing O-1001' })
    server.answers[`POST ${detailUrl}/scan`] = {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        error: 'Bad Request',
        message: 'code: one too many: the order takes 2',
        details: { code: 'one too many: the order takes 2' },
      },
    }
    scanBurst('MUG-1')
    await waitFor(() =>
      expect(feedback().textContent).toBe('The server refused it: one too many, the order takes 2.'),
    )
    expect(feedback().dataset.kind).toBe('error')
    await waitFor(() => expect(calls('GET', detailUrl).length).toBe(2))
  })

  it("takes a scale's burst as the weight once all is in the box, then Packed shows the done state and prints the slip", async () => {
    signIn()
    const full = [
      { ...mug, packed: 2 },
      { ...tea, packed: 1 },
    ]
    server.answers[`GET ${detailUrl}`] = { status: 200, body: session(full) }
    renderAt(`/warehouse/packing?order=${orderId}`)
    const weight = (await screen.findByRole('spinbutton', { name: 'Weight (g)' })) as HTMLInputElement

    // The scale typed while the focus was elsewhere: its digits are the weight, not an item.
    act(() => weight.blur())
    scanBurst('1250')
    await waitFor(() => expect(weight.value).toBe('1250'))
    expect(calls('POST', `${detailUrl}/scan`)).toEqual([])
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Parcels' }), { target: { value: '2' } })

    server.answers[`POST ${detailUrl}/packed`] = {
      status: 200,
      body: session(full, {
        status: 'Packed',
        weight: 1250,
        parcels: 2,
        packedAt: '2026-11-29T20:00:00.000Z',
        packedBy: 'operator',
      }),
    }
    fireEvent.click(screen.getByRole('button', { name: 'Packed' }))
    await screen.findByText('Order O-1001 is packed', { selector: '.ant-result-title' })
    expect(calls('POST', `${detailUrl}/packed`).map((r) => r.body)).toEqual([{ weight: 1250, parcels: 2 }])
    expect(screen.getByText('1250 g in 2 parcels')).toBeTruthy()

    const saved = vi.spyOn(downloads, 'downloadFile').mockImplementation(() => {})
    server.answers[`GET ${detailUrl}/slip`] = { status: 200, body: '%PDF-1.7' }
    fireEvent.click(screen.getByRole('button', { name: /Print packing slip/ }))
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1))
    expect(saved.mock.calls[0]![1]).toBe('packing-slip-O-1001.pdf')
    saved.mockRestore()
  })

  it('Next order clears the URL and asks for the next slip', async () => {
    signIn()
    server.answers[`GET ${detailUrl}`] = {
      status: 200,
      body: session(
        [
          { ...mug, packed: 2 },
          { ...tea, packed: 1 },
        ],
        {
          status: 'Packed',
          weight: 900,
          parcels: 1,
          packedAt: '2026-11-29T20:00:00.000Z',
          packedBy: 'operator',
        },
      ),
    }
    const router = renderAt(`/warehouse/packing?order=${orderId}`)
    fireEvent.click(await screen.findByRole('button', { name: 'Next order' }))
    await screen.findByText("Scan the order's packing slip or its tote.")
    expect(router.state.location.search).toBe('')
  })

  it('Start again asks first, then resets; Put down leaves the order and clears the URL', async () => {
    signIn()
    server.answers[`GET ${detailUrl}`] = { status: 200, body: session([{ ...mug, packed: 1 }, tea]) }
    const router = renderAt(`/warehouse/packing?order=${orderId}`)
    await screen.findByRole('heading', { name: 'Packing O-1001' })

    server.answers[`POST ${detailUrl}/reset`] = { status: 200, body: session([mug, tea]) }
    fireEvent.click(screen.getByRole('button', { name: 'Start again' }))
    expect(calls('POST', `${detailUrl}/reset`)).toEqual([])
    const confirm = await screen.findByRole('tooltip')
    fireEvent.click(within(confirm).getByRole('button', { name: 'Start again' }))
    await waitFor(() => expect(feedback().textContent).toBe('Started again: every line is back to 0.'))
    expect(screen.getAllByTestId('packing-line')[0]!.textContent).toMatch(/0 \/ 2/)

    server.answers[`POST ${detailUrl}/leave`] = {
      status: 200,
      body: session([mug, tea], { status: 'Product Picking' }),
    }
    fireEvent.click(screen.getByRole('button', { name: 'Put down' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(feedback().textContent).toBe('Order O-1001 was put down; another packer may take it.')
  })

  describe('the label after Packed', () => {
    const packedSession = () =>
      session(
        [
          { ...mug, packed: 2 },
          { ...tea, packed: 1 },
        ],
        {
          status: 'Packed',
          weight: 900,
          parcels: 1,
          packedAt: '2026-11-29T20:00:00.000Z',
          packedBy: 'operator',
        },
      )
    const labelUrl = `/api/orders/${orderId}/label`
    const label = (status: LabelStatus, overrides: Partial<LabelState> = {}): LabelState => ({
      status,
      courier: 'Zásilkovna',
      trackingId: status === 'created' ? 'Z4100000001' : '',
      trackingUrl: '',
      awbPdf: status === 'created' ? '/files/labels/awb-4100000001.pdf?sig=abc' : '',
      error: null,
      attempts: 1,
      updatedAt: '2026-11-29T20:00:01.000Z',
      tracking: null,
      ...overrides,
    })

    it('shows "Creating the label…" while the courier makes it, then Print label beside the slip, which downloads the AWB PDF', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true })
      try {
        signIn()
        server.answers[`GET ${detailUrl}`] = { status: 200, body: packedSession() }
        server.answers[`GET ${labelUrl}`] = { status: 200, body: label('requested') }
        renderAt(`/warehouse/packing?order=${orderId}`)
        const progress = await screen.findByTestId('packing-label')
        expect(progress.textContent).toContain('Creating the label…')
        expect(screen.getByRole('button', { name: /Print packing slip/ })).toBeTruthy()
        expect(screen.queryByRole('button', { name: /Print label/ })).toBeNull()

        server.answers[`GET ${labelUrl}`] = { status: 200, body: label('created') }
        await act(() => vi.advanceTimersByTimeAsync(2000))
        const print = await screen.findByRole('button', { name: /Print label/ })
        expect(screen.queryByTestId('packing-label')).toBeNull()
        expect(calls('GET', labelUrl).length).toBeGreaterThanOrEqual(2)

        const saved = vi.spyOn(downloads, 'downloadFile').mockImplementation(() => {})
        server.answers['GET /files/labels/awb-4100000001.pdf?sig=abc'] = { status: 200, body: '%PDF-1.7' }
        fireEvent.click(print)
        await waitFor(() => expect(saved).toHaveBeenCalledTimes(1))
        expect(saved.mock.calls[0]![1]).toBe('AWB-Z4100000001.pdf')
        saved.mockRestore()
      } finally {
        vi.useRealTimers()
      }
    })

    it("shows the courier's refusal with Retry label, which asks for the label again", async () => {
      signIn()
      server.answers[`GET ${detailUrl}`] = { status: 200, body: packedSession() }
      server.answers[`GET ${labelUrl}`] = {
        status: 200,
        body: label('failed', { error: 'Invalid packet attributes: zip: Invalid ZIP code.' }),
      }
      renderAt(`/warehouse/packing?order=${orderId}`)
      const progress = await screen.findByTestId('packing-label')
      expect(within(progress).getByText('The label could not be created')).toBeTruthy()
      expect(within(progress).getByText('Invalid packet attributes: zip: Invalid ZIP code.')).toBeTruthy()
      expect(screen.queryByRole('button', { name: /Print label/ })).toBeNull()

      server.answers[`POST ${labelUrl}`] = { status: 202, body: label('requested', { attempts: 2 }) }
      fireEvent.click(within(progress).getByRole('button', { name: /Retry label/ }))
      await screen.findByText('Creating the label…')
      expect(calls('POST', labelUrl)).toHaveLength(1)
    })

    it('a label in doubt is retried only after the packer confirms it is not in the courier portal', async () => {
      signIn()
      server.answers[`GET ${detailUrl}`] = { status: 200, body: packedSession() }
      server.answers[`GET ${labelUrl}`] = { status: 200, body: label('inDoubt') }
      renderAt(`/warehouse/packing?order=${orderId}`)
      const progress = await screen.findByTestId('packing-label')
      expect(
        within(progress).getByText(
          'The courier may have created the label already: check its portal before you retry.',
        ),
      ).toBeTruthy()
      server.answers[`POST ${labelUrl}`] = { status: 202, body: label('requested', { attempts: 2 }) }
      fireEvent.click(within(progress).getByRole('button', { name: /Retry label/ }))
      const confirm = await screen.findByRole('tooltip')
      expect(calls('POST', labelUrl)).toEqual([])
      fireEvent.click(within(confirm).getByRole('button', { name: 'It is not there: retry' }))
      await screen.findByText('Creating the label…')
      expect(calls('POST', labelUrl)).toHaveLength(1)
    })
  })
})
