import { createHash } from 'node:crypto'
import { CourierRefusedError, CourierUnavailableError } from '../courier-adapter.ts'
import { courierBody, courierFetch } from '../courier-http.ts'

export interface GlsClientOptions {
  /** e.g. https://api.mygls.cz/ParcelService.svc/json (test: https://api.test.mygls.cz/…) */
  baseUrl: string
  /** The MyGLS user (an e-mail) and its plain password; the password travels as its SHA-512 bytes. */
  username: string
  password: string
  timeoutMs: number
}

/** GLS refused the parcels as given (its error descriptions). */
export class GlsRefusedError extends CourierRefusedError {
  override name = 'GlsRefusedError'
}

/** One error of an answer's error list (PrintLabelsErrorList, GetParcelStatusErrors, …). */
export interface GlsError {
  ErrorCode?: number
  ErrorDescription?: string
  ClientReferenceList?: string[]
  ParcelIdList?: number[]
}

/** PrintLabelsInfoList's entry: the parcel created and its number (the tracking id). */
export interface GlsParcelInfo {
  ParcelId?: number
  ParcelNumber?: number
  ClientReference?: string
}

export interface GlsStatus {
  StatusCode?: string
  StatusDate?: string
  StatusDescription?: string
  DepotCity?: string
  StatusInfo?: string
}

type Json = Record<string, unknown>

/** WCF's JSON date: "/Date(<ms>)/" or "/Date(<ms>+0100)/". */
export const wcfDate = (ms: number) => `/Date(${ms})/`
export function parseWcfDate(value: string | undefined): Date | null {
  const match = /\/Date\((-?\d+)/.exec(value ?? '')
  return match ? new Date(Number(match[1])) : null
}

/**
 * A client of GLS's MyGLS JSON API (docs/couriers.md §3): `POST {base}/{Method}` of a JSON body that
 * carries `Username` and `Password` (the SHA-512 digest of the password as a byte array), PascalCase
 * members as GLS's own sample client sends them. PDFs come back as byte arrays.
 */
export function createGlsClient(options: GlsClientOptions) {
  const auth = {
    Username: options.username,
    Password: [...createHash('sha512').update(options.password, 'utf8').digest()],
  }

  async function call(method: string, body: Json): Promise<Json> {
    const response = await courierFetch(
      'GLS',
      method,
      `${options.baseUrl}/${method}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ ...auth, ...body }),
      },
      options.timeoutMs,
    )
    const text = (await courierBody('GLS', method, response)).toString('utf8')
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    if (!response.ok || !json || typeof json !== 'object') {
      const failure = new CourierUnavailableError(`GLS answered ${method} with HTTP ${response.status}`)
      failure.outcomeUnknown = response.status === 502 || response.status === 504
      throw failure
    }
    return json as Json
  }

  const refusal = (method: string, errors: GlsError[]) =>
    new GlsRefusedError(
      `GLS refused ${method}: ${errors.map((e) => e.ErrorDescription ?? `error ${e.ErrorCode}`).join('; ')}`.slice(
        0,
        400,
      ),
    )
  const bytes = (value: unknown) =>
    Array.isArray(value) && value.length ? Buffer.from(value as number[]) : undefined

  return {
    /** Creates the parcels and answers their labels in one PDF (one step). */
    async printLabels(parcel: Json, typeOfPrinter = 'Thermo') {
      const answer = await call('PrintLabels', {
        ParcelList: [parcel],
        PrintPosition: 1,
        ShowPrintDialog: false,
        TypeOfPrinter: typeOfPrinter,
      })
      const errors = (answer.PrintLabelsErrorList ?? []) as GlsError[]
      if (errors.length) throw refusal('PrintLabels', errors)
      const info = ((answer.PrintLabelsInfoList ?? []) as GlsParcelInfo[])[0]
      if (!info?.ParcelNumber || !info.ParcelId) {
        throw new CourierUnavailableError('GLS answered PrintLabels without a parcel number')
      }
      return { info, pdf: bytes(answer.Labels) }
    },
    /** The parcels printed in a time range (epoch ms), with the Parcel each was created from. */
    async getParcelList(printFrom: number, printTo: number) {
      const answer = await call('GetParcelList', {
        PrintDateFrom: wcfDate(printFrom),
        PrintDateTo: wcfDate(printTo),
      })
      const errors = (answer.GetParcelListErrors ?? []) as GlsError[]
      if (errors.length) throw new CourierUnavailableError(refusal('GetParcelList', errors).message)
      return (answer.PrintDataInfoList ?? []) as (GlsParcelInfo & { Parcel?: { ClientReference?: string } })[]
    },
    /** The label PDF of parcels created before. */
    async getPrintedLabels(parcelIds: number[], typeOfPrinter = 'Thermo'): Promise<Buffer> {
      const answer = await call('GetPrintedLabels', {
        ParcelIdList: parcelIds,
        PrintPosition: 1,
        ShowPrintDialog: false,
        TypeOfPrinter: typeOfPrinter,
      })
      const errors = (answer.GetPrintedLabelsErrorList ?? []) as GlsError[]
      const pdf = bytes(answer.Labels)
      if (errors.length || !pdf)
        throw new CourierUnavailableError(refusal('GetPrintedLabels', errors).message)
      return pdf
    },
    /** One parcel's status history; `errors` holds GLS's per-parcel errors (an unknown number). */
    async getParcelStatuses(parcelNumber: number) {
      const answer = await call('GetParcelStatuses', {
        ParcelNumber: parcelNumber,
        ReturnPOD: false,
        LanguageIsoCode: 'EN',
      })
      return {
        statuses: (answer.ParcelStatusList ?? []) as GlsStatus[],
        errors: (answer.GetParcelStatusErrors ?? []) as GlsError[],
      }
    },
  }
}
export type GlsClient = ReturnType<typeof createGlsClient>
