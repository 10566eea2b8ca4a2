import { localeOf } from '@expedo/domain/common/sys-langs'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router'
import { setSessionEndedHandler } from '@/lib/api-client'
import { changeLanguage } from '@/lib/i18n'
import { NOTIFICATION_AUTO_DISMISS_MS, notificationsStore } from '@/lib/notifications'
import { queryClient } from '@/lib/query-client'
import { sessionStore, useSession } from '@/lib/session'
import type { RouteHandle } from './app-route'
import type { SignInState } from './route-guard'

/** The top of the route tree: session rules that need the router, language and title of the page. */
export function RootRoute() {
  const navigate = useNavigate()
  const { t, i18n } = useTranslation(['common', 'auth', 'layout'])
  const { currentUser } = useSession()

  // 401/403 (or 'Please Login !!!'): clear everything and go to /signin (spec part 1 §4, §8); after
  // signing in again the user comes back to the page.
  const location = useLocation()
  const here = useRef('')
  useEffect(() => {
    here.current = location.pathname + location.search
  }, [location])
  useEffect(() => {
    setSessionEndedHandler(() => {
      sessionStore.signOut()
      notificationsStore.push('error', t('auth:sessionEnded'), NOTIFICATION_AUTO_DISMISS_MS)
      const state: SignInState = { from: here.current }
      void navigate('/signin', { replace: true, state, flushSync: true })
    })
  }, [navigate, t])

  // Another user (sign-out, login-as, another tab): nothing cached for the previous one may show.
  const userId = currentUser?._id
  const previousUserId = useRef(userId)
  useEffect(() => {
    if (previousUserId.current !== userId) queryClient.clear()
    previousUserId.current = userId
  }, [userId])

  // The interface follows the user's sys_lang, also when another tab changed it.
  const sysLang = currentUser?.sys_lang
  useEffect(() => {
    if (sysLang && localeOf[sysLang] !== i18n.language) void changeLanguage(sysLang)
  }, [sysLang, i18n])

  const matches = useMatches()
  const handle = matches.at(-1)?.handle as RouteHandle | undefined
  const title = handle ? t(`layout:pages.${handle.route.title}`) : undefined
  useEffect(() => {
    document.title = title ? `${title} · Expedo` : 'Expedo'
  }, [title])

  return <Outlet />
}
