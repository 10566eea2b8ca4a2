import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { labelRequest } from '../../../../../test/courier-labels.ts'
import { pdfText } from '../../../../../test/pdf-tools.ts'
import { createPacketaFake, type PacketaFake } from '../../../../dev/fakes/packeta/packeta-fake.ts'
import {
  CourierLabelInDoubtError,
  CourierRefusedError,
  CourierUnavailableError,
  type CreateLabelRequest,
  type LabelAdapter,
} from '../courier-adapter.ts'
import { createPacketaClient } from './packeta-client.ts'
import { createPacketaLabels, pragueTime } from './packeta-labels.ts'

let fake: PacketaFake
let baseUrl: string
let labels: LabelAdapter
// A call's wait: ample on a machine busy with other work (the fake draws the label PDF); the slow-call
// test waits 1 s for an answer made to take 1.5 s.
const adapter = (apiPassword = fake.apiPassword, timeoutMs = 10_000) =>
  createPacketaLabels(createPacketaClient({ baseUrl, apiPassword, timeoutMs }))

beforeAll(async () => {
  fake = createPacketaFake()
  baseUrl = await fake.start()
  labels = adapter()
})
afterAll(() => fake.close())
afterEach(() => {
  Object.assign(fake.settings, {
    latencyMs: 0,
    failStatus: undefined,
    refuseAddresses: false,
    dropAnswersAfterCreate: 0,
  })
})

const czech = (overrides: Partial<CreateLabelRequest> = {}) =>
  labelRequest({
    receiver: {
      name: 'Jana Nováková',
      phone: '+420777123456',
      email: 'jana@example.test',
      address: { country: 'CZ', city: 'Praha', postCode: '110 00', street: 'Národní', houseNumber: '37' },
    },
    declaredValue: { amount: '1290', currency: 'CZK' },
    ...overrides,
  })
const lastCreate = () => fake.calls.filter((c) => c.method === 'createPacket').at(-1)?.args

