/** A generated input as an HTTP request: parameters percent-encoded into the path, a query string, a JSON body. */
import { type Cause, Raw } from './bad-values.ts'

export type Location = 'params' | 'query' | 'body'
export type Key = string | number

export interface FuzzRequest {
  method: string
  url: string
  payload?: string
  headers: Record<string, string>
  cause: Cause
  /** Where the bad value went, for the failure report. */
  site: string
}

/** A copy of `target` with `value` at `path`. */
export function setAt(target: unknown, path: Key[], value: unknown): unknown {
  if (!path.length) return value
  const [head, ...rest] = path
  const copy = (Array.isArray(target) ? [...target] : { ...(target as object) }) as Record<Key, unknown>
  copy[head!] = setAt(copy[head!], rest, value)
  return copy
}

export function build(
  method: string,
  url: string,
  input: Partial<Record<Location, unknown>>,
  cause: Cause,
  site: string,
  withBody: boolean,
): FuzzRequest {
  const params = (input.params ?? {}) as Record<string, unknown>
  const path = url.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeUrlPart(params[name]))
  const query = queryString((input.query ?? {}) as Record<string, unknown>)
  return {
    method,
    url: `${path}${query ? `?${query}` : ''}`,
    ...(withBody && input.body !== undefined ? { payload: toJson(input.body) } : {}),
    headers: withBody && input.body !== undefined ? { 'content-type': 'application/json' } : {},
    cause,
    site,
  }
}

/** Percent-encodes every byte but the unreserved ones; a lone surrogate becomes its WTF-8 bytes. */
function encodeUrlPart(value: unknown): string {
  if (value instanceof Raw) return value.text
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  let out = ''
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    const bytes =
      cp >= 0xd800 && cp <= 0xdfff
        ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
        : [...Buffer.from(ch)]
    out += /^[A-Za-z0-9\-._~]$/.test(ch)
      ? ch
      : bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')
  }
  return out
}

function queryString(query: Record<string, unknown>): string {
  return Object.entries(query)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value]).map((v) => `${encodeUrlPart(key)}=${encodeUrlPart(v)}`),
    )
    .join('&')
}

/** JSON with each Raw value written as its text (`1e999` parses to Infinity; JSON.stringify cannot write it). */
function toJson(value: unknown): string {
  const raws: string[] = []
  const json = JSON.stringify(value, (_, v) => {
    if (!(v instanceof Raw)) return v
    raws.push(v.text)
    return `__raw_${raws.length - 1}__`
  })
  return json.replace(/"__raw_(\d+)__"/g, (_, i: string) => raws[Number(i)]!)
}
