import { CourierUnavailableError } from './courier-adapter.ts'

/** Errors that prove the request never left: nothing can have been created. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH'])

/**
 * fetch with a timeout whose failures are CourierUnavailableError without the URL or credentials in the
 * message. A timeout or a connection lost after sending may have left the courier's work done:
 * `outcomeUnknown` says so (a label call then looks the label up before creating another).
 */
export async function courierFetch(
  courier: string,
  call: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    const failure = new CourierUnavailableError(
      timedOut
        ? `${courier} did not answer ${call} within ${timeoutMs / 1000} s`
        : `${courier} could not be reached for ${call}`,
    )
    const code = (error as { cause?: { code?: unknown } }).cause?.code
    failure.outcomeUnknown = timedOut || !(typeof code === 'string' && NEVER_SENT.has(code))
    throw failure
  }
}

/** Reads a body to the end; a connection lost while reading is a failure with an unknown outcome. */
export async function courierBody(courier: string, call: string, response: Response): Promise<Buffer> {
  try {
    return Buffer.from(await response.arrayBuffer())
  } catch {
    const failure = new CourierUnavailableError(`${courier}'s answer to ${call} was cut off`)
    failure.outcomeUnknown = true
    throw failure
  }
}

/**
 * The references whose last label attempt ended in doubt, remembered by one adapter in this process (the
 * latest few thousand): a retry of the same reference looks the label up even when the caller did not say.
 */
export function createInDoubtMemory(max = 5000) {
  const references = new Set<string>()
  return {
    has: (reference: string) => references.has(reference),
    add(reference: string) {
      if (references.size >= max) references.delete(references.values().next().value as string)
      references.add(reference)
    },
    delete: (reference: string) => references.delete(reference),
  }
}
export type InDoubtMemory = ReturnType<typeof createInDoubtMemory>

/** Grams to kilograms with at most three decimals, as couriers take weights. */
export const kilograms = (grams: number) => Math.round(grams) / 1000

/** A PDF by its signature. */
export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString('latin1') === '%PDF-'
