import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import dayjs from 'dayjs'
import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'
import { detail, handover, ids, parcel } from './handover-test-fixtures'

installFakeServer()

const signIn = () => act(() => sessionStore.signIn(sessionUser('operator', ['operator'])))
const url = `/api/handovers/${ids.handover}`
const calls = (method: string, path: string) =>
  server.requests.filter((r) => r.method === method && r.url === path)
const feedback = () => screen.getByTestId('handover-feedback')

/** A hardware scanner: a burst of keys and Enter, outside any field. */
function scanBurst(text: string) {
  for (const key of [...text, 'Enter']) fireEvent.keyDown(document.body, { key })
}

async function openPage(answer = detail()) {
  signIn()
  server.answers[`GET ${url}`] = { status: 200, body: answer }
  const router = renderAt(`/warehouse/handover/${ids.handover}`)
  await screen.findByRole('heading', { name: 'Handover H-000012' })
  return router
}

describe('a handover at the loading dock', () => {
  it('shows its header, progress and parcels, and a scanner burst anywhere scans a parcel in green', async () => {
    await openPage()
    expect(screen.getByText('Praha Hostivař')).toBeTruthy()
    expect(screen.getByText('Open')).toBeTruthy()
    expect(screen.getByRole('progressbar', { name: 'Scanned 0 of 2' })).toBeTruthy()
    const table = screen.getByRole('region', { name: 'Parcels' })
    const rows = within(table).getAllByRole('row')
    expect(rows[1]!.textContent).toMatch(
      /ZR-1001.*Zahradní ráj s\.r\.o\..*Ivan Petrov.*Sofia.*1050010000001.*1.*1\.2 kg.*80\.00 BGN.*Not scanned.*Remove/,
    )
    expect(within(rows[1]!).getByRole('link', { name: 'ZR-1001' }).getAttribute('href')).toBe(
      `/orders/${ids.order1}`,
    )

    server.answers[`POST ${url}/scan`] = {
      status: 200,
      body: {
        orderId: ids.order1,
        internalNumericId: 1001,
        trackingId: '1050010000001',
        already: false,
        scanned: 1,
        orders: 2,
      },
    }
    server.answers[`GET ${url}`] = {
      status: 200,
      body: detail({ scanned: 1 }, [
        parcel(1, { scannedAt: '2026-11-30T09:15:00.000Z', scannedBy: 'operator' }),
        parcel(2),
      ]),
    }
    scanBurst('1050010000001')
    await waitFor(() => expect(feedback().textContent).toBe('1050010000001 scanned: 1 of 2.'))
    expect(feedback().dataset.kind).toBe('ok')
    expect(calls('POST', `${url}/scan`).map((r) => r.body)).toEqual([{ code: '1050010000001' }])
    await screen.findByRole('progressbar', { name: 'Scanned 1 of 2' })
  })

  it('answers a refused scan in red with a clear message: another handover named, unknown, already scanned', async () => {
    await openPage()
    server.answers[`POST ${url}/scan`] = {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        error: 'Bad Request',
        message: 'code: order 1009 is on H-000011 (Econt)',
        details: { code: 'order 1009 is on H-000011 (Econt)' },
      },
    }
    scanBurst('1050010000009')
    await waitFor(() =>
      expect(feedback().textContent).toBe('1050010000009 is on handover H-000011, not on this one.'),
    )
    expect(feedback().dataset.kind).toBe('error')

    server.answers[`POST ${url}/scan`] = {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        error: 'Bad Request',
        message: "code: NOPE-42 is no parcel's AWB nor an order's code",
        details: { code: "NOPE-42 is no parcel's AWB nor an order's code" },
      },
    }
    const field = screen.getByRole('textbox', { name: 'Scan or type an AWB' })
    fireEvent.change(field, { target: { value: 'NOPE-42' } })
    fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', keyCode: 13 })
    await waitFor(() => expect(feedback().textContent).toBe('Unknown code NOPE-42: no parcel has it.'))

    server.answers[`POST ${url}/scan`] = {
      status: 200,
      body: {
        orderId: ids.order1,
        internalNumericId: 1001,
        trackingId: '1050010000001',
        already: true,
        scanned: 1,
        orders: 2,
      },
    }
    scanBurst('1050010000001')
    await waitFor(() => expect(feedback().textContent).toBe('1050010000001 was already scanned.'))
    expect(feedback().dataset.kind).toBe('error')
  })

  it('asks before confirming: says how many parcels are not scanned, sends the driver, then says what moved', async () => {
    await openPage(detail({ scanned: 1 }))
    fireEvent.click(screen.getByRole('button', { name: 'Confirm handover' }))
    const modal = await screen.findByRole('dialog', { name: 'Confirm handover H-000012' })
    expect(within(modal).getByTestId('handover-confirm-note').textContent).toBe(
      '1 parcel is not scanned: it is handed over too unless you remove it first.',
    )
    fireEvent.change(within(modal).getByRole('textbox', { name: "Driver's name" }), {
      target: { value: ' Georgi Dimitrov ' },
    })
    const done = handover({
      status: 'handedOver',
      scanned: 1,
      handedOverAt: '2026-11-30T10:00:00.000Z',
      handedOverBy: 'operator',
      driverName: 'Georgi Dimitrov',
    })
    server.answers[`POST ${url}/confirm`] = { status: 200, body: { handover: done, shipped: 1, skipped: 1 } }
    server.answers[`GET ${url}`] = { status: 200, body: { handover: done, parcels: [parcel(1), parcel(2)] } }
    fireEvent.click(within(modal).getByRole('button', { name: 'Confirm handover' }))
    expect(await screen.findByText('1 order moved to Shipping, 1 skipped.')).toBeTruthy()
    expect(calls('POST', `${url}/confirm`).map((r) => r.body)).toEqual([{ driverName: 'Georgi Dimitrov' }])
    // Read-only now: no scan field, no Remove, no Confirm or Cancel.
    await screen.findByText('Handed over: the manifest is closed.')
    expect(screen.queryByRole('textbox', { name: 'Scan or type an AWB' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Confirm handover' })).toBeNull()
    expect(screen.getByText('Georgi Dimitrov')).toBeTruthy()
    scanBurst('1050010000002')
    expect(calls('POST', `${url}/scan`)).toEqual([])
  })

  it('removes a parcel only after the confirmation', async () => {
    await openPage()
    server.answers[`DELETE ${url}/parcels/${ids.order2}`] = {
      status: 200,
      body: detail({ orders: 1 }, [parcel(1)]),
    }
    fireEvent.click(screen.getByRole('button', { name: 'Remove ZR-1002' }))
    const confirm = await screen.findByRole('tooltip')
    expect(calls('DELETE', `${url}/parcels/${ids.order2}`)).toEqual([])
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }))
    await screen.findByText('Order ZR-1002 was taken off the handover.')
    await waitFor(() => expect(screen.queryByText('ZR-1002')).toBeNull())
  })

  describe('booking the pickup', () => {
    const type = (name: string, value: string) => {
      const input = screen.getByRole('textbox', { name })
      fireEvent.mouseDown(input)
      fireEvent.change(input, { target: { value } })
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 })
    }
    const tomorrow = dayjs().add(1, 'day')

    it('refuses a window shorter than an hour under its field, without a call; a good one is booked', async () => {
      await openPage()
      fireEvent.click(screen.getByRole('button', { name: 'Book pickup' }))
      const modal = await screen.findByRole('dialog', { name: "Book the courier's pickup" })
      type('Date', tomorrow.format('DD-MM-YYYY'))
      type('From', '10:00')
      type('To', '10:30')
      fireEvent.click(within(modal).getByRole('button', { name: 'Book' }))
      expect(await within(modal).findByText('The window must be at least 60 minutes long.')).toBeTruthy()
      expect(calls('POST', `${url}/pickup`)).toEqual([])

      const booked = detail({
        pickup: {
          status: 'requested',
          requestId: '2026110000000954',
          from: tomorrow.hour(10).minute(0).toISOString(),
          to: tomorrow.hour(13).minute(0).toISOString(),
          courierText: 'unprocess',
          checkedAt: null,
        },
      })
      server.answers[`POST ${url}/pickup`] = { status: 200, body: booked }
      type('To', '13:00')
      fireEvent.click(within(modal).getByRole('button', { name: 'Book' }))
      await waitFor(() => expect(calls('POST', `${url}/pickup`)).toHaveLength(1))
      expect(calls('POST', `${url}/pickup`)[0]!.body).toEqual({
        from: tomorrow.hour(10).minute(0).second(0).millisecond(0).toISOString(),
        to: tomorrow.hour(13).minute(0).second(0).millisecond(0).toISOString(),
      })
      const panel = await screen.findByTestId('handover-pickup')
      await within(panel).findByText('Requested')
      expect(within(panel).getByText('2026110000000954')).toBeTruthy()
      expect(within(panel).getByText('unprocess')).toBeTruthy()
      expect(within(panel).queryByRole('button', { name: /Book pickup/ })).toBeNull()
    })

    it("shows the API's 400 on the window's field, and offers to book again after a rejection", async () => {
      await openPage(
        detail({
          pickup: {
            status: 'rejected',
            requestId: '1',
            from: null,
            to: null,
            courierText: 'No van in Sofia today',
            checkedAt: null,
          },
        }),
      )
      expect(screen.getByText('No van in Sofia today')).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: 'Book pickup again' }))
      const modal = await screen.findByRole('dialog', { name: "Book the courier's pickup" })
      type('Date', tomorrow.format('DD-MM-YYYY'))
      type('From', '09:00')
      type('To', '12:00')
      server.answers[`POST ${url}/pickup`] = {
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          error: 'Bad Request',
          message: 'from: must not be in the past',
          details: { from: 'must not be in the past' },
        },
      }
      fireEvent.click(within(modal).getByRole('button', { name: 'Book' }))
      expect(await within(modal).findByText('The start must not be in the past.')).toBeTruthy()
    })
  })

  it('shows a not-found result for an unknown handover', async () => {
    signIn()
    server.answers[`GET ${url}`] = {
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'No such handover' },
    }
    renderAt(`/warehouse/handover/${ids.handover}`)
    expect(await screen.findByText('This handover does not exist')).toBeTruthy()
  })
})
