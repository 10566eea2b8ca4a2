import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { advanceTarget } from '../control.ts'
import { fakeLabelPdf } from '../label-pdf.ts'
import { readBody } from '../read-body.ts'

/**
 * A local fake of GLS's MyGLS JSON API (docs/couriers.md §3) for tests and the demo:
 * `POST {base}/{Method}` with `Username` and `Password` (SHA-512 bytes) in the JSON body; PrintLabels,
 * GetParcelList, GetPrintedLabels and GetParcelStatuses in GLS's PascalCase shapes, PDFs as byte arrays,
 * refusals in the answer's error list (`{ErrorCode, ErrorDescription, ClientReferenceList}`; the codes are
 * the fake's own). A wrong user or password is refused with HTTP 401 [UNCONF: how MyGLS answers it].
 * Parcels advance through GLS status codes by `advance(parcelNumber)` or
 * `POST /_control/parcels/{number}/advance` (`{"to":"return"}`). Base URL
 * `http://127.0.0.1:<port>/ParcelService.svc/json`, like `https://api.mygls.cz/ParcelService.svc/json`.
 */
export interface GlsFakeOptions {
  username?: string
  password?: string
  clientNumber?: number
}

/** Parcel shops a PSD service may name. */
export const glsParcelShops: Record<string, string> = {
  '2351-CSOMAGPONT': 'Budapest, Váci út 1',
  'CZ10001-PARCELSHOP': 'Praha 1, Na Příkopě 10',
  'SK81101-PARCELSHOP': 'Bratislava, Obchodná 5',
}
const DESCRIPTIONS: Record<number, string> = {
  51: 'The parcel data was entered into the GLS IT system; the parcel was not yet handed over to GLS.',
  1: 'The parcel was handed over to GLS.',
  2: 'The parcel has left the parcel center.',
  3: 'The parcel has reached the parcel center.',
  4: 'The parcel is expected to be delivered during the day.',
  55: 'The parcel has been delivered at the ParcelShop.',
  5: 'The parcel has been delivered.',
  23: 'The parcel has been returned to sender.',
}
const TO_DOOR = [51, 1, 2, 3, 4, 5]
const TO_SHOP = [51, 1, 2, 3, 55, 5]

type Json = Record<string, unknown>
interface FakeParcel {
  parcelId: number
  parcelNumber: number
  parcel: Json
  printed: number
  timeline: number[]
  history: { code: number; at: number }[]
}
type Answer = { status: number; body: unknown }
const MAX_BODY = 256 * 1024

