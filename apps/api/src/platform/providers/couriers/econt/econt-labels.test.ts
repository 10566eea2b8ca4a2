import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { labelRequest } from '../../../../../test/courier-labels.ts'
import { pdfText } from '../../../../../test/pdf-tools.ts'
import { createEcontFake, type EcontFake } from '../../../../dev/fakes/econt/econt-fake.ts'
import { CourierRefusedError, CourierUnavailableError, type LabelAdapter } from '../courier-adapter.ts'
import { createEcontClient } from './econt-client.ts'
import { createEcontLabels } from './econt-labels.ts'

const credentials = { username: 'shop-user', password: 's3cret-Pa55' }
let fake: EcontFake
let labels: LabelAdapter
let baseUrl: string

beforeAll(async () => {
  fake = createEcontFake({ credentials })
  baseUrl = await fake.start()
  labels = adapter()
})
afterAll(() => fake.close())
// A call's wait: ample on a machine busy with other work (the fake draws the label PDF); the slow-call
// test waits 1 s for an answer made to take 1.5 s.
const adapter = (timeoutMs = 10_000) =>
  createEcontLabels(createEcontClient({ baseUrl, ...credentials, timeoutMs }))
afterEach(() => {
  Object.assign(fake.settings, {
    latencyMs: 0,
    failStatus: undefined,
    refuseAddresses: false,
    dropAnswersAfterCreate: 0,
  })
})

const lastCall = (path: string) => fake.calls.filter((c) => c.path.endsWith(path)).at(-1)

