import { matchRoutes } from 'react-router'
import type { CurrentUser } from '@/lib/session'
import type { RouteHandle } from './app-route'
import { canOpen } from './can-open'
import { loadAppLayout, routeObjects } from './route-objects'

/**
 * On a direct load (src/main.tsx, before the interface language has loaded), starts everything the
 * page will need at once instead of one after the other: the layout's and the page's chunks, and the
 * page's first API call (`prefetch`). Without it, the call waited for the entry, the catalogues, the
 * layout and the page to load and render in turn. Returns the catalogues the page shows at its first
 * render (the route's `namespaces`), for lib/i18n to load with the start ones. Nothing for a page the
 * user may not open (the router shows /signin or the not-found screen instead).
 */
export function preloadRoute(
  location: Pick<Location, 'pathname' | 'search'>,
  user: CurrentUser | null,
): string[] {
  const route = (
    matchRoutes(routeObjects, location.pathname)?.at(-1)?.route.handle as RouteHandle | undefined
  )?.route
  if (!route || !canOpen(route.access, user)) return []
  const started: Promise<unknown>[] = []
  // The call first: its few chunks are then asked for before the page's seventy, and the answer is in
  // before they are (it was the last thing the rows waited for).
  if (route.prefetch) started.push(route.prefetch(new URLSearchParams(location.search)))
  if (route.shell === 'layout') started.push(loadAppLayout())
  if ('preload' in route.page && typeof route.page.preload === 'function') started.push(route.page.preload())
  // A failure here is not reported: the page loads (and reports) the same again when it renders.
  for (const promise of started) promise.catch(() => {})
  return route.namespaces ?? []
}