export function createGlsFake(options: GlsFakeOptions = {}) {
  const username = options.username ?? 'api-user@expedo.test'
  const password = options.password ?? 'gls-test-password'
  const clientNumber = options.clientNumber ?? 100_000_001
  const digest = [...createHash('sha512').update(password, 'utf8').digest()]
  const parcels = new Map<number, FakeParcel>()
  const calls: { method: string; body: Json }[] = []
  let nextId = 70_000_001
  let nextNumber = 60_000_000_001
  const settings = {
    latencyMs: 0,
    failStatus: undefined as number | undefined,
    /** Refuse every delivery address (as GLS refuses an address it cannot route). */
    refuseAddresses: false,
    /** This many created parcels lose their answer (the connection drops after the parcel exists). */
    dropAnswersAfterCreate: 0,
  }

  const pdfOf = (list: FakeParcel[]) =>
    Promise.all(
      list.map((p) => {
        const d = (p.parcel.DeliveryAddress ?? {}) as Json
        const psd = ((p.parcel.ServiceList ?? []) as Json[]).find((s) => s.Code === 'PSD')
        const shop = psd ? String((psd.PSDParameter as Json | undefined)?.StringValue) : undefined
        const lines = [
          String(d.Name ?? ''),
          shop
            ? `ParcelShop ${shop}: ${glsParcelShops[shop]}`
            : `${d.Street} ${d.HouseNumber}, ${d.ZipCode} ${d.City}`,
          ...(p.parcel.CODAmount ? [`COD ${p.parcel.CODAmount} ${p.parcel.CODCurrency}`] : []),
          `Ref ${p.parcel.ClientReference}`,
        ]
        return fakeLabelPdf({ courier: 'GLS', trackingId: String(p.parcelNumber), lines })
      }),
    ).then((pdfs) => [...(pdfs[0] ?? [])])

  function invalid(parcel: Json): string[] {
    const errors: string[] = []
    const d = (parcel.DeliveryAddress ?? {}) as Json
    const psd = ((parcel.ServiceList ?? []) as Json[]).find((s) => s.Code === 'PSD')
    if (parcel.ClientNumber !== clientNumber) errors.push('Invalid ClientNumber.')
    if (!parcel.ClientReference) errors.push('ClientReference is required.')
    if (!d.Name) errors.push('DeliveryAddress.Name is required.')
    if (!d.ContactPhone && !d.ContactEmail)
      errors.push('DeliveryAddress contact phone or e-mail is required.')
    if (psd) {
      const id = String((psd.PSDParameter as Json | undefined)?.StringValue ?? '')
      if (!glsParcelShops[id]) errors.push(`Unknown ParcelShop id ${id}.`)
    } else {
      for (const f of ['Street', 'City', 'ZipCode', 'CountryIsoCode'])
        if (!d[f]) errors.push(`DeliveryAddress.${f} is required.`)
      if (d.ZipCode && !/^\d{4,6}$/.test(String(d.ZipCode)))
        errors.push('DeliveryAddress.ZipCode is invalid.')
      if (settings.refuseAddresses) errors.push('DeliveryAddress cannot be routed.')
    }
    if (parcel.CODAmount && !parcel.CODCurrency) errors.push('CODCurrency is required with CODAmount.')
    return errors
  }

  async function answer(method: string, body: Json): Promise<Answer> {
    switch (method) {
      case 'PrintLabels': {
        const list = (body.ParcelList ?? []) as Json[]
        const errors = list.flatMap((p) =>
          invalid(p).map((ErrorDescription, i) => ({
            ErrorCode: 1000 + i,
            ErrorDescription,
            ClientReferenceList: [String(p.ClientReference ?? '')],
          })),
        )
        if (!list.length)
          errors.push({ ErrorCode: 999, ErrorDescription: 'ParcelList is empty.', ClientReferenceList: [] })
        if (errors.length)
          return {
            status: 200,
            body: { Labels: null, PrintLabelsErrorList: errors, PrintLabelsInfoList: [] },
          }
        const created = list.map((parcel) => {
          const psd = ((parcel.ServiceList ?? []) as Json[]).some((s) => s.Code === 'PSD')
          const p: FakeParcel = {
            parcelId: nextId++,
            parcelNumber: nextNumber++,
            parcel,
            printed: Date.now(),
            timeline: psd ? TO_SHOP : TO_DOOR,
            history: [{ code: 51, at: Date.now() }],
          }
          parcels.set(p.parcelNumber, p)
          return p
        })
        return {
          status: 200,
          body: {
            Labels: await pdfOf(created),
            PrintLabelsErrorList: [],
            PrintLabelsInfoList: created.map((p) => ({
              ParcelId: p.parcelId,
              ParcelNumber: p.parcelNumber,
              ClientReference: p.parcel.ClientReference,
            })),
          },
        }
      }
      case 'GetParcelList': {
        const from = wcf(body.PrintDateFrom) ?? 0
        const to = wcf(body.PrintDateTo) ?? Number.MAX_SAFE_INTEGER
        const list = [...parcels.values()].filter((p) => p.printed >= from && p.printed <= to)
        return {
          status: 200,
          body: {
            GetParcelListErrors: [],
            PrintDataInfoList: list.map((p) => ({
              Parcel: p.parcel,
              ParcelId: p.parcelId,
              ParcelNumber: p.parcelNumber,
            })),
          },
        }
      }
      case 'GetPrintedLabels': {
        const ids = (body.ParcelIdList ?? []) as number[]
        const list = [...parcels.values()].filter((p) => ids.includes(p.parcelId))
        if (!list.length || list.length !== ids.length) {
          return {
            status: 200,
            body: {
              Labels: null,
              GetPrintedLabelsErrorList: [{ ErrorCode: 1100, ErrorDescription: 'Unknown ParcelId.' }],
            },
          }
        }
        return { status: 200, body: { Labels: await pdfOf(list), GetPrintedLabelsErrorList: [] } }
      }
      case 'GetParcelStatuses': {
        const p = parcels.get(Number(body.ParcelNumber))
        if (!p) {
          return {
            status: 200,
            body: {
              ParcelNumber: body.ParcelNumber,
              ParcelStatusList: [],
              GetParcelStatusErrors: [{ ErrorCode: 1200, ErrorDescription: 'Parcel number not found.' }],
              POD: null,
            },
          }
        }
        const ParcelStatusList = p.history.map((h) => ({
          StatusCode: String(h.code).padStart(2, '0'),
          StatusDate: `/Date(${h.at}+0100)/`,
          StatusDescription: DESCRIPTIONS[h.code] ?? '',
          DepotCity: 'Praha',
          DepotNumber: '100',
          StatusInfo: '',
        }))
        return {
          status: 200,
          body: { ParcelNumber: p.parcelNumber, ParcelStatusList, GetParcelStatusErrors: [], POD: null },
        }
      }
      default:
        return { status: 404, body: { Message: `Method ${method} is not served by the local GLS fake` } }
    }
  }

  /** One step along the parcel's statuses; 'return' sends it back. False for an unknown number. */
  function advance(parcelNumber: number | string, to?: 'return'): boolean {
    const p = parcels.get(Number(parcelNumber))
    if (!p) return false
    const step = p.history.length
    if (to === 'return') p.timeline = [...p.timeline.slice(0, step), 23]
    const code = p.timeline[step]
    if (code !== undefined)
      p.history.push({ code, at: Math.max(Date.now(), (p.history.at(-1)?.at ?? 0) + 1) })
    return true
  }

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => send(res, { status: 500, body: { Message: 'Internal error' } }))
  })

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = (await readBody(req, MAX_BODY)).toString('utf8')
    const url = new URL(req.url ?? '/', 'http://fake')
    const control = /^\/_control\/parcels\/(\d+)\/advance$/.exec(url.pathname)
    if (control && req.method === 'POST') {
      const done = advance(control[1] as string, advanceTarget(raw))
      return send(res, { status: done ? 200 : 404, body: {} })
    }
    const method = /^\/ParcelService\.svc\/json\/([A-Za-z]+)$/.exec(url.pathname)?.[1]
    if (!method || req.method !== 'POST')
      return send(res, { status: 404, body: { Message: 'Endpoint not found.' } })
    if (settings.latencyMs > 0) await new Promise((r) => setTimeout(r, settings.latencyMs))
    if (settings.failStatus)
      return send(res, { status: settings.failStatus, body: { Message: 'Service unavailable' } })
    let body: Json
    try {
      body = JSON.parse(raw) as Json
    } catch {
      return send(res, { status: 400, body: { Message: 'The request body is not valid JSON.' } })
    }
    calls.push({ method, body })
    if (calls.length > 1000) calls.shift()
    const goodPassword = Array.isArray(body.Password) && body.Password.join() === digest.join()
    if (body.Username !== username || !goodPassword) {
      return send(res, { status: 401, body: { Message: 'Unauthorized access.' } })
    }
    const result = await answer(method, body)
    const created =
      method === 'PrintLabels' && ((result.body as Json).PrintLabelsInfoList as unknown[] | undefined)?.length
    if (created && settings.dropAnswersAfterCreate > 0) {
      settings.dropAnswersAfterCreate -= 1
      return void res.destroy()
    }
    send(res, result)
  }

  return {
    username,
    password,
    clientNumber,
    calls,
    parcels,
    settings,
    advance,
    async start(port = 0, host = '127.0.0.1'): Promise<string> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, host, () => resolve())
      })
      return `http://${host}:${(server.address() as AddressInfo).port}/ParcelService.svc/json`
    },
    async close(): Promise<void> {
      if (!server.listening) return
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
export type GlsFake = ReturnType<typeof createGlsFake>

const wcf = (value: unknown) => {
  const match = /\/Date\((-?\d+)/.exec(String(value ?? ''))
  return match ? Number(match[1]) : undefined
}

function send(res: ServerResponse, { status, body }: Answer) {
  if (res.headersSent) return
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}
