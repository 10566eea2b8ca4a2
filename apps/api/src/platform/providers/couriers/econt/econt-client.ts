import type { z } from 'zod'
import { CourierUnavailableError } from '../courier-adapter.ts'
import {
  EcontErrorSchema,
  econtPaths,
  GetCitiesResponseSchema,
  GetCountriesResponseSchema,
  GetOfficesResponseSchema,
  PaymentReportResponseSchema,
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

  async function call<S extends z.ZodType>(path: string, body: object, schema: S): Promise<z.infer<S>> {
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
      if (error instanceof DOMException && error.name === 'TimeoutError') {
        throw new EcontError(`Econt did not answer ${method} within ${options.timeoutMs / 1000} s`)
      }
      throw new EcontError(`Econt could not be reached for ${method}`)
    }
    const json = await readJson(response)
    const failure = failureOf(response.status, json)
    if (failure || !response.ok) {
      const detail = failure?.message ? `: ${failure.message.slice(0, 200)}` : ''
      throw new EcontError(
        `Econt refused ${method} (HTTP ${response.status}${failure?.type ? `, ${failure.type}` : ''})${detail}`,
        response.status,
        failure?.type ?? undefined,
      )
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
type Failure = { type?: string | null | undefined; message?: string | null | undefined }
function failureOf(status: number, json: unknown): Failure | undefined {
  if (!json || typeof json !== 'object') return status >= 400 ? {} : undefined
  const wrapped = (json as { error?: unknown }).error
  const candidate = wrapped && typeof wrapped === 'object' ? wrapped : json
  const parsed = EcontErrorSchema.safeParse(candidate)
  if (!parsed.success) return status >= 400 ? {} : undefined
  const { type, message } = parsed.data
  if (wrapped || (type && message)) return { type, message }
  return status >= 400 ? { type, message } : undefined
}
