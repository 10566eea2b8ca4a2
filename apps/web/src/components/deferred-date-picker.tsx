import { CalendarOutlined } from '@ant-design/icons'
import { Input } from 'antd'
import type { Dayjs } from 'dayjs'
import { type CSSProperties, lazy, Suspense, useState } from 'react'

const DatePicker = lazy(() => import('antd/es/date-picker'))

/**
 * antd's DatePicker whose code (about 30 KB gzip: the calendar, its panels and locale logic) loads when the
 * user reaches for it — pointer over it, focus, a tap — instead of with the screen: until then a read-only
 * box shows the same value, label and placeholder. For date filters a screen shows on every load (the orders
 * list) but that most visits do not touch. The real picker takes the focus the box had, so a keyboard user
 * tabbing in lands in it.
 */
export function DeferredDatePicker(props: {
  'aria-label': string
  placeholder: string
  format: string
  value: Dayjs | null | undefined
  onChange(day: Dayjs | null): void
  style?: CSSProperties
}) {
  const [wanted, setWanted] = useState<false | 'hover' | 'focus'>(false)
  const preview = (
    <Input
      readOnly
      aria-label={props['aria-label']}
      placeholder={props.placeholder}
      value={props.value ? props.value.format(props.format) : ''}
      suffix={<CalendarOutlined aria-hidden />}
      style={props.style}
      onMouseEnter={() => setWanted((w) => w || 'hover')}
      onFocus={() => setWanted('focus')}
      onPointerDown={() => setWanted('focus')}
    />
  )
  if (!wanted) return preview
  return (
    <Suspense fallback={preview}>
      <DatePicker
        aria-label={props['aria-label']}
        placeholder={props.placeholder}
        format={props.format}
        value={props.value}
        onChange={(day) => props.onChange((day as Dayjs | null) ?? null)}
        style={props.style}
        autoFocus={wanted === 'focus'}
      />
    </Suspense>
  )
}
