import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router'

/** A value one URL query parameter can hold; a list is written as repeated keys (`?country=A&country=B`). */
export type UrlValue = string | number | boolean | string[]

export type UrlStateShape = Record<string, UrlValue>

export interface UrlStateOptions<T extends UrlStateShape> {
  /** Values each key may take (e.g. a status enum); anything else in the URL falls back to the default. */
  allowed?: { [K in keyof T]?: readonly T[K][] }
}

export interface SetUrlStateOptions {
  /** Push a history entry instead of replacing the current one (default: replace, so typing does not flood history). */
  push?: boolean
}

export interface UrlState<T extends UrlStateShape> {
  /** The current values: URL first, defaults for whatever the URL does not say. */
  state: T
  /** Merges a change into the URL. Changing anything but `page` resets `page` to 1 (spec: part 2 §4). */
  set: (patch: Partial<T>, options?: SetUrlStateOptions) => void
  /** Back to the defaults, keeping the chosen page size (a preference rather than a filter). */
  reset: () => void
}

const PAGE = 'page'
const PAGE_SIZE = 'pageSize'

function parse(params: URLSearchParams, key: string, fallback: UrlValue): UrlValue {
  if (Array.isArray(fallback)) {
    if (!params.has(key)) return fallback
    // `key=` (empty) is how an explicitly empty list is written when the default list is not empty.
    return params.getAll(key).filter((v) => v !== '')
  }
  const raw = params.get(key)
  if (raw === null) return fallback
  if (typeof fallback === 'number') {
    const n = Number(raw)
    if (raw.trim() === '' || !Number.isInteger(n) || n < 0) return fallback
    if (key === PAGE && n < 1) return fallback
    return n
  }
  if (typeof fallback === 'boolean') {
    if (raw === 'true' || raw === '1') return true
    if (raw === 'false' || raw === '0') return false
    return fallback
  }
  return raw
}

function same(a: UrlValue | undefined, b: UrlValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => v === b[i])
  return a === b
}

function write(params: URLSearchParams, key: string, value: UrlValue, fallback: UrlValue) {
  params.delete(key)
  // Defaults stay out of the URL: short, shareable links.
  if (same(value, fallback)) return
  if (Array.isArray(value)) {
    if (value.length === 0) params.append(key, '')
    for (const v of value) params.append(key, v)
    return
  }
  params.set(key, String(value))
}

/** The state a query string gives (what useUrlState returns for it), for code outside React. */
export function readUrlState<T extends UrlStateShape>(
  params: URLSearchParams,
  defaults: T,
  options?: UrlStateOptions<T>,
): T {
  const state: UrlStateShape = {}
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = parse(params, key, fallback)
    const allowed = options?.allowed?.[key] as readonly UrlValue[] | undefined
    const isAllowed =
      !allowed || (Array.isArray(value) ? value.every((v) => allowed.includes(v)) : allowed.includes(value))
    state[key] = isAllowed ? value : fallback
  }
  return state as T
}

/**
 * List state (filters, page, page size, sort) kept in the URL query string, so it survives a reload and a
 * shared link opens the same view. Typed by its defaults object: `useUrlState({ page: 1, pageSize: 10, status: '' })`.
 * Query parameters that are not in the defaults are left alone.
 */
export function useUrlState<T extends UrlStateShape>(defaults: T, options?: UrlStateOptions<T>): UrlState<T> {
  const [params, setParams] = useSearchParams()
  const search = params.toString()
  // Callers usually pass fresh literals each render; their content is what matters.
  const defaultsKey = JSON.stringify(defaults)
  const optionsKey = JSON.stringify(options ?? {})
  const stableDefaults = useMemo(() => JSON.parse(defaultsKey) as T, [defaultsKey])
  const stableOptions = useMemo(() => JSON.parse(optionsKey) as UrlStateOptions<T>, [optionsKey])
  const state = useMemo(
    () => readUrlState(new URLSearchParams(search), stableDefaults, stableOptions),
    [search, stableDefaults, stableOptions],
  )

  // React Router renders a navigation as a transition: until the screen has re-rendered with the new
  // query, `search` (and the `current` setParams hands over) is still the query before it. A change made
  // meanwhile (a second filter picked quickly on a busy device) built on that would drop the first one
  // from the URL. So a change builds on the last query written here that has not rendered yet.
  const unrendered = useRef<string[]>([])
  useEffect(() => {
    const at = unrendered.current.indexOf(search)
    // One of ours rendered: it and the writes before it are done. Another query (back, a link): none is.
    unrendered.current = at === -1 ? [] : unrendered.current.slice(at + 1)
  }, [search])
  const navigate = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options: { replace: boolean }) => {
      const next = change(new URLSearchParams(unrendered.current.at(-1) ?? search))
      unrendered.current = [...unrendered.current, next.toString()]
      setParams(next, options)
    },
    [search, setParams],
  )

  const set = useCallback(
    (patch: Partial<T>, setOptions?: SetUrlStateOptions) => {
      navigate(
        (current) => {
          const next = new URLSearchParams(current)
          const before = readUrlState(current, stableDefaults, stableOptions)
          const filterChanged = Object.entries(patch).some(
            ([key, value]) => key !== PAGE && value !== undefined && !same(value, before[key]),
          )
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || !(key in stableDefaults)) continue
            write(next, key, value, stableDefaults[key] as UrlValue)
          }
          if (filterChanged && PAGE in stableDefaults && !(PAGE in patch))
            write(next, PAGE, 1, stableDefaults[PAGE] as UrlValue)
          return next
        },
        { replace: !setOptions?.push },
      )
    },
    [navigate, stableDefaults, stableOptions],
  )

  const reset = useCallback(() => {
    navigate(
      (current) => {
        const next = new URLSearchParams(current)
        for (const key of Object.keys(stableDefaults)) if (key !== PAGE_SIZE) next.delete(key)
        return next
      },
      { replace: true },
    )
  }, [navigate, stableDefaults])

  return { state, set, reset }
}
