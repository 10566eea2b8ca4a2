import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { labelRequest } from '../../../../../test/courier-labels.ts'
import { createEcontFake, type EcontFake } from '../../../../dev/fakes/econt/econt-fake.ts'
import { CourierRefusedError, type PickupRequest } from '../courier-adapter.ts'
import { createEcontClient } from './econt-client.ts'
import { createEcontLabels } from './econt-labels.ts'
import { createEcontPickup } from './econt-pickup.ts'

const credentials = { username: 'shop-user', password: 's3cret-Pa55' }
let fake: EcontFake
let baseUrl: string
let pickup: ReturnType<typeof createEcontPickup>
let awbs: string[]

beforeAll(async () => {
  fake = createEcontFake({ credentials })
  baseUrl = await fake.start()
  const client = createEcontClient({ baseUrl, ...credentials, timeoutMs: 10_000 })
  pickup = createEcontPickup(client)
  const labels = createEcontLabels(client)
  awbs = [
    (await labels.createLabel(labelRequest())).trackingId,
    (await labels.createLabel(labelRequest())).trackingId,
  ]
})
afterAll(() => fake.close())

const window = { from: new Date('2026-12-01T09:00:00Z'), to: new Date('2026-12-01T12:00:00Z') }
const request = (overrides: Partial<PickupRequest> = {}): PickupRequest => ({
  sender: {
    name: 'Petra Skladová',
    company: 'Sofia Kazichene',
    phone: '+359888000111',
    address: { country: 'BG', city: 'Sofia', postCode: '1000', street: 'Vitosha', houseNumber: '1' },
  },
  ...window,
  trackingIds: awbs,
  parcels: 3,
  weightGrams: 2500,
  ...overrides,
})
const lastCall = (path: string) => fake.calls.filter((c) => c.path.endsWith(path)).at(-1)

describe('Econt courier pickup', () => {
  it('books a van for the shipments: Econt gets the window, counts, sender and AWBs, and answers its request number', async () => {
    const booking = await pickup.requestPickup!(request())
    expect(booking.requestId).toMatch(/^\d{16}$/)
    expect(lastCall('ShipmentService.requestCourier.json')?.body).toMatchObject({
      requestTimeFrom: window.from.getTime(),
      requestTimeTo: window.to.getTime(),
      shipmentType: 'pack',
      shipmentPackCount: 3,
      shipmentWeight: 2.5,
      senderClient: { name: 'Sofia Kazichene', phones: ['+359888000111'] },
      senderAgent: { name: 'Petra Skladová' },
      senderAddress: {
        city: { country: { code3: 'BGR' }, name: 'Sofia', postCode: '1000' },
        street: 'Vitosha',
        num: '1',
      },
      attachShipments: awbs,
    })
    expect(fake.courierRequests.get(booking.requestId)?.status).toBe('unprocess')
  })

  it('follows the request: unprocess → requested, process → accepted, taken; a rejection with its reason', async () => {
    const a = (await pickup.requestPickup!(request())).requestId
    const b = (await pickup.requestPickup!(request())).requestId
    expect((await pickup.pickupStatuses!([a, b])).map((s) => s.status)).toEqual(['requested', 'requested'])
    fake.setCourierRequestStatus(a, 'process')
    // The control endpoint, as the journeys move it.
    const control = await fetch(`${new URL(baseUrl).origin}/_control/courier-requests/${b}/status`, {
      method: 'POST',
      body: JSON.stringify({ status: 'reject', reason: 'No vehicle in the area' }),
    })
    expect(control.status).toBe(200)
    let states = await pickup.pickupStatuses!([a, b, '2026999999999999'])
    expect(states[0]).toMatchObject({ requestId: a, status: 'accepted' })
    expect(states[1]).toEqual({
      requestId: b,
      status: 'rejected',
      courierText: 'reject: No vehicle in the area',
    })
    expect(states[2]).toMatchObject({
      status: 'requested',
      courierText: 'Courier request 2026999999999999 not found',
    })
    fake.setCourierRequestStatus(a, 'taken')
    states = await pickup.pickupStatuses!([a])
    expect(states[0]?.status).toBe('taken')
  })

  it('is refused for an unknown AWB or a sender address without street or post code, with Econt’s message', async () => {
    const before = fake.courierRequests.size
    await expect(pickup.requestPickup!(request({ trackingIds: ['1050019999999'] }))).rejects.toThrow(
      /Unknown shipment 1050019999999/,
    )
    const noStreet = request()
    noStreet.sender.address = { ...noStreet.sender.address, street: '', postCode: '' }
    const refused = await pickup.requestPickup!(noStreet).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(CourierRefusedError)
    expect((refused as CourierRefusedError).message).toContain('no street or post code')
    expect((refused as CourierRefusedError).fields).toEqual(['senderAddress'])
    expect(fake.courierRequests.size).toBe(before)
  })
})
