import { type ReactNode, useState } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useSession } from '@/lib/session'
import type { AppRoute } from './app-route'
import { canOpen } from './can-open'
import { lazyPage } from './lazy-page'

const NotFoundPage = lazyPage(() => import('../routes/not-found-page'), 'NotFoundPage')

/** Where the sign-in page returns to after signing in (a path of this app only). */
export interface SignInState {
  from?: string
}

/**
 * The access rule of one route: visitors on a protected route go to /signin; a signed-in user
 * without the route's permission sees the not-found screen; a user who arrives signed in on a
 * guest page (/signin, /signup) goes to '/'. A user who signs in on that page is sent on by the page.
 */
export function RouteGuard({ route, children }: { route: AppRoute; children: ReactNode }) {
  const { currentUser } = useSession()
  const location = useLocation()
  const [arrivedSignedIn] = useState(currentUser !== null)

  if (route.access === 'guest') return arrivedSignedIn ? <Navigate to="/" replace /> : children
  if (canOpen(route.access, currentUser)) return children
  if (!currentUser) {
    const state: SignInState = { from: location.pathname + location.search }
    return <Navigate to="/signin" replace state={state} />
  }
  return <NotFoundPage />
}
