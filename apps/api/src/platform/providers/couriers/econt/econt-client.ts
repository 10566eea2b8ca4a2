import type { z } from 'zod'
import { CourierRefusedError, CourierUnavailableError } from '../courier-adapter.ts'
import { courierBody, courierFetch } from '../courier-http.ts'
import {
  CreateLabelResponseSchema,
  EcontErrorSchema,
  econtPaths,
  GetCitiesResponseSchema,
  GetCountriesResponseSchema,
  GetMyAwbResponseSchema,
  GetOfficesResponseSchema,
  GetRequestCourierStatusResponseSchema,
  GetShipmentStatusesResponseSchema,
  PaymentReportResponseSchema,
  RequestCourierResponseSchema,
} from './econt-api.ts'

export interface EcontClientOptions {
  /** e.g. https://ee.econt.com/services (production), https://demo.econt.com/ee/services (demo). */
  baseUrl: string
  username?: string | undefined
  password?: string | undefined
  timeoutMs: number
}

/** Econt refused the call or could not be reached; `message` is safe to show (no URL, no credentials). */
export class EcontError extends CourierUnavailableError {
  override name = 'EcontError'
  readonly status: number | undefined
  readonly type: string | undefined
  constructor(message: string, status?: number, type?: string) {
    super(message)
    this.status = status
    this.type = type
  }
}

/** Econt refused a label as given (Econt's message and fields): the same request fails again. */
export class EcontRefusedError extends CourierRefusedError {
  override name = 'EcontRefusedError'
}

/** HTTP statuses of a refusal of the request itself (not of the credentials, the service or the load). */
const REFUSAL_STATUSES = new Set([200, 400, 409, 422])

/**
 * A client of Econt's JSON API (docs/couriers.md): every call is a POST of a
 * JSON body to `{BASE}/{Module}/{Service}.{method}.json`, with HTTP Basic auth when credentials are set
 * (nomenclature calls also work without). Any non-2xx answer, or a body carrying Econt's Error
 * (`type` + `message`, or an `error` object), is a failure.
 */
