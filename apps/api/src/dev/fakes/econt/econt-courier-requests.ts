/**
 * The fake's courier requests (docs/integrations/couriers.md §1.11): ShipmentService.requestCourier books a
 * van for prepared shipments and answers `courierRequestID` and `warnings`; getRequestCourierStatus answers
 * `requestCourierStatus[]{status:{id,status,note,reject_reason},error}` in the order asked. A request starts
 * `unprocess`; a test (or the demo) moves it with `setStatus(id, status, reason)` or
 * `POST /_control/courier-requests/{id}/status` with `{"status": "taken"}` (`process`, `taken`, `reject`,
 * `reject_client`; a rejection's `reason`).
 */
type Answer = { status: number; body: unknown }
type Body = Record<string, unknown>

export const courierRequestStatuses = ['unprocess', 'process', 'taken', 'reject', 'reject_client'] as const
export type CourierRequestStatus = (typeof courierRequestStatuses)[number]

export interface CourierRequest {
  id: string
  body: Body
  status: CourierRequestStatus
  note: string | null
  rejectReason: string | null
}

const econtError = (status: number, type: string, message: string, fields: string[] = []): Answer => ({
  status,
  body: { type, message, fields, innerErrors: [] },
})

const PATHS = {
  request: 'Shipments/ShipmentService.requestCourier.json',
  status: 'Shipments/ShipmentService.getRequestCourierStatus.json',
}

/** `knownShipment`: whether a waybill of that number exists (the shipments the fake created). */
export function createEcontCourierRequests(knownShipment: (shipmentNumber: string) => boolean) {
  const requests = new Map<string, CourierRequest>()
  let next = 1

  function invalidRequest(body: Body): Answer | undefined {
    const fail = (message: string, field: string) => econtError(400, 'ExInvalidParam', message, [field])
    const from = body.requestTimeFrom
    const to = body.requestTimeTo
    if (typeof from !== 'number' || !Number.isFinite(from))
      return fail('Invalid value for requestTimeFrom', 'requestTimeFrom')
    if (typeof to !== 'number' || !Number.isFinite(to) || to <= from)
      return fail('Invalid value for requestTimeTo', 'requestTimeTo')
    const client = body.senderClient as Body | undefined
    if (!client || typeof client.name !== 'string' || !client.name.trim())
      return fail('Sender name is required', 'senderClient.name')
    if (!Array.isArray(client.phones) || !client.phones.length)
      return fail('Sender phone is required', 'senderClient.phones')
    const address = body.senderAddress as Body | undefined
    const city = (address?.city ?? {}) as Body
    if (!address || !String(address.street ?? '').trim() || !String(city.postCode ?? '').trim())
      return fail('Invalid sender address: no street or post code', 'senderAddress')
    if (!String(city.name ?? '').trim()) return fail('Invalid sender address: no city', 'senderAddress.city')
    const attached = body.attachShipments
    if (attached !== undefined && !Array.isArray(attached))
      return fail('Invalid value for attachShipments', 'attachShipments')
    for (const n of (attached ?? []) as unknown[]) {
      if (!knownShipment(String(n))) return fail(`Unknown shipment ${String(n)}`, 'attachShipments')
    }
    if (!(Number(body.shipmentPackCount ?? 1) > 0))
      return fail('Invalid value for shipmentPackCount', 'shipmentPackCount')
    return undefined
  }

  return {
    requests,
    serves: (path: string) => path === PATHS.request || path === PATHS.status,
    answer(path: string, body: Body): Answer {
      if (path === PATHS.request) {
        const invalid = invalidRequest(body)
        if (invalid) return invalid
        const id = `2026${String(next++).padStart(12, '0')}`
        requests.set(id, { id, body, status: 'unprocess', note: null, rejectReason: null })
        return { status: 200, body: { courierRequestID: id, warnings: null } }
      }
      const ids = body.requestCourierIds
      if (!Array.isArray(ids))
        return econtError(400, 'ExInvalidParam', 'Invalid value for requestCourierIds', ['requestCourierIds'])
      const requestCourierStatus = ids.map((id) => {
        const r = requests.get(String(id))
        if (!r) {
          const error = {
            type: 'ExNotFound',
            message: `Courier request ${String(id)} not found`,
            fields: [],
            innerErrors: [],
          }
          return { status: null, error }
        }
        return {
          status: { id: r.id, status: r.status, note: r.note, reject_reason: r.rejectReason },
          error: null,
        }
      })
      return { status: 200, body: { requestCourierStatus } }
    },
    /** Moves a request to a status (a rejection with its reason); false for an unknown id or status. */
    setStatus(id: string, status: string, reason?: string): boolean {
      const r = requests.get(id)
      if (!r || !(courierRequestStatuses as readonly string[]).includes(status)) return false
      r.status = status as CourierRequestStatus
      r.rejectReason = status.startsWith('reject') ? (reason ?? 'Rejected by Econt') : null
      r.note = status === 'process' ? 'Planned' : status === 'taken' ? 'Collected by the courier' : null
      return true
    },
  }
}
export type EcontCourierRequests = ReturnType<typeof createEcontCourierRequests>
