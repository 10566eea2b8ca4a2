import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { advanceTarget } from '../control.ts'
import { readBody } from '../read-body.ts'
import { createEcontCourierRequests, type EcontCourierRequests } from './econt-courier-requests.ts'
import { econtCities, econtCountries, econtOffices } from './econt-fixtures.ts'
import { createEcontShipments, type EcontShipments } from './econt-shipments.ts'

/**
 * A local fake of Econt's JSON API (docs/couriers.md) for tests and the demo:
 * `POST {base}/{Module}/{Service}.{method}.json` with Econt's request and answer shapes and its Error
 * shape `{type, message, fields, innerErrors}` on a non-2xx status. It serves the nomenclatures
 * (getCountries, getCities, getOffices), the COD PaymentReport (rows from `payments`), and waybills
 * (createLabel, getShipmentStatuses, getMyAWB; econt-shipments.ts) with their label PDFs at
 * `GET /label-pdf/{number}`, and courier requests (requestCourier, getRequestCourierStatus;
 * econt-courier-requests.ts) with `POST /_control/courier-requests/{id}/status`. The base URL is `http://127.0.0.1:<port>/services`, like
 * `https://ee.econt.com/services`. Failure switches (`settings`): latency, an HTTP status for every
 * call, refused receiver addresses, and answers dropped after a label is created.
 */
export interface EcontFakeOptions {
  /** When set, a request with a Basic header must carry these; nomenclatures also answer without one. */
  credentials?: { username: string; password: string }
  /** Delay before every answer (ms), e.g. to exercise the client's timeout. */
  latencyMs?: number
  /** Answer every call with this HTTP status and an Econt Error (failure injection). */
  failStatus?: number
  /** Refuse every receiver address of a label (ExInvalidParam). */
  refuseAddresses?: boolean
}

export interface EcontFakeCall {
  path: string
  body: unknown
  /** 'none' without an Authorization header, else whether it matched the credentials. */
  auth: 'none' | 'valid' | 'invalid'
}

const BASE_PATH = '/services'
const MAX_CALLS = 1000
const nomenclatures = 'Nomenclatures/NomenclaturesService'

type Answer = { status: number; body: unknown }

/** A payout row the fake's PaymentReport answers (tests and the demo add them: `fake.payments`). */
export interface EcontFakePayment {
  num: string
  type?: string
  payType?: string
  /** YYYY-MM-DD (the report filters on it) */
  payDate: string
  amount: number
  currency: string
  createdTime?: string
}
const DAY = /^\d{4}-\d{2}-\d{2}$/
const econtError = (status: number, type: string, message: string, fields: string[] = []): Answer => ({
  status,
  body: { type, message, fields, innerErrors: [] },
})