describe('Econt labels', () => {
  it('creates a door-delivery label: the AWB number, its tracking page and a PDF that shows the number', async () => {
    const request = labelRequest()
    const label = await labels.createLabel(request)
    expect(label.trackingId).toMatch(/^\d{13}$/)
    expect(label.trackingUrl).toBe(`https://www.econt.com/services/track-shipment/${label.trackingId}`)
    expect(label.labelPdf.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(label.labelPdf)
    expect(text).toContain(label.trackingId)
    expect(text).toContain('Ivan Petrov')
    const sent = lastCall('createLabel.json')
    expect(sent?.auth).toBe('valid')
    expect(sent?.body).toMatchObject({
      mode: 'create',
      label: {
        orderNumber: request.orderNumber,
        // The e-shop sends from the warehouse's address; its contact is the person the courier asks for.
        senderClient: { name: 'Expedo s.r.o.', phones: ['+359888000111'], email: 'sklad@expedo.test' },
        senderAgent: { name: 'Expedo Warehouse', phones: ['+359888000111'] },
        senderAddress: {
          city: { country: { code3: 'BGR' }, name: 'Sofia', postCode: '1000' },
          street: 'Vitosha',
          num: '1',
        },
        receiverAddress: {
          city: { country: { code3: 'BGR' }, name: 'Ruse', postCode: '7000' },
          street: 'Slavyanska',
          num: '16',
        },
        weight: 1.4,
        services: { declaredValueAmount: 49.9, declaredValueCurrency: 'EUR' },
      },
    })
    expect(sent?.body).not.toHaveProperty('label.services.cdAmount')
  })

  it('sends COD with its currency and delivers to an office by its code', async () => {
    const request = labelRequest({
      receiver: { name: 'Maria Ivanova', phone: '0888123456', pickupPointCode: '1127' },
      cod: { amount: '59.90', currency: 'EUR' },
    })
    const label = await labels.createLabel(request)
    expect(lastCall('createLabel.json')?.body).toMatchObject({
      label: { receiverOfficeCode: '1127', services: { cdAmount: 59.9, cdType: 'get', cdCurrency: 'EUR' } },
    })
    expect(lastCall('createLabel.json')?.body).not.toHaveProperty('label.receiverAddress')
    const text = pdfText(label.labelPdf)
    expect(text).toContain('Office 1127')
    expect(text).toContain('COD 59.9 EUR')
  })

  it("refuses a bad address or an unknown office with Econt's own message, creating nothing", async () => {
    const before = fake.shipments.size
    const bad = labelRequest({
      receiver: {
        name: 'X',
        phone: '1',
        address: { country: 'BG', city: 'Atlantis', postCode: '0000', street: 'A', houseNumber: '1' },
      },
    })
    const refused = await labels.createLabel(bad).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(CourierRefusedError)
    expect(refused).toMatchObject({
      message:
        'Econt refused createLabel: Invalid receiver address: unknown city or post code, or no street and number',
      fields: ['label.receiverAddress'],
    })
    const office = labels.createLabel(
      labelRequest({ receiver: { name: 'X', phone: '1', pickupPointCode: '99999' } }),
    )
    await expect(office).rejects.toMatchObject({
      name: 'EcontRefusedError',
      fields: ['label.receiverOfficeCode'],
      retryable: false,
    })
    fake.settings.refuseAddresses = true
    await expect(labels.createLabel(labelRequest())).rejects.toBeInstanceOf(CourierRefusedError)
    expect(fake.shipments.size).toBe(before)
  })

  it('reports Econt down or too slow as unavailable (retryable) without credentials in the message', async () => {
    fake.settings.failStatus = 503
    const down = await labels.createLabel(labelRequest()).catch((e: unknown) => e)
    expect(down).toBeInstanceOf(CourierUnavailableError)
    expect(down).toMatchObject({ retryable: true, outcomeUnknown: false })
    fake.settings.failStatus = undefined
    fake.settings.latencyMs = 1500
    const beforeSlow = fake.shipments.size
    const slow = await adapter(1000)
      .createLabel(labelRequest())
      .catch((e: unknown) => e)
    expect(slow).toBeInstanceOf(CourierUnavailableError)
    expect(slow).toMatchObject({
      message: 'Econt did not answer createLabel within 1 s',
      outcomeUnknown: true,
    })
    // Econt goes on and creates the label after we stopped waiting (hence outcomeUnknown). Waited for
    // here: on a busy machine it would land in the next test and be counted there as a second label.
    await expect.poll(() => fake.shipments.size).toBe(beforeSlow + 1)
    expect(`${(down as Error).message} ${(slow as Error).message}`).not.toMatch(
      /s3cret|shop-user|127\.0\.0\.1/,
    )
  })

  it('after an answer lost once the label exists, the retry answers the same label and Econt holds one', async () => {
    const request = labelRequest()
    fake.settings.dropAnswersAfterCreate = 1
    const before = fake.shipments.size
    const lost = await labels.createLabel(request).catch((e: unknown) => e)
    expect(lost).toMatchObject({ name: 'EcontError', outcomeUnknown: true })
    expect(fake.shipments.size).toBe(before + 1)
    const retried = await labels.createLabel(request)
    expect(fake.shipments.size).toBe(before + 1)
    const held = [...fake.shipments.values()].at(-1)
    expect(retried.trackingId).toBe(held?.shipmentNumber)
    expect(pdfText(retried.labelPdf)).toContain(retried.trackingId)
    // another process's retry says so itself, and finds it just the same
    const again = await adapter().createLabel({ ...request, earlierAttemptInDoubt: true })
    expect(again.trackingId).toBe(retried.trackingId)
    expect(fake.shipments.size).toBe(before + 1)
  })

  it('maps the tracking timeline, a return, the COD payout and an unknown number', async () => {
    const office = await labels.createLabel(
      labelRequest({
        receiver: { name: 'M', phone: '1', pickupPointCode: '1127' },
        cod: { amount: '10', currency: 'EUR' },
      }),
    )
    const door = await labels.createLabel(labelRequest())
    const states = async () =>
      await labels.trackingStatuses([office.trackingId, door.trackingId, '1050019999999'])
    let [a, b, unknown] = await states()
    expect(a).toMatchObject({
      trackingId: office.trackingId,
      state: 'labelCreated',
      courierText: 'Prepared in eEcont (Подготвена в eEcont)',
      codPaid: false,
    })
    expect(unknown).toMatchObject({ state: 'unknown', error: 'Shipment 1050019999999 not found' })
    const steps: string[] = []
    for (let i = 0; i < 5; i++) {
      fake.advance(office.trackingId)
      ;[a] = await states()
      steps.push(`${a?.state}${a?.codPaid ? '+paid' : ''}`)
    }
    expect(steps).toEqual(['inTransit', 'inTransit', 'readyForPickup', 'delivered', 'delivered+paid'])
    expect(a?.at).toBeInstanceOf(Date)
    fake.advance(door.trackingId)
    // the demo drives it over HTTP
    const origin = new URL(baseUrl).origin
    const control = (id: string, body: string) =>
      fetch(`${origin}/_control/shipments/${id}/advance`, { method: 'POST', body }).then((r) => r.status)
    expect(await control('1050019999999', '{}')).toBe(404)
    expect(await control(door.trackingId, '{"to":"return"}')).toBe(200)
    ;[, b] = await states()
    expect(b).toMatchObject({
      state: 'returning',
      courierText: 'Is returning to sender (Връща се към подател)',
    })
    fake.advance(door.trackingId)
    ;[, b] = await states()
    expect(b?.state).toBe('returned')
  })
})
