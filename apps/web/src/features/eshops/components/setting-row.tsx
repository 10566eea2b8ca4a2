import { Typography } from 'antd'
import type { ReactNode } from 'react'

/**
 * One setting: its label and help on the left, the control on the right (wrapping under them on a phone).
 * The control names itself with `aria-labelledby={`${id}-label`}` and `aria-describedby={`${id}-help`}`.
 */
export function SettingRow({
  id,
  label,
  help,
  children,
}: {
  id: string
  label: ReactNode
  help?: ReactNode
  children: ReactNode
}) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
      <div style={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography.Text strong id={`${id}-label`}>
          {label}
        </Typography.Text>
        {help && (
          <Typography.Paragraph type="secondary" id={`${id}-help`} style={{ margin: 0 }}>
            {help}
          </Typography.Paragraph>
        )}
      </div>
      <div style={{ flex: '0 1 auto', marginTop: 2 }}>{children}</div>
    </div>
  )
}
