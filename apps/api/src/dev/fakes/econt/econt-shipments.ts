import { fakeLabelPdf } from '../label-pdf.ts'
import { econtCities, econtOffices } from './econt-fixtures.ts'

/**
 * The fake's waybills: LabelService.createLabel (validate, calculate, create), ShipmentService
 * getShipmentStatuses and getMyAWB in Econt's shapes (docs/couriers.md §1.7–1.10), the label PDF at
 * `pdfURL`, and a timeline a test (or the demo) advances: `advance(number)` or
 * `POST /_control/shipments/{number}/advance` with `{"to": "return"}` to send a parcel back.
 */
type Answer = { status: number; body: unknown }
type Body = Record<string, unknown>

const econtError = (status: number, type: string, message: string, fields: string[] = []): Answer => ({
  status,
  body: { type, message, fields, innerErrors: [] },
})

/** shortDeliveryStatusEn → shortDeliveryStatus (§1.9). */
const BG: Record<string, string> = {
  'Prepared in eEcont': 'Подготвена в eEcont',
  'Accepted in Econt': 'Приета в Еконт',
  'In route': 'Пътува по линия',
  'In courier': 'В куриер',
  'Arrived in office': 'Пристигнала в офис',
  Delivered: 'Доставена',
  'Is returning to sender': 'Връща се към подател',
  'Returned to sender': 'Върната и доставена към подател',
}
const TO_OFFICE = ['Prepared in eEcont', 'Accepted in Econt', 'In route', 'Arrived in office', 'Delivered']
const TO_DOOR = ['Prepared in eEcont', 'Accepted in Econt', 'In route', 'In courier', 'Delivered']
const RETURN = ['Is returning to sender', 'Returned to sender']
const EVENT_TYPE: Record<string, string> = {
  'Accepted in Econt': 'office',
  'In route': 'courier_direction',
  'In courier': 'courier',
  'Arrived in office': 'office',
  Delivered: 'client',
  'Is returning to sender': 'is_returning_to_sender',
  'Returned to sender': 'returned_to_sender',
}

interface Shipment {
  shipmentNumber: string
  label: Body
  createdTime: number
  timeline: string[]
  step: number
  events: { time: number; destinationType: string; destinationDetailsEn: string }[]
  cdPaidTime?: number
}

export interface EcontShipmentSettings {
  /** Refuse every receiver address (as Econt refuses one it cannot validate). */
  refuseAddresses: boolean
}

