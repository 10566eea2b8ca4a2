import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons'
import { Button, Flex, Layout } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useUpdateSysLang } from '@/features/users/api/use-update-sys-lang'
import { guestLanguage } from '@/lib/guest-language'
import { useSession } from '@/lib/session'
import { Brand } from './brand'
import { LanguageSelect } from './language-select'
import { UserPanel } from './user-panel'

interface TopBarProps {
  hasMenu: boolean
  isMenuCollapsed: boolean
  isMobile: boolean
  onToggleMenu: () => void
}

/** The top bar: menu toggle, language dropdown and the user panel (or a sign-in link for visitors). */
export function TopBar({ hasMenu, isMenuCollapsed, isMobile, onToggleMenu }: TopBarProps) {
  const { t } = useTranslation('layout')
  const { currentUser } = useSession()
  const updateSysLang = useUpdateSysLang()
  return (
    <Layout.Header className="app-top-bar" style={{ paddingInline: isMobile ? 8 : 16 }}>
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        {hasMenu ? (
          <Button
            type="text"
            icon={isMenuCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggleMenu}
            aria-label={isMenuCollapsed ? t('topBar.openMenu') : t('topBar.closeMenu')}
            aria-expanded={!isMenuCollapsed}
          />
        ) : (
          <Brand />
        )}
      </Flex>
      <Flex align="center" gap={isMobile ? 0 : 8}>
        <LanguageSelect
          // Signed in, the choice becomes the user's sys_lang; signed out, it waits for the sign-in call.
          onChange={(lang) => (currentUser ? updateSysLang.mutate(lang) : void guestLanguage.choose(lang))}
          isPending={updateSysLang.isPending}
        />
        {currentUser ? (
          <UserPanel user={currentUser} isCompact={isMobile} />
        ) : (
          <Link to="/signin">{t('menu.signIn')}</Link>
        )}
      </Flex>
    </Layout.Header>
  )
}
