import type { Permission } from '@expedo/domain/auth/permissions'
import type { ComponentType } from 'react'
import type { CurrentUser } from '@/lib/session'
import type layoutEn from '@/locales/en/layout.json'

/**
 * Who may open a route: only signed-out visitors (`guest`: a signed-in user is sent to '/'), anyone
 * (`public`), any signed-in user (`authenticated`), or a signed-in user whose roles grant the permission.
 */
export type RouteAccess = 'guest' | 'public' | 'authenticated' | Permission

/** Where a route renders: inside the app layout, in the light sign-in shell, or on its own. */
export type RouteShell = 'layout' | 'guest' | 'bare'

export type PageTitleKey = keyof typeof layoutEn.pages
export type MenuLabelKey = keyof typeof layoutEn.menu
export type MenuGroup = 'shipments' | 'finance' | 'reports' | 'settings'

export interface MenuPlacement {
  /** The item's text (layout:menu.<label>); its icon is the layout's (layout/menu-icons.ts). */
  label: MenuLabelKey
  /** The submenu it sits in; top level when absent. */
  group?: MenuGroup
  /** The link when it depends on the user (Company profile → /profile/{businessclient}); else the path. */
  to?: (user: CurrentUser | null) => string
}

/** One row of the route table: the router and the menu (and the home tiles) are built from it. */
export interface AppRoute {
  /** React Router syntax; exact match. */
  path: string
  page: ComponentType
  access: RouteAccess
  shell: RouteShell
  title: PageTitleKey
  menu?: MenuPlacement
  /**
   * The catalogues the page shows at its first render beside the start ones (lib/i18n startNamespaces):
   * on a direct load they are fetched with those, instead of when the page first asks for them.
   */
  namespaces?: string[]
  /**
   * Starts the page's first API call on a direct load (preload-route.ts), ahead of the page's code, so the
   * data does not wait for the scripts to arrive and run. It must fill the same query the page then reads,
   * and resolve once the call is sent (not answered): the page's chunks are requested after it.
   */
  prefetch?: (search: URLSearchParams) => Promise<void>
}

/** What every route object of the router carries in `handle`. */
export interface RouteHandle {
  route: AppRoute
}
