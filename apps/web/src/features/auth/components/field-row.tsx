import { theme } from 'antd'
import type { ReactNode } from 'react'

/** A labelled field with its hint or error under it, spaced like antd's vertical form. */
export function FieldRow({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: string
  children: ReactNode
}) {
  const { token } = theme.useToken()
  const note = error ?? hint
  return (
    <div style={{ marginBottom: 20 }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: 8, color: token.colorTextHeading }}>
        {label}
      </label>
      {children}
      {note && (
        <div
          id={`${id}-${error ? 'error' : 'hint'}`}
          role={error ? 'alert' : undefined}
          style={{
            marginTop: 4,
            fontSize: token.fontSizeSM + 1,
            color: error ? token.colorError : token.colorTextSecondary,
          }}
        >
          {note}
        </div>
      )}
    </div>
  )
}
