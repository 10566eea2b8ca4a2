import { lazy, Suspense } from 'react'
import type { RouteObject } from 'react-router'
import { GuestShell } from '../layout/guest-shell'
import { PageSpinner } from '../routes/page-spinner'
import type { AppRoute, RouteHandle } from './app-route'
import { lazyPage } from './lazy-page'
import { RootRoute } from './root-route'
import { RouteGuard } from './route-guard'
import { appRoutes } from './route-table'

/** The layout's chunk; preload-route.ts starts it early on a direct load of a page inside it. */
export const loadAppLayout = () => import('../layout/app-layout')
const AppLayout = lazy(() => loadAppLayout().then((m) => ({ default: m.AppLayout })))
const NotFoundPage = lazyPage(() => import('../routes/not-found-page'), 'NotFoundPage')

const notFoundRoute: AppRoute = {
  path: '*',
  page: NotFoundPage,
  access: 'public',
  shell: 'layout',
  title: 'notFound',
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { route }
  return {
    path: route.path,
    handle,
    element: (
      <RouteGuard route={route}>
        <route.page />
      </RouteGuard>
    ),
  }
}

const inShell = (shell: AppRoute['shell']) => appRoutes.filter((r) => r.shell === shell).map(toRouteObject)

/** The router's tree, built from the route table; unknown paths get the not-found screen in the layout. */
export const routeObjects: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      { element: <GuestShell />, children: inShell('guest') },
      ...inShell('bare').map((r) => ({
        ...r,
        element: <Suspense fallback={<PageSpinner fullScreen />}>{r.element}</Suspense>,
      })),
      {
        element: (
          <Suspense fallback={<PageSpinner fullScreen />}>
            <AppLayout />
          </Suspense>
        ),
        children: [...inShell('layout'), toRouteObject(notFoundRoute)],
      },
    ],
  },
]