/** The fake's logic, without HTTP: a path and a parsed body in, a status and a JSON body out. */
function answer(
  path: string,
  body: Record<string, unknown>,
  payments: EcontFakePayment[],
  shipments: EcontShipments,
  courierRequests: EcontCourierRequests,
): Answer {
  if (courierRequests.serves(path)) return courierRequests.answer(path, body)
  if (shipments.serves(path)) return shipments.answer(path, body)
  switch (path) {
    case 'PaymentReport/PaymentReportService.PaymentReport.json': {
      const { dateFrom, dateTo } = body
      for (const [name, value] of [
        ['dateFrom', dateFrom],
        ['dateTo', dateTo],
      ] as const) {
        if (typeof value !== 'string' || !DAY.test(value)) {
          return econtError(400, 'ExInvalidParam', `Invalid value for ${name}`, [name])
        }
      }
      const rows = payments
        .filter((p) => p.payDate >= (dateFrom as string) && p.payDate <= (dateTo as string))
        .map((p) => ({
          num: p.num,
          type: p.type ?? 'CoD',
          payType: p.payType ?? 'bank',
          payDate: p.payDate,
          amount: p.amount,
          currency: p.currency,
          createdTime: p.createdTime ?? `${p.payDate} 10:00:00`,
        }))
      return { status: 200, body: { PaymentReportRows: rows } }
    }
    case `${nomenclatures}.getCountries.json`:
      return { status: 200, body: { countries: econtCountries } }
    case `${nomenclatures}.getCities.json`: {
      const country = countryParam(body)
      if (typeof country !== 'string' && country !== undefined) return country
      return {
        status: 200,
        body: { cities: econtCities.filter((c) => !country || c.country.code3 === country) },
      }
    }
    case `${nomenclatures}.getOffices.json`: {
      const country = countryParam(body)
      if (typeof country !== 'string' && country !== undefined) return country
      const cityID = body.cityID
      if (cityID !== undefined && cityID !== null && !Number.isInteger(cityID)) {
        return econtError(400, 'ExInvalidParam', 'Invalid value for cityID', ['cityID'])
      }
      const offices = econtOffices.filter(
        (o) =>
          (!country || o.address.city.country.code3 === country) &&
          (cityID === undefined || cityID === null || o.address.city.id === cityID),
      )
      return { status: 200, body: { offices } }
    }
    default:
      if (/^[A-Za-z]+\/[A-Za-z]+Service\.[A-Za-z_]+\.json$/.test(path)) {
        return econtError(501, 'ExNotImplemented', `${path} is not served by the local Econt fake`)
      }
      return econtError(404, 'ExNotFound', `Unknown service ${path}`)
  }
}

/** `countryCode` (ISO alpha-3, any case) or undefined; an Error answer when it is not a string. */
function countryParam(body: Record<string, unknown>): string | undefined | Answer {
  const value = body.countryCode
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string') {
    return econtError(400, 'ExInvalidParam', 'Invalid value for countryCode', ['countryCode'])
  }
  return value.toUpperCase()
}

