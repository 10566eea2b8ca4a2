import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { create } from 'xmlbuilder2'
import { advanceTarget } from '../control.ts'
import { fakeLabelPdf } from '../label-pdf.ts'
import { readBody } from '../read-body.ts'

/**
 * A local fake of Packeta's REST/XML API (docs/couriers.md §2) for tests and the demo: `POST {base}` of an
 * XML document whose root is the method (createPacket, packetLabelPdf, packetStatus, packetTracking) and
 * whose first child is the API password; answers `<response><status>ok</status><result>…` or a fault
 * (`IncorrectApiPasswordFault`, `PacketAttributesFault` with `detail.attributes.fault[]`, `PacketIdFault`,
 * `UnknownLabelFormatFault`). Packets advance through Packeta's status codes by `advance(id)` or
 * `POST /_control/packets/{id}/advance` (`{"to":"return"}` sends one back). The base URL is
 * `http://127.0.0.1:<port>/api/rest`, like `https://www.zasilkovna.cz/api/rest`.
 */
export interface PacketaFakeOptions {
  /** The API password every call must carry (32 hex digits; a fixed one by default). */
  apiPassword?: string
}

/** Pick-up points (Z-POINTs and a Z-BOX) and home-delivery carriers an `addressId` may name. */
export const packetaPoints: Record<string, { name: string; country: string }> = {
  '79': { name: 'Praha 1, Národní 37', country: 'cz' },
  '1204': { name: 'Brno, Kobližná 4', country: 'cz' },
  '9450': { name: 'Z-BOX Praha 7, Dukelských hrdinů 47', country: 'cz' },
  '4307': { name: 'Bratislava, Obchodná 26', country: 'sk' },
}
export const packetaCarriers: Record<string, { name: string; country: string }> = {
  '106': { name: 'CZ Zásilkovna domů HD', country: 'cz' },
  '131': { name: 'SK Packeta Home HD', country: 'sk' },
}
const LABEL_FORMATS = ['A6 on A6', 'A7 on A7', 'A6 on A4', 'A7 on A4', '105x35mm on A4', 'A8 on A8']
/** [statusCode, codeText, statusText] (status-codes.mdx). */
const STATUS: Record<number, [string, string]> = {
  1: ['received data', 'We have received the packet data.'],
  2: ['arrived', 'The packet has been accepted at our branch.'],
  3: ['prepared for departure', 'The packet is waiting to be dispatched.'],
  4: ['departed', 'The packet is on the way.'],
  5: ['ready for pickup', 'The packet is ready for pickup.'],
  6: ['handed to carrier', 'The packet has been handed over to the carrier.'],
  7: ['delivered', 'The packet has been delivered.'],
  9: ['posted back', 'The packet is being returned to the sender.'],
  10: ['returned', 'The packet has been returned to the sender.'],
}
const TO_POINT = [1, 2, 3, 4, 5, 7]
const TO_DOOR = [1, 2, 3, 4, 6, 7]

export interface FakePacket {
  id: string
  attributes: Record<string, string>
  timeline: number[]
  step: number
  changed: number
}

type Answer = { status: number; xml: string }
const ok = (result: unknown): Answer => ({
  status: 200,
  xml: create({ version: '1.0', encoding: 'UTF-8' })
    .ele({ response: { status: 'ok', result } })
    .end(),
})
const fault = (
  name: string,
  message: string,
  attributes: { name: string; fault: string }[] = [],
): Answer => ({
  status: 200,
  xml: create({ version: '1.0', encoding: 'UTF-8' })
    .ele({
      response: {
        status: 'fault',
        fault: name,
        string: message,
        ...(attributes.length ? { detail: { attributes: { fault: attributes } } } : {}),
      },
    })
    .end(),
})

const MAX_BODY = 64 * 1024