export function createEcontClient(options: EcontClientOptions) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
  }
  if (options.username !== undefined && options.password !== undefined) {
    const basic = Buffer.from(`${options.username}:${options.password}`).toString('base64')
    headers.authorization = `Basic ${basic}`
  }

  /** `refusals`: an Error answer to the request itself is an EcontRefusedError (label calls). */
  async function call<S extends z.ZodType>(
    path: string,
    body: object,
    schema: S,
    refusals = false,
  ): Promise<z.infer<S>> {
    const method = path.split('.').at(-2)
    let response: Response
    try {
      response = await fetch(`${options.baseUrl}/${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      })
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
      const failure = new EcontError(
        timedOut
          ? `Econt did not answer ${method} within ${options.timeoutMs / 1000} s`
          : `Econt could not be reached for ${method}`,
      )
      const code = (error as { cause?: { code?: unknown } }).cause?.code
      failure.outcomeUnknown = timedOut || code !== 'ECONNREFUSED'
      throw failure
    }
    const json = await readJson(response)
    const failure = failureOf(response.status, json)
    if (failure || !response.ok) {
      const detail = failure?.message ? `: ${failure.message.slice(0, 200)}` : ''
      if (refusals && failure?.message && REFUSAL_STATUSES.has(response.status)) {
        throw new EcontRefusedError(`Econt refused ${method}${detail}`, failure.fields ?? [])
      }
      const refused = new EcontError(
        `Econt refused ${method} (HTTP ${response.status}${failure?.type ? `, ${failure.type}` : ''})${detail}`,
        response.status,
        failure?.type ?? undefined,
      )
      // A gateway's 502/504 may hide a request Econt carried out.
      refused.outcomeUnknown = response.status === 502 || response.status === 504
      throw refused
    }
    const parsed = schema.safeParse(json)
    if (!parsed.success) throw new EcontError(`Econt answered ${method} in an unexpected shape`)
    return parsed.data
  }

  return {
    /** `{}` → `{countries: [...]}` */
    getCountries: () => call(econtPaths.getCountries, {}, GetCountriesResponseSchema),
    /** `{countryCode}` (ISO alpha-3) → `{cities: [...]}` */
    getCities: (countryCode: string) => call(econtPaths.getCities, { countryCode }, GetCitiesResponseSchema),
    /** `{countryCode, cityID?}` → `{offices: [...]}` */
    getOffices: (query: { countryCode: string; cityID?: number }) =>
      call(econtPaths.getOffices, query, GetOfficesResponseSchema),
    /** `{dateFrom, dateTo}` (Y-m-d) → `{PaymentReportRows: [...]}`: the COD Econt paid out in the range. */
    paymentReport: (dateFrom: string, dateTo: string) =>
      call(econtPaths.paymentReport, { dateFrom, dateTo }, PaymentReportResponseSchema),
    /** `{label, mode}` → `{label: ShipmentStatus}`; mode 'create' allocates `shipmentNumber` and `pdfURL`. */
    createLabel: (label: object, mode: 'validate' | 'calculate' | 'create') =>
      call(econtPaths.createLabel, { label, mode }, CreateLabelResponseSchema, true),
    /** `{shipmentNumbers}` → `{shipmentStatuses: [{status, error}]}` in the order asked. */
    getShipmentStatuses: (shipmentNumbers: readonly string[]) =>
      call(econtPaths.getShipmentStatuses, { shipmentNumbers }, GetShipmentStatusesResponseSchema),
    /** One page of the waybills the account sent in a date range (Y-m-d). */
    getMyAWB: (query: { dateFrom: string; dateTo: string; page: number }) =>
      call(econtPaths.getMyAWB, { ...query, side: 'sender' }, GetMyAwbResponseSchema),
    /** A courier's van for prepared shipments (§1.11) → `{courierRequestID, warnings}`; a refusal is Econt's. */
    requestCourier: (request: object) =>
      call(econtPaths.requestCourier, request, RequestCourierResponseSchema, true),
    /** `{requestCourierIds}` → `{requestCourierStatus: [{status, error}]}` in the order asked. */
    getRequestCourierStatus: (requestCourierIds: readonly string[]) =>
      call(econtPaths.getRequestCourierStatus, { requestCourierIds }, GetRequestCourierStatusResponseSchema),
    /**
     * The label PDF at a ShipmentStatus's `pdfURL` (a GET served by Econt). No credentials go with it: the
     * URL comes from an answer and may name another host.
     */
    async labelPdf(pdfURL: string): Promise<Buffer> {
      const response = await courierFetch('Econt', 'the label PDF', pdfURL, {}, options.timeoutMs)
      const bytes = await courierBody('Econt', 'the label PDF', response)
      if (!response.ok)
        throw new EcontError(`Econt refused the label PDF (HTTP ${response.status})`, response.status)
      return bytes
    },
  }
}
export type EcontClient = ReturnType<typeof createEcontClient>

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '')
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** Econt's Error from a body: top-level `{type, message}` or `{error: {type, message}}`. */
type Failure = {
  type?: string | null | undefined
  message?: string | null | undefined
  fields?: string[] | null | undefined
}
function failureOf(status: number, json: unknown): Failure | undefined {
  if (!json || typeof json !== 'object') return status >= 400 ? {} : undefined
  const wrapped = (json as { error?: unknown }).error
  const candidate = wrapped && typeof wrapped === 'object' ? wrapped : json
  const parsed = EcontErrorSchema.safeParse(candidate)
  if (!parsed.success) return status >= 400 ? {} : undefined
  const { type, message, fields } = parsed.data
  if (wrapped || (type && message)) return { type, message, fields }
  return status >= 400 ? { type, message, fields } : undefined
}