export function createEcontFake(options: EcontFakeOptions = {}) {
  const calls: EcontFakeCall[] = []
  /** Remembers the latest calls only: the demo's in-process fake may run for weeks. */
  const record = (call: EcontFakeCall) => {
    if (calls.length >= MAX_CALLS) calls.shift()
    calls.push(call)
  }
  /** The COD payouts PaymentReport answers (by payDate within dateFrom..dateTo). */
  const payments: EcontFakePayment[] = []
  const settings = {
    latencyMs: options.latencyMs ?? 0,
    failStatus: options.failStatus,
    refuseAddresses: options.refuseAddresses ?? false,
    /** This many created labels lose their answer (the connection drops after the label exists). */
    dropAnswersAfterCreate: 0,
  }
  const shipments = createEcontShipments(settings)
  const courierRequests = createEcontCourierRequests((n) => shipments.shipments.has(n))

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => send(res, econtError(500, 'ExInternal', 'Internal error')))
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = (await readBody(req, MAX_BODY)).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://fake')
    const pdf = /^\/label-pdf\/(\d+)$/.exec(url.pathname)
    if (pdf && req.method === 'GET') {
      const bytes = await shipments.pdf(pdf[1] as string)
      if (!bytes) return send(res, econtError(404, 'ExNotFound', 'No such label'))
      res.writeHead(200, { 'content-type': 'application/pdf' })
      return res.end(bytes)
    }
    const control = /^\/_control\/shipments\/(\d+)\/advance$/.exec(url.pathname)
    if (control && req.method === 'POST') {
      const done = shipments.advance(control[1] as string, advanceTarget(raw))
      return send(res, done ? { status: 200, body: {} } : econtError(404, 'ExNotFound', 'No such shipment'))
    }
    const request = /^\/_control\/courier-requests\/(\d+)\/status$/.exec(url.pathname)
    if (request && req.method === 'POST') {
      const { status, reason } = controlStatus(raw)
      const done = courierRequests.setStatus(request[1] as string, status, reason)
      return send(
        res,
        done ? { status: 200, body: {} } : econtError(404, 'ExNotFound', 'No such request or status'),
      )
    }
    if (!url.pathname.startsWith(`${BASE_PATH}/`)) {
      return send(res, econtError(404, 'ExNotFound', `Unknown service ${url.pathname}`))
    }
    const path = url.pathname.slice(BASE_PATH.length + 1)
    const auth = authOf(req.headers.authorization)
    let body: unknown
    try {
      body = raw ? JSON.parse(raw) : {}
    } catch {
      record({ path, body: raw, auth })
      return send(res, econtError(400, 'ExInvalidParam', 'The request body is not valid JSON'))
    }
    record({ path, body, auth })
    if (settings.latencyMs > 0) await new Promise((r) => setTimeout(r, settings.latencyMs))
    if (req.method !== 'POST') {
      return send(res, econtError(405, 'ExInvalidRequest', 'HTTP request type must be POST'))
    }
    if (auth === 'invalid') {
      return send(res, econtError(401, 'ExAccessDenied', 'Invalid username or password'))
    }
    if (auth === 'none' && !path.startsWith('Nomenclatures/')) {
      return send(res, econtError(401, 'ExAccessDenied', 'Authentication is required'))
    }
    if (settings.failStatus) {
      return send(res, econtError(settings.failStatus, 'ExInternal', 'Service temporarily unavailable'))
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return send(res, econtError(400, 'ExInvalidParam', 'The request body must be a JSON object'))
    }
    const result = answer(path, body as Record<string, unknown>, payments, shipments, courierRequests)
    const created =
      path === 'Shipments/LabelService.createLabel.json' && (body as { mode?: unknown }).mode === 'create'
    if (created && result.status === 200 && settings.dropAnswersAfterCreate > 0) {
      settings.dropAnswersAfterCreate -= 1
      return void res.destroy()
    }
    send(res, result)
  }

  function authOf(header: string | undefined): EcontFakeCall['auth'] {
    if (!header) return 'none'
    if (!options.credentials) return 'valid'
    const { username, password } = options.credentials
    const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`
    return header === expected ? 'valid' : 'invalid'
  }

  return {
    /** Every call received, oldest first (tests assert what the client sent). */
    calls,
    /** The COD payouts the PaymentReport call answers; push rows to simulate Econt paying out. */
    payments,
    /** Latency and failure injection, changeable while running. */
    settings,
    /** The waybills created (by shipment number); `advance` moves one along its timeline. */
    shipments: shipments.shipments,
    advance: shipments.advance,
    /** The courier requests booked (by courierRequestID); `setCourierRequestStatus` moves one (taken, reject…). */
    courierRequests: courierRequests.requests,
    setCourierRequestStatus: courierRequests.setStatus,
    /** Listens on 127.0.0.1 (port 0 = a free one) and answers the base URL to configure the client with. */
    async start(port = 0, host = '127.0.0.1'): Promise<string> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, host, () => resolve())
      })
      const address = server.address() as AddressInfo
      shipments.setOrigin(`http://${host}:${address.port}`)
      return `http://${host}:${address.port}${BASE_PATH}`
    },
    async close(): Promise<void> {
      if (!server.listening) return
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
export type EcontFake = ReturnType<typeof createEcontFake>

const MAX_BODY = 64 * 1024

/** The body of a courier request's control call: `{"status": "taken"}`, a rejection's `reason`. */
function controlStatus(raw: string): { status: string; reason?: string } {
  try {
    const body = JSON.parse(raw) as { status?: unknown; reason?: unknown } | null
    return {
      status: typeof body?.status === 'string' ? body.status : '',
      ...(typeof body?.reason === 'string' ? { reason: body.reason } : {}),
    }
  } catch {
    return { status: '' }
  }
}

function send(res: ServerResponse, { status, body }: Answer) {
  if (res.headersSent) return
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}