export function createEcontShipments(settings: EcontShipmentSettings, clock: () => number = Date.now) {
  const shipments = new Map<string, Shipment>()
  let next = 1
  let origin = 'http://127.0.0.1'

  const shortStatus = (s: Shipment) => s.timeline[s.step] ?? 'Prepared in eEcont'

  function statusOf(s: Shipment) {
    const l = s.label
    const services = (l.services ?? {}) as Body
    const en = shortStatus(s)
    const delivered = en === 'Delivered'
    const cd = Number(services.cdAmount ?? 0)
    const deliveredAt = delivered ? s.events.at(-1)?.time : undefined
    return {
      shipmentNumber: s.shipmentNumber,
      createdTime: s.createdTime,
      sendTime: s.events[0]?.time ?? null,
      deliveryTime: deliveredAt ?? null,
      shipmentType: l.shipmentType ?? 'pack',
      packCount: l.packCount ?? 1,
      shipmentDescription: l.shipmentDescription ?? null,
      weight: l.weight ?? null,
      senderClient: l.senderClient ?? null,
      senderDeliveryType: 'door',
      receiverClient: l.receiverClient ?? null,
      receiverDeliveryType: l.receiverOfficeCode ? 'office' : 'door',
      receiverOfficeCode: l.receiverOfficeCode ?? null,
      receiverAddress: l.receiverAddress ?? null,
      cdCollectedAmount: delivered && cd ? cd : null,
      cdCollectedCurrency: delivered && cd ? services.cdCurrency : null,
      cdCollectedTime: delivered && cd ? deliveredAt : null,
      cdPaidAmount: s.cdPaidTime ? cd : null,
      cdPaidCurrency: s.cdPaidTime ? services.cdCurrency : null,
      cdPaidTime: s.cdPaidTime ?? null,
      totalPrice: 6.5,
      currency: 'EUR',
      services: [],
      trackingEvents: s.events.map((e) => ({
        ...e,
        isReceipt: false,
        destinationDetails: e.destinationDetailsEn,
      })),
      pdfURL: `${origin}/label-pdf/${s.shipmentNumber}?label=10x15`,
      expectedDeliveryDate: s.createdTime + 2 * 86_400_000,
      shortDeliveryStatus: BG[en] ?? en,
      shortDeliveryStatusEn: en,
      warnings: null,
    }
  }

  function invalidLabel(label: Body): Answer | undefined {
    const fail = (message: string, field: string) =>
      econtError(400, 'ExInvalidParam', message, [`label.${field}`])
    const receiver = label.receiverClient as Body | undefined
    if (!receiver || typeof receiver.name !== 'string' || !receiver.name.trim()) {
      return fail('Receiver name is required', 'receiverClient.name')
    }
    if (!Array.isArray(receiver.phones) || !receiver.phones.length) {
      return fail('Receiver phone is required', 'receiverClient.phones')
    }
    const sender = label.senderAddress as Body | undefined
    if (!label.senderOfficeCode && !validAddress(sender)) {
      return fail(
        'Invalid sender address: unknown city or post code, or no street and number',
        'senderAddress',
      )
    }
    if (label.receiverOfficeCode !== undefined) {
      if (!econtOffices.some((o) => o.code === label.receiverOfficeCode)) {
        return fail(`Unknown office code ${String(label.receiverOfficeCode)}`, 'receiverOfficeCode')
      }
    } else if (!label.receiverAddress) {
      return fail('Receiver address or office code is required', 'receiverAddress')
    } else if (settings.refuseAddresses || !validAddress(label.receiverAddress as Body)) {
      return fail(
        'Invalid receiver address: unknown city or post code, or no street and number',
        'receiverAddress',
      )
    }
    if (!(typeof label.weight === 'number' && label.weight > 0))
      return fail('Weight must be positive', 'weight')
    const services = (label.services ?? {}) as Body
    if (Number(services.cdAmount ?? 0) > 0 && !services.cdCurrency) {
      return fail('Currency is required for cash on delivery', 'services.cdCurrency')
    }
    if (Number(services.declaredValueAmount ?? 0) > 0 && !services.declaredValueCurrency) {
      return fail('Currency is required for declared value', 'services.declaredValueCurrency')
    }
    return undefined
  }

  return {
    shipments,
    setOrigin(value: string) {
      origin = value
    },
    /** Whether the path is one of these calls. */
    serves: (path: string) => path.startsWith('Shipments/'),
    answer(path: string, body: Body): Answer {
      switch (path) {
        case 'Shipments/LabelService.createLabel.json': {
          const mode = body.mode
          if (
            mode !== 'validate' &&
            mode !== 'calculate' &&
            mode !== 'create' &&
            mode !== 'calculate_with_block'
          ) {
            return econtError(400, 'ExInvalidParam', 'Invalid value for mode', ['mode'])
          }
          const label = body.label
          if (!label || typeof label !== 'object')
            return econtError(400, 'ExInvalidParam', 'Label is required', ['label'])
          const invalid = invalidLabel(label as Body)
          if (invalid) return invalid
          if (mode !== 'create') {
            return { status: 200, body: { label: { totalPrice: 6.5, currency: 'EUR', services: [] } } }
          }
          const shipmentNumber = `1050010${String(next++).padStart(6, '0')}`
          const l = label as Body
          const shipment: Shipment = {
            shipmentNumber,
            label: l,
            createdTime: clock(),
            timeline: l.receiverOfficeCode ? TO_OFFICE : TO_DOOR,
            step: 0,
            events: [],
          }
          shipments.set(shipmentNumber, shipment)
          return {
            status: 200,
            body: {
              label: statusOf(shipment),
              blockingPaymentURL: null,
              courierRequestID: null,
              payAfterAcceptIgnored: false,
            },
          }
        }
        case 'Shipments/ShipmentService.getShipmentStatuses.json': {
          const numbers = body.shipmentNumbers
          if (!Array.isArray(numbers)) {
            return econtError(400, 'ExInvalidParam', 'Invalid value for shipmentNumbers', ['shipmentNumbers'])
          }
          const shipmentStatuses = numbers.map((n) => {
            const s = shipments.get(String(n))
            if (s) return { status: statusOf(s), error: null }
            const error = {
              type: 'ExNotFound',
              message: `Shipment ${String(n)} not found`,
              fields: [],
              innerErrors: [],
            }
            return { status: null, error }
          })
          return { status: 200, body: { shipmentStatuses } }
        }
        case 'Shipments/ShipmentService.getMyAWB.json': {
          const { dateFrom, dateTo } = body
          const page = Number.isInteger(body.page) && (body.page as number) > 0 ? (body.page as number) : 1
          if (typeof dateFrom !== 'string' || typeof dateTo !== 'string') {
            return econtError(400, 'ExInvalidParam', 'Invalid value for dateFrom', ['dateFrom'])
          }
          const day = (t: number) => new Date(t).toISOString().slice(0, 10)
          const rows = [...shipments.values()]
            .filter((s) => day(s.createdTime) >= dateFrom && day(s.createdTime) <= dateTo)
            .map((s) => ({
              shipmentNumber: s.shipmentNumber,
              senderName: (s.label.senderClient as Body | undefined)?.name ?? null,
              status: shortStatus(s),
              createdDate: day(s.createdTime),
              cdAmount: (s.label.services as Body | undefined)?.cdAmount ?? null,
              cdCurrency: (s.label.services as Body | undefined)?.cdCurrency ?? null,
            }))
          const size = 50
          const totalPages = Math.max(1, Math.ceil(rows.length / size))
          return {
            status: 200,
            body: { dateFrom, dateTo, page, totalPages, results: rows.slice((page - 1) * size, page * size) },
          }
        }
        default:
          return econtError(501, 'ExNotImplemented', `${path} is not served by the local Econt fake`)
      }
    },
    /** One step along the parcel's timeline; 'return' turns it back to the sender. False for an unknown number. */
    advance(shipmentNumber: string, to?: 'return'): boolean {
      const s = shipments.get(shipmentNumber)
      if (!s) return false
      const time = clock()
      if (to === 'return' && !RETURN.includes(shortStatus(s))) {
        s.timeline = [...s.timeline.slice(0, s.step + 1), ...RETURN]
      }
      const delivered = shortStatus(s) === 'Delivered'
      if (delivered && !s.cdPaidTime && Number((s.label.services as Body | undefined)?.cdAmount ?? 0) > 0) {
        s.cdPaidTime = time
        return true
      }
      if (s.step + 1 >= s.timeline.length) return true
      s.step += 1
      const en = shortStatus(s)
      s.events.push({ time, destinationType: EVENT_TYPE[en] ?? 'office', destinationDetailsEn: en })
      return true
    },
    /** The label PDF of a shipment, or undefined. */
    async pdf(shipmentNumber: string): Promise<Buffer | undefined> {
      const s = shipments.get(shipmentNumber)
      if (!s) return undefined
      const l = s.label
      const receiver = (l.receiverClient ?? {}) as Body
      const address = (l.receiverAddress ?? {}) as Body
      const city = (address.city ?? {}) as Body
      const services = (l.services ?? {}) as Body
      const lines = [
        `Receiver: ${String(receiver.name ?? '')}`,
        l.receiverOfficeCode
          ? `Office ${String(l.receiverOfficeCode)}`
          : `${String(address.street ?? '')} ${String(address.num ?? '')}, ${String(city.postCode ?? '')} ${String(city.name ?? '')}`,
        ...(services.cdAmount
          ? [`COD ${String(services.cdAmount)} ${String(services.cdCurrency ?? '')}`]
          : []),
        `Order ${String(l.orderNumber ?? '')}`,
      ]
      return fakeLabelPdf({ courier: 'Econt', trackingId: shipmentNumber, lines })
    },
  }
}
export type EcontShipments = ReturnType<typeof createEcontShipments>

/** A post code and a city name the nomenclature knows, and a street with a number (§1.7). */
function validAddress(address: Body | undefined): boolean {
  if (!address) return false
  const city = (address.city ?? {}) as Body
  const name = String(city.name ?? '').toLowerCase()
  const known = econtCities.some(
    (c) => c.postCode === city.postCode && (c.name.toLowerCase() === name || c.nameEn.toLowerCase() === name),
  )
  return known && Boolean(String(address.street ?? '').trim()) && Boolean(String(address.num ?? '').trim())
}
