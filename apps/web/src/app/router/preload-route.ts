import { matchRoutes } from 'react-router'
import { loadAntdStyles } from '@/lib/antd-styles'
import type { CurrentUser } from '@/lib/session'
import type { RouteHandle } from './app-route'
import { canOpen } from './can-open'
import { loadAppLayout, routeObjects } from './route-objects'

/** What a direct load waits for before its first render (src/main.tsx). */
export interface Preloaded {
  /** The catalogues the page shows at its first render (the route's `namespaces`). */
  namespaces: string[]
  /** antd's static styles on a signed-in page (lib/antd-styles): in before antd's first render. */
  styles: Promise<void>
}

/**
 * On a direct load (src/main.tsx, before the interface language has loaded), starts everything the
 * page will need at once instead of one after the other: the page's first API call (`prefetch`), the
 * layout's and the page's chunks, and on a signed-in page antd's static styles. Without it, the call
 * waited for the entry, the catalogues, the layout and the page to load and render in turn. Returns the
 * catalogues for lib/i18n to load with the start ones, and the styles. Nothing for a page the user may
 * not open (the router shows /signin or the not-found screen instead); no styles for a guest page (the
 * sign-in page stays within its size budget and makes the few styles it needs).
 */
export function preloadRoute(
  location: Pick<Location, 'pathname' | 'search'>,
  user: CurrentUser | null,
): Preloaded {
  const route = (
    matchRoutes(routeObjects, location.pathname)?.at(-1)?.route.handle as RouteHandle | undefined
  )?.route
  if (!route || !canOpen(route.access, user)) return { namespaces: [], styles: Promise.resolve() }
  const loadCode = () => {
    const started: Promise<unknown>[] = []
    if (route.shell === 'layout') started.push(loadAppLayout())
    if ('preload' in route.page && typeof route.page.preload === 'function')
      started.push(route.page.preload())
    // A failure here is not reported: the page loads (and reports) the same again when it renders.
    for (const promise of started) promise.catch(() => {})
  }
  // The call first, and the page's seventy chunks only once it is sent: the browser opens six connections
  // to the server and hands them out in the order asked, so a call asked for after the chunks waited
  // 80–270 ms for a free one (and the rows for the call). Its own few chunks take one round trip.
  if (route.prefetch) void route.prefetch(new URLSearchParams(location.search)).then(loadCode, loadCode)
  else loadCode()
  const styles = user && route.shell !== 'guest' ? loadAntdStyles() : Promise.resolve()
  return { namespaces: route.namespaces ?? [], styles }
}
