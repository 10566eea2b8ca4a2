import { ClearOutlined } from '@ant-design/icons'
import { Button, Flex, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface FilterBarProps {
  children: ReactNode
  /** Back to the default filters; the button is hidden without it. */
  onReset?: () => void
  /** Disable Reset when nothing differs from the defaults. */
  canReset?: boolean
  /** Buttons at the end of the bar (export, create...). */
  actions?: ReactNode
}

/** A wrapping row of labelled filter controls with a Reset action. */
export function FilterBar({ children, onReset, canReset = true, actions }: FilterBarProps) {
  const { t } = useTranslation('components')
  return (
    <Flex wrap gap="small" align="flex-end" role="search" style={{ marginBottom: 16 }}>
      {children}
      <Flex wrap gap="small" align="center" style={{ marginLeft: 'auto' }}>
        {onReset && (
          <Button icon={<ClearOutlined />} onClick={onReset} disabled={!canReset}>
            {t('filterBar.reset')}
          </Button>
        )}
        {actions}
      </Flex>
    </Flex>
  )
}

export interface FilterFieldProps {
  label: ReactNode
  children: ReactNode
  /** Minimum width of the control in px (default 160). */
  width?: number
}

/** One filter: its control under a visible caption (a fieldset, so the caption names the control's group). */
export function FilterField({ label, children, width = 160 }: FilterFieldProps) {
  return (
    <fieldset
      style={{
        border: 0,
        margin: 0,
        padding: 0,
        display: 'flex',
        flexDirection: 'column',
        gap: 4,
        flex: `1 1 ${width}px`,
        minWidth: width,
        maxWidth: 320,
      }}
    >
      <legend style={{ padding: 0, marginBottom: 4, fontSize: 'inherit', border: 0 }}>
        <Typography.Text type="secondary">{label}</Typography.Text>
      </legend>
      {children}
    </fieldset>
  )
}
