import { App as AntApp, Layout } from 'antd'
import { Suspense, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { useSession } from '@/lib/session'
import { appRoutes } from '../router/route-table'
import { PageSpinner } from '../routes/page-spinner'
import { Brand } from './brand'
import { menuEntriesFor } from './build-menu'
import { MenuEntriesContext } from './menu-entries-context'
import { ReconnectingBanner } from './reconnecting-banner'
import { SideMenu } from './side-menu'
import { TopBar } from './top-bar'
import { TopNotifications } from './top-notifications'
import { useIsMobile } from './use-is-mobile'

/** Spec part 1 §9: the left menu is 210 px wide, 56 px collapsed. */
const MENU_WIDTH = 210
const MENU_COLLAPSED_WIDTH = 56

/**
 * The frame of every screen but sign-in: a collapsible left menu when signed in (or on a phone), the
 * top bar, the 'Reconnecting...' banner and the removable notifications above the page.
 */
export function AppLayout() {
  const { t } = useTranslation('layout')
  const { currentUser } = useSession()
  const isMobile = useIsMobile()
  const hasMenu = currentUser !== null || isMobile
  const [isCollapsed, setIsCollapsed] = useState(isMobile)
  useEffect(() => {
    if (isMobile) setIsCollapsed(true)
  }, [isMobile])
  const isOverlayOpen = isMobile && !isCollapsed
  // Escape closes the menu that overlays the page on a phone.
  useEffect(() => {
    if (!isOverlayOpen) return
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsCollapsed(true)
    }
    window.addEventListener('keydown', handleKeyDown)
    return () => window.removeEventListener('keydown', handleKeyDown)
  }, [isOverlayOpen])
  const menuEntries = useMemo(() => menuEntriesFor(appRoutes, currentUser), [currentUser])

  return (
    // antd's App: message, notification and modal hooks for the pages (not needed by the sign-in page).
    <AntApp component={false}>
      <MenuEntriesContext value={menuEntries}>
        <Layout hasSider={hasMenu} style={{ minHeight: '100vh' }}>
          {hasMenu && (
            <Layout.Sider
              width={MENU_WIDTH}
              collapsedWidth={MENU_COLLAPSED_WIDTH}
              collapsible
              collapsed={isCollapsed}
              trigger={null}
              breakpoint="lg"
              onBreakpoint={setIsCollapsed}
              // Sticky beside the page; on a phone it overlays the page (fixed) and the page keeps 56 px for it.
              style={{
                position: isMobile ? 'fixed' : 'sticky',
                insetBlock: 0,
                insetInlineStart: 0,
                zIndex: isMobile ? 100 : undefined,
                height: '100vh',
                overflowY: 'auto',
                overflowX: 'hidden',
              }}
            >
              <div className="app-sider__brand">
                <Brand isCompact={isCollapsed} isInverted />
              </div>
              <nav aria-label={t('topBar.navigation')}>
                <SideMenu isCollapsed={isCollapsed} onNavigate={() => isMobile && setIsCollapsed(true)} />
              </nav>
            </Layout.Sider>
          )}
          {isOverlayOpen && (
            <div className="app-backdrop" aria-hidden="true" onClick={() => setIsCollapsed(true)} />
          )}
          <Layout style={{ marginInlineStart: isMobile && hasMenu ? MENU_COLLAPSED_WIDTH : 0, minWidth: 0 }}>
            <TopBar
              hasMenu={hasMenu}
              isMenuCollapsed={isCollapsed}
              isMobile={isMobile}
              onToggleMenu={() => setIsCollapsed((c) => !c)}
            />
            <ReconnectingBanner />
            <Layout.Content className="app-content">
              <TopNotifications />
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            </Layout.Content>
          </Layout>
        </Layout>
      </MenuEntriesContext>
    </AntApp>
  )
}
