import { UserOutlined } from '@ant-design/icons'
import { Avatar, Button, Divider, Flex, Popover, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { type CurrentUser, sessionStore } from '@/lib/session'

/** The user panel of the top bar: greeting, username, 'Log Out', 'no notifications', Close (spec part 1 §1). */
export function UserPanel({ user, isCompact }: { user: CurrentUser; isCompact: boolean }) {
  const { t } = useTranslation('layout')
  const navigate = useNavigate()
  const [isOpen, setIsOpen] = useState(false)

  const handleLogOut = (event: React.MouseEvent) => {
    event.preventDefault()
    setIsOpen(false)
    sessionStore.signOut()
    // Both changes in one render: the protected page never renders signed out (it would send to /signin?from=).
    void navigate('/signin', { flushSync: true })
  }

  const content = (
    <Flex vertical gap={4} style={{ width: 248 }}>
      <Typography.Text strong style={{ fontSize: 16 }}>
        {t('userPanel.greeting', { username: user.username })}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t('userPanel.signedInAs')} <Typography.Text strong>{user.username}</Typography.Text>
      </Typography.Text>
      <Flex wrap gap={4} style={{ marginTop: 4 }}>
        {user.roles.map((role) => (
          <Tag key={role} color="cyan" variant="filled">
            {t(`roles.${role}`)}
          </Tag>
        ))}
      </Flex>
      <Divider style={{ margin: '8px 0' }} />
      <Typography.Text type="secondary">{t('userPanel.noNotifications')}</Typography.Text>
      <Divider style={{ margin: '8px 0' }} />
      <Flex justify="space-between" align="center">
        <Link to="/signin" onClick={handleLogOut}>
          {t('userPanel.logOut')}
        </Link>
        <Button size="small" onClick={() => setIsOpen(false)}>
          {t('userPanel.close')}
        </Button>
      </Flex>
    </Flex>
  )

  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={isOpen} onOpenChange={setIsOpen}>
      <Button
        type="text"
        // Named by the username it shows (its visible text); the icon alone on a phone is named 'User panel'.
        aria-label={isCompact ? t('userPanel.open') : undefined}
        title={t('userPanel.open')}
        aria-haspopup="dialog"
        style={{ paddingInline: 6 }}
      >
        <Flex align="center" gap={8}>
          <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: '#0f766e' }} />
          {!isCompact && <span>{user.username}</span>}
        </Flex>
      </Button>
    </Popover>
  )
}