export function createPacketaFake(options: PacketaFakeOptions = {}) {
  const apiPassword = options.apiPassword ?? '0123456789abcdef0123456789abcdef'
  const packets = new Map<string, FakePacket>()
  const calls: { method: string; args: Record<string, unknown> }[] = []
  let next = 4_100_000_001
  const settings = {
    latencyMs: 0,
    /** Answer every call with this HTTP status (an HTML error page, as a proxy would). */
    failStatus: undefined as number | undefined,
    /** Refuse every home-delivery address (street, city or zip unknown). */
    refuseAddresses: false,
    /** This many created packets lose their answer (the connection drops after the packet exists). */
    dropAnswersAfterCreate: 0,
  }

  function createPacket(a: Record<string, string>): Answer {
    const faults: { name: string; fault: string }[] = []
    const need = (name: string, why = 'Required attribute is missing.') => faults.push({ name, fault: why })
    if (!a.number || a.number.length > 36) need('number', 'Must be 1 to 36 characters long.')
    if (!a.name) need('name')
    if (!a.surname) need('surname')
    if (!a.email && !a.phone) need('email', 'Either email or phone is required.')
    const point = a.addressId ? packetaPoints[a.addressId] : undefined
    const carrier = a.addressId ? packetaCarriers[a.addressId] : undefined
    if (!point && !carrier) need('addressId', 'Unknown pickup point or carrier.')
    if (carrier) {
      for (const field of ['street', 'houseNumber', 'city', 'zip']) if (!a[field]) need(field)
      if (a.zip && !/^\d{3} ?\d{2}$/.test(a.zip)) need('zip', 'Invalid ZIP code.')
      if (settings.refuseAddresses && a.street) need('street', 'Address not found.')
    }
    if (!a.value || !(Number(a.value) >= 0)) need('value')
    if (!a.weight || !(Number(a.weight) > 0)) need('weight')
    if (a.cod) {
      if (!a.currency) need('currency', 'Currency is required for COD.')
      if (a.currency === 'CZK' && !Number.isInteger(Number(a.cod)))
        need('cod', 'COD in CZK must be a whole number.')
      if (a.currency === 'HUF' && Number(a.cod) % 5 !== 0) need('cod', 'COD in HUF must be a multiple of 5.')
    }
    if (faults.length) return fault('PacketAttributesFault', 'Invalid packet attributes.', faults)
    const id = String(next++)
    packets.set(id, {
      id,
      attributes: a,
      timeline: carrier ? TO_DOOR : TO_POINT,
      step: 0,
      changed: Date.now(),
    })
    return ok({ id, barcode: `Z${id}`, barcodeText: `Z ${id.slice(0, 3)} ${id.slice(3, 7)} ${id.slice(7)}` })
  }

  function record(p: FakePacket) {
    const code = p.timeline[p.step] ?? 1
    const [codeText, statusText] = STATUS[code] ?? ['unknown', 'Unknown']
    const carrier = packetaCarriers[p.attributes.addressId ?? '']
    return {
      dateTime: pragueLocal(p.changed),
      statusCode: code,
      codeText,
      statusText,
      branchId: 79,
      destinationBranchId: carrier ? '' : (p.attributes.addressId ?? ''),
      externalTrackingCode: '',
      isReturning: code === 9 || code === 10 ? 'true' : 'false',
      storedUntil: '',
      carrierId: carrier ? p.attributes.addressId : '',
      carrierName: carrier?.name ?? '',
    }
  }

  async function answer(method: string, args: Record<string, unknown>): Promise<Answer> {
    if (args.apiPassword !== apiPassword) return fault('IncorrectApiPasswordFault', 'Incorrect API password.')
    const packet = () => packets.get(String(args.packetId ?? ''))
    switch (method) {
      case 'createPacket':
        return createPacket((args.packetAttributes ?? {}) as Record<string, string>)
      case 'packetLabelPdf': {
        const p = packet()
        if (!p) return fault('PacketIdFault', 'Packet with this id does not exist.')
        if (!LABEL_FORMATS.includes(String(args.format)))
          return fault('UnknownLabelFormatFault', 'Unknown label format.')
        const a = p.attributes
        const place = packetaPoints[a.addressId ?? '']
        const lines = [
          `${a.name} ${a.surname}`,
          place
            ? `Pick-up point ${a.addressId}: ${place.name}`
            : `${a.street} ${a.houseNumber}, ${a.zip} ${a.city}`,
          ...(a.cod ? [`COD ${a.cod} ${a.currency}`] : []),
          `Order ${a.number}`,
        ]
        const barcodeText = `Z ${p.id.slice(0, 3)} ${p.id.slice(3, 7)} ${p.id.slice(7)}`
        const pdf = await fakeLabelPdf({ courier: 'Packeta', trackingId: p.id, barcodeText, lines })
        return ok(pdf.toString('base64'))
      }
      case 'packetStatus': {
        const p = packet()
        return p ? ok(record(p)) : fault('PacketIdFault', 'Packet with this id does not exist.')
      }
      case 'packetTracking': {
        const p = packet()
        if (!p) return fault('PacketIdFault', 'Packet with this id does not exist.')
        return ok({ record: p.timeline.slice(0, p.step + 1).map((_, i) => record({ ...p, step: i })) })
      }
      default:
        return fault('UnknownMethodFault', `Method ${method} is not served by the local Packeta fake.`)
    }
  }

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => send(res, { status: 500, xml: 'Internal error' }))
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = (await readBody(req, MAX_BODY)).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://fake')
    const control = /^\/_control\/packets\/(\d+)\/advance$/.exec(url.pathname)
    if (control && req.method === 'POST') {
      const done = advance(control[1] as string, advanceTarget(raw))
      return send(res, { status: done ? 200 : 404, xml: '' })
    }
    if (url.pathname !== '/api/rest' || req.method !== 'POST')
      return send(res, { status: 404, xml: 'Not found' })
    if (settings.latencyMs > 0) await new Promise((r) => setTimeout(r, settings.latencyMs))
    if (settings.failStatus) {
      res.writeHead(settings.failStatus, { 'content-type': 'text/html' })
      return res.end('<html><body>Service Unavailable</body></html>')
    }
    let method: string
    let args: Record<string, unknown>
    try {
      const doc = create(raw).end({ format: 'object' }) as Record<string, Record<string, unknown>>
      method = Object.keys(doc)[0] ?? ''
      args = doc[method] ?? {}
    } catch {
      return send(res, fault('RestFault', 'The request is not valid XML.'))
    }
    calls.push({ method, args })
    if (calls.length > 1000) calls.shift()
    const result = await answer(method, args)
    if (
      method === 'createPacket' &&
      result.xml.includes('<status>ok</status>') &&
      settings.dropAnswersAfterCreate > 0
    ) {
      settings.dropAnswersAfterCreate -= 1
      return void res.destroy()
    }
    send(res, result)
  }

  /** One step along the packet's statuses; 'return' sends it back. False for an unknown id. */
  function advance(id: string, to?: 'return'): boolean {
    const p = packets.get(id)
    if (!p) return false
    if (to === 'return' && !p.timeline.includes(9)) p.timeline = [...p.timeline.slice(0, p.step + 1), 9, 10]
    if (p.step + 1 < p.timeline.length) p.step += 1
    p.changed = Date.now()
    return true
  }

  return {
    apiPassword,
    calls,
    packets,
    settings,
    advance,
    async start(port = 0, host = '127.0.0.1'): Promise<string> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, host, () => resolve())
      })
      return `http://${host}:${(server.address() as AddressInfo).port}/api/rest`
    },
    async close(): Promise<void> {
      if (!server.listening) return
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
export type PacketaFake = ReturnType<typeof createPacketaFake>

function send(res: ServerResponse, { status, xml }: Answer) {
  if (res.headersSent) return
  res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8' })
  res.end(xml)
}

/** Epoch ms as Packeta's `Y-m-d\TH:i:s` in Prague's local time. */
function pragueLocal(ms: number): string {
  return new Date(ms).toLocaleString('sv-SE', { timeZone: 'Europe/Prague' }).replace(' ', 'T')
}
