import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sessionStore } from '@/lib/session'
import { installFakeServer, renderAt, server, sessionUser } from '../../../../test/app-harness'
import { detail, handover, ids, readyGroup } from './handover-test-fixtures'

installFakeServer()

const signIn = () => act(() => sessionStore.signIn(sessionUser('operator', ['operator'])))
const requested = () => server.requests.map((r) => `${r.method} ${r.url}`)
const warehouses = () => {
  server.answers['GET /api/warehouse'] = {
    status: 200,
    body: [
      { _id: ids.warehouse, name: 'Praha Hostivař' },
      { _id: ids.otherWarehouse, name: 'Sofia Iztok' },
    ],
  }
}

describe('courier handover list', () => {
  it('shows the ready groups with boxes, weight and COD, and the handovers with code, scanned and pickup', async () => {
    signIn()
    warehouses()
    server.answers['GET /api/handovers/ready'] = {
      status: 200,
      body: [
        readyGroup(),
        readyGroup({ courier: { _id: ids.packeta, name: 'Packeta' }, pickupApi: false, cod: [] }),
      ],
    }
    server.answers['GET /api/handovers?currentPage=1&itemsPerPage=20'] = {
      status: 200,
      body: {
        list: [
          handover({ scanned: 1, pickup: { ...handover().pickup, status: 'accepted' } }),
          handover({
            _id: '0190a0a0-0000-7000-8000-0000000000a2',
            number: 11,
            status: 'handedOver',
            scanned: 2,
            handedOverAt: '2026-11-29T15:30:00.000Z',
            driverName: 'Georgi',
          }),
        ],
        total: 2,
      },
    }
    renderAt('/warehouse/handover')
    const ready = await screen.findByRole('region', { name: 'Ready for a courier' })
    await within(ready).findByText('Packeta')
    const econt = within(ready).getByText('Econt').closest('tr')!
    expect(econt.textContent).toMatch(/Praha Hostivař.*3.*4.*1\.25 kg.*1,234\.50 BGN.*Create handover/)
    const list = screen.getByRole('region', { name: 'Handovers' })
    const rows = await within(list).findAllByRole('row')
    expect(rows[1]!.textContent).toMatch(
      /H-000012.*Praha Hostivař.*Econt.*Open.*1 \/ 2.*3.*Accepted.*30-11-26/,
    )
    expect(rows[2]!.textContent).toMatch(/H-000011.*Handed over.*2 \/ 2.*29-11-26.*Georgi/)
    expect(within(rows[1]!).getByRole('link', { name: 'H-000012' }).getAttribute('href')).toBe(
      `/warehouse/handover/${ids.handover}`,
    )
  })

  it('reads warehouse, status and page from the URL for both parts, and a new status goes back to page 1', async () => {
    signIn()
    warehouses()
    server.answers[`GET /api/handovers/ready?warehouse=${ids.warehouse}`] = { status: 200, body: [] }
    const listUrl = (status: string, page: number) =>
      `GET /api/handovers?warehouse=${ids.warehouse}&status=${status}&currentPage=${page}&itemsPerPage=20`
    server.answers[listUrl('open', 2)] = { status: 200, body: { list: [handover()], total: 21 } }
    server.answers[listUrl('cancelled', 1)] = { status: 200, body: { list: [], total: 0 } }
    const router = renderAt(`/warehouse/handover?warehouse=${ids.warehouse}&status=open&page=2`)
    await screen.findByText('H-000012')
    expect(requested()).toContain(`GET /api/handovers/ready?warehouse=${ids.warehouse}`)
    expect(
      await screen.findByText('Nothing is ready: packed orders appear here once their label is created.'),
    ).toBeTruthy()

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }))
    fireEvent.click(await screen.findByTitle('Cancelled'))
    await waitFor(() => expect(requested()).toContain(listUrl('cancelled', 1)))
    expect(router.state.location.search).toBe(`?warehouse=${ids.warehouse}&status=cancelled`)
    expect(await screen.findByText('No handover yet: create one from the parcels ready above.')).toBeTruthy()
  })

  it('creates a handover of a ready group and opens it', async () => {
    signIn()
    warehouses()
    server.answers['GET /api/handovers/ready'] = { status: 200, body: [readyGroup()] }
    server.answers['GET /api/handovers?currentPage=1&itemsPerPage=20'] = {
      status: 200,
      body: { list: [], total: 0 },
    }
    server.answers['POST /api/handovers'] = { status: 201, body: detail({ orders: 3 }) }
    server.answers[`GET /api/handovers/${ids.handover}`] = { status: 200, body: detail({ orders: 3 }) }
    const router = renderAt('/warehouse/handover')
    fireEvent.click(await screen.findByRole('button', { name: /Create handover/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/warehouse/handover/${ids.handover}`))
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { warehouse: ids.warehouse, courier: ids.econt },
    ])
    expect(await screen.findByRole('heading', { name: 'Handover H-000012' })).toBeTruthy()
    expect(screen.getByText('Handover H-000012 created with 3 orders.')).toBeTruthy()
  })
})
