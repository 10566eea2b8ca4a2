import { create } from 'xmlbuilder2'
import { CourierRefusedError, CourierUnavailableError } from '../courier-adapter.ts'
import { courierBody, courierFetch } from '../courier-http.ts'

export interface PacketaClientOptions {
  /** e.g. https://www.zasilkovna.cz/api/rest */
  baseUrl: string
  /** The API password (client.packeta.com), the first argument of every call. */
  apiPassword: string
  timeoutMs: number
}

/** Packeta refused the call as given (its fault name, message and the attributes at fault). */
export class PacketaRefusedError extends CourierRefusedError {
  override name = 'PacketaRefusedError'
  readonly fault: string
  constructor(fault: string, message: string, fields: string[]) {
    super(message, fields)
    this.fault = fault
  }
}

/** Faults of the request itself; any other fault (a wrong API password, …) is Packeta unavailable to us. */
const REFUSALS = new Set([
  'PacketAttributesFault',
  'PacketIdFault',
  'UnknownLabelFormatFault',
  'NoPacketIdsFault',
])

/** createPacket's PacketIdDetail. */
export interface PacketIdDetail {
  id: string
  barcode: string
  barcodeText: string
}

/** packetStatus's CurrentStatusRecord (all values as Packeta's XML gives them: strings). */
export interface PacketaStatusRecord {
  dateTime?: string
  statusCode?: string
  codeText?: string
  statusText?: string
  branchId?: string
  destinationBranchId?: string
  externalTrackingCode?: string
  isReturning?: string
  storedUntil?: string
  carrierId?: string
  carrierName?: string
}

type Xml = Record<string, unknown>

/**
 * A client of Packeta's REST/XML API (docs/couriers.md §2): every call is a POST of an XML document whose
 * root is the method and whose children are its arguments, the API password first. The answer is
 * `<response><status>ok</status><result>…</result></response>` or `<status>fault</status>` with
 * `<fault>`, `<string>` and `<detail>`. Packet ids are 64-bit: strings throughout.
 */
export function createPacketaClient(options: PacketaClientOptions) {
  async function call(method: string, args: Xml): Promise<unknown> {
    const body = create({ version: '1.0', encoding: 'UTF-8' })
      .ele({ [method]: { apiPassword: options.apiPassword, ...args } })
      .end()
    const response = await courierFetch(
      'Packeta',
      method,
      options.baseUrl,
      { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8' }, body },
      options.timeoutMs,
    )
    const text = (await courierBody('Packeta', method, response)).toString('utf8')
    const answer = parse(text)
    if (!answer) {
      const failure = new CourierUnavailableError(`Packeta answered ${method} with HTTP ${response.status}`)
      failure.outcomeUnknown = response.status === 502 || response.status === 504
      throw failure
    }
    if (answer.status === 'ok') return answer.result
    const fault = String(answer.fault ?? 'Fault')
    const message = String(answer.string ?? fault).slice(0, 300)
    if (!REFUSALS.has(fault))
      throw new CourierUnavailableError(`Packeta refused ${method} (${fault}): ${message}`)
    const faults = attributeFaults(answer.detail)
    const detail = faults.map((f) => `${f.name}: ${f.fault}`).join('; ')
    throw new PacketaRefusedError(
      fault,
      `Packeta refused ${method}: ${message}${detail ? ` (${detail})` : ''}`,
      faults.map((f) => f.name),
    )
  }

  return {
    /** `packetAttributes` → PacketIdDetail. */
    async createPacket(packetAttributes: Xml): Promise<PacketIdDetail> {
      const result = (await call('createPacket', { packetAttributes })) as Xml | undefined
      if (!result?.id) throw new CourierUnavailableError('Packeta answered createPacket without a packet id')
      return {
        id: String(result.id),
        barcode: String(result.barcode ?? ''),
        barcodeText: String(result.barcodeText ?? ''),
      }
    },
    /** The label as PDF bytes (the result is base64) in one of Packeta's formats, e.g. 'A6 on A6'. */
    async packetLabelPdf(packetId: string, format: string, offset = 0): Promise<Buffer> {
      const result = await call('packetLabelPdf', { packetId, format, offset })
      if (typeof result !== 'string' || !result) {
        throw new CourierUnavailableError('Packeta answered packetLabelPdf without a PDF')
      }
      return Buffer.from(result, 'base64')
    },
    async packetStatus(packetId: string): Promise<PacketaStatusRecord> {
      const result = await call('packetStatus', { packetId })
      return (result && typeof result === 'object' ? result : {}) as PacketaStatusRecord
    },
  }
}
export type PacketaClient = ReturnType<typeof createPacketaClient>

function parse(text: string): Xml | undefined {
  try {
    const doc = create(text).end({ format: 'object' }) as Xml
    const response = doc.response as Xml | undefined
    return response && typeof response === 'object' ? response : undefined
  } catch {
    return undefined
  }
}

/** `detail.attributes.fault[]` (one or many): `{name, fault}` per attribute. */
function attributeFaults(detail: unknown): { name: string; fault: string }[] {
  const faults = ((detail as Xml | undefined)?.attributes as Xml | undefined)?.fault
  const list = Array.isArray(faults) ? faults : faults ? [faults] : []
  return list.map((f: Xml) => ({ name: String(f.name ?? ''), fault: String(f.fault ?? '') }))
}
