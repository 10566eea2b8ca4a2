import { ArrowLeftOutlined } from '@ant-design/icons'
import { Flex, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

export interface PageHeaderProps {
  title: ReactNode
  /** Under the title: status tags, ids, dates. */
  subtitle?: ReactNode
  /** A back link to this path. */
  backTo?: string
  backLabel?: ReactNode
  /** Buttons on the right (they wrap under the title on narrow screens). */
  actions?: ReactNode
}

/** The top of a screen: optional back link, the title (the page's h1), a subtitle and actions. */
export function PageHeader({ title, subtitle, backTo, backLabel, actions }: PageHeaderProps) {
  const { t } = useTranslation('components')
  return (
    <header style={{ marginBottom: 16 }}>
      {backTo && (
        <Link to={backTo} style={{ display: 'inline-flex', gap: 6, marginBottom: 4 }}>
          <ArrowLeftOutlined aria-hidden />
          {backLabel ?? t('pageHeader.back')}
        </Link>
      )}
      <Flex wrap gap="small" align="center" justify="space-between">
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 24, overflowWrap: 'anywhere' }}>
            {title}
          </Typography.Title>
          {subtitle && <div style={{ marginTop: 4 }}>{subtitle}</div>}
        </div>
        {actions && (
          // Right-aligned also when they wrap under a long title or subtitle (as on an order in Error).
          <Flex wrap gap="small" justify="flex-end" style={{ marginInlineStart: 'auto' }}>
            {actions}
          </Flex>
        )}
      </Flex>
    </header>
  )
}
