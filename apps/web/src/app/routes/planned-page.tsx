import { ToolOutlined } from '@ant-design/icons'
import { Button, Result, Typography, theme } from 'antd'
import { useTranslation } from 'react-i18next'
import { useMatches, useNavigate } from 'react-router'
import type { RouteHandle } from '../router/app-route'

/** The one placeholder of the screens that later issues build: the route exists, its content does not yet. */
export function PlannedPage() {
  const { t } = useTranslation(['common', 'layout'])
  const { token } = theme.useToken()
  const navigate = useNavigate()
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined

  return (
    <Result
      icon={<ToolOutlined style={{ color: token.colorPrimary }} />}
      title={
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {handle ? t(`layout:pages.${handle.route.title}`) : null}
        </Typography.Title>
      }
      subTitle={
        <>
          <p style={{ fontSize: 16, margin: '0 0 4px' }}>{t('planned.text')}</p>
          <span>{t('planned.hint')}</span>
        </>
      }
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('planned.backHome')}
        </Button>
      }
    />
  )
}
