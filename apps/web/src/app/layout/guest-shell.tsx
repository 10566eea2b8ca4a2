import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { guestLanguage } from '@/lib/guest-language'
import { PageSpinner } from '../routes/page-spinner'
import { Brand } from './brand'
import { LanguageSelect } from './language-select'
import { ReconnectingBanner } from './reconnecting-banner'
import { TopNotifications } from './top-notifications'

/** The light frame of /signin and /signup: brand, language dropdown, notifications, the page's card. */
export function GuestShell() {
  return (
    <div className="guest-shell">
      <ReconnectingBanner />
      <header className="guest-shell__bar">
        <Brand />
        <LanguageSelect onChange={(lang) => void guestLanguage.choose(lang)} />
      </header>
      <main className="guest-shell__main">
        <div className="guest-shell__column">
          <TopNotifications />
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  )
}