describe('Packeta labels', () => {
  it('creates a home-delivery packet: the packet id, its tracking page and an A6 label PDF showing its barcode', async () => {
    const request = czech()
    const label = await labels.createLabel(request)
    expect(label.trackingId).toMatch(/^\d{10}$/)
    expect(label.trackingUrl).toBe(`https://tracking.packeta.com/en/?id=${label.trackingId}`)
    expect(label.labelPdf.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(label.labelPdf)
    expect(text.replace(/ /g, '')).toContain(`Z${label.trackingId}`)
    expect(text).toContain('Jana Nováková')
    expect(lastCreate()).toMatchObject({
      apiPassword: fake.apiPassword,
      packetAttributes: {
        number: request.orderNumber,
        name: 'Jana',
        surname: 'Nováková',
        addressId: '106',
        street: 'Národní',
        houseNumber: '37',
        city: 'Praha',
        zip: '110 00',
        value: '1290',
        currency: 'CZK',
        weight: '1.4',
        note: request.reference,
      },
    })
    expect(fake.calls.filter((c) => c.method === 'packetLabelPdf').at(-1)?.args).toMatchObject({
      packetId: label.trackingId,
      format: 'A6 on A6',
    })
  })

  it('sends COD to a pick-up point by its id', async () => {
    const label = await labels.createLabel(
      czech({
        receiver: { name: 'Petr Novák', phone: '+420777000111', pickupPointCode: '79' },
        cod: { amount: '1290', currency: 'CZK' },
      }),
    )
    expect(lastCreate()?.packetAttributes).toMatchObject({ addressId: '79', cod: '1290', currency: 'CZK' })
    expect(lastCreate()?.packetAttributes).not.toHaveProperty('street')
    const text = pdfText(label.labelPdf)
    expect(text).toContain('Pick-up point 79: Praha 1, Národní 37')
    expect(text).toContain('COD 1290 CZK')
  })

  it("refuses a bad address, an unknown point or a country without home delivery with Packeta's message", async () => {
    const before = fake.packets.size
    const bad = czech({
      receiver: {
        name: 'Jana Nováková',
        phone: '1',
        address: { country: 'CZ', city: 'Praha', postCode: '1', street: 'X', houseNumber: '1' },
      },
    })
    const refused = await labels.createLabel(bad).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(CourierRefusedError)
    expect(refused).toMatchObject({
      message: 'Packeta refused createPacket: Invalid packet attributes. (zip: Invalid ZIP code.)',
      fields: ['zip'],
      fault: 'PacketAttributesFault',
    })
    await expect(
      labels.createLabel(czech({ receiver: { name: 'A B', phone: '1', pickupPointCode: '1' } })),
    ).rejects.toMatchObject({
      fields: ['addressId'],
    })
    const halfCrown = czech({ cod: { amount: '99.50', currency: 'CZK' } })
    await expect(labels.createLabel(halfCrown)).rejects.toThrow('cod: COD in CZK must be a whole number.')
    fake.settings.refuseAddresses = true
    await expect(labels.createLabel(czech())).rejects.toThrow('street: Address not found.')
    const hungary = czech({
      receiver: {
        name: 'A B',
        phone: '1',
        address: { country: 'HU', city: 'Budapest', postCode: '1051', street: 'Fő', houseNumber: '1' },
      },
    })
    await expect(labels.createLabel(hungary)).rejects.toMatchObject({
      name: 'CourierRefusedError',
      message: 'Packeta home delivery to HU is not set up',
      fields: ['country'],
    })
    expect(fake.packets.size).toBe(before)
  })

  it('reports Packeta down, too slow or a wrong API password as unavailable, without the password', async () => {
    fake.settings.failStatus = 503
    const down = await labels.createLabel(czech()).catch((e: unknown) => e)
    expect(down).toBeInstanceOf(CourierUnavailableError)
    expect(down).toMatchObject({
      message: 'Packeta answered createPacket with HTTP 503',
      outcomeUnknown: false,
    })
    fake.settings.failStatus = undefined
    fake.settings.latencyMs = 1500
    const beforeSlow = fake.packets.size
    await expect(adapter(fake.apiPassword, 1000).createLabel(czech())).rejects.toMatchObject({
      message: 'Packeta did not answer createPacket within 1 s',
      outcomeUnknown: true,
    })
    // Packeta goes on and creates the packet after we stopped waiting (hence outcomeUnknown). Waited for
    // here: on a busy machine it would land in the next test and be counted there as a second packet.
    await expect.poll(() => fake.packets.size).toBe(beforeSlow + 1)
    fake.settings.latencyMs = 0
    const wrong = await adapter('ffffffffffffffffffffffffffffffff')
      .createLabel(czech())
      .catch((e: unknown) => e)
    expect(wrong).toBeInstanceOf(CourierUnavailableError)
    expect((wrong as Error).message).toBe(
      'Packeta refused createPacket (IncorrectApiPasswordFault): Incorrect API password.',
    )
    expect(`${(down as Error).message} ${(wrong as Error).message}`).not.toMatch(
      /ffffffff|0123456789abcdef|127\.0\.0\.1/,
    )
  })

  it('after an answer lost once the packet exists, a retry never creates a second packet', async () => {
    const request = czech()
    const before = fake.packets.size
    fake.settings.dropAnswersAfterCreate = 1
    await expect(labels.createLabel(request)).rejects.toMatchObject({ outcomeUnknown: true })
    expect(fake.packets.size).toBe(before + 1)
    // the labels layer keeps the doubt on the label row and says so on every retry, in any process
    const retry = await labels
      .createLabel({ ...request, earlierAttemptInDoubt: true })
      .catch((e: unknown) => e)
    expect(retry).toBeInstanceOf(CourierLabelInDoubtError)
    expect((retry as Error).message).toContain(`order ${request.orderNumber}`)
    await expect(adapter().createLabel({ ...request, earlierAttemptInDoubt: true })).rejects.toBeInstanceOf(
      CourierLabelInDoubtError,
    )
    expect(fake.packets.size).toBe(before + 1)
    // a person checked client.packeta.com and found no packet (the flag cleared): the same process creates
    // one at once, not after a restart
    const checked = czech()
    fake.settings.dropAnswersAfterCreate = 1
    await expect(labels.createLabel(checked)).rejects.toMatchObject({ outcomeUnknown: true })
    await expect(labels.createLabel(checked)).resolves.toMatchObject({ trackingId: expect.any(String) })
    // a failure Packeta answered created nothing: its retry creates the one packet
    const other = czech()
    fake.settings.failStatus = 503
    await expect(labels.createLabel(other)).rejects.toBeInstanceOf(CourierUnavailableError)
    fake.settings.failStatus = undefined
    await labels.createLabel(other)
    // the lost one, the one dropped before the person's check and the one after it, and `other`
    expect(fake.packets.size).toBe(before + 4)
  })

  it('maps the status codes, a return and an unknown packet', async () => {
    const point = await labels.createLabel(
      czech({ receiver: { name: 'P N', phone: '1', pickupPointCode: '79' } }),
    )
    const home = await labels.createLabel(czech())
    const steps: string[] = []
    for (let i = 0; i < 6; i++) {
      const [status] = await labels.trackingStatuses([point.trackingId])
      steps.push(`${status?.state}:${status?.courierText}`)
      fake.advance(point.trackingId)
    }
    expect(steps).toEqual([
      'labelCreated:We have received the packet data.',
      'inTransit:The packet has been accepted at our branch.',
      'inTransit:The packet is waiting to be dispatched.',
      'inTransit:The packet is on the way.',
      'readyForPickup:The packet is ready for pickup.',
      'delivered:The packet has been delivered.',
    ])
    fake.advance(home.trackingId)
    fake.advance(home.trackingId, 'return')
    const [returning, missing] = await labels.trackingStatuses([home.trackingId, '999'])
    expect(returning).toMatchObject({
      state: 'returning',
      courierText: 'The packet is being returned to the sender.',
    })
    expect(returning?.at?.getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(missing).toMatchObject({
      state: 'unknown',
      error: 'Packeta refused packetStatus: Packet with this id does not exist.',
    })
    fake.advance(home.trackingId)
    expect((await labels.trackingStatuses([home.trackingId]))[0]?.state).toBe('returned')
  })

  it("prints a packet's label in Packeta's other formats and refuses an unknown one", async () => {
    const client = createPacketaClient({ baseUrl, apiPassword: fake.apiPassword, timeoutMs: 10_000 })
    const { trackingId } = await labels.createLabel(czech())
    const sheet = await client.packetLabelPdf(trackingId, 'A6 on A4', 1)
    expect(pdfText(sheet).replace(/ /g, '')).toContain(`Z${trackingId}`)
    await expect(client.packetLabelPdf(trackingId, 'A5 on A5')).rejects.toMatchObject({
      name: 'PacketaRefusedError',
      fault: 'UnknownLabelFormatFault',
      message: 'Packeta refused packetLabelPdf: Unknown label format.',
    })
  })

  it("reads Packeta's times as Prague's local time", () => {
    expect(pragueTime('2026-01-15T10:00:00')?.toISOString()).toBe('2026-01-15T09:00:00.000Z')
    expect(pragueTime('2026-07-15T10:00:00')?.toISOString()).toBe('2026-07-15T08:00:00.000Z')
  })
})
