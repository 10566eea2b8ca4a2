import { CheckOutlined, CloseOutlined, EditOutlined } from '@ant-design/icons'
import { Button, Flex, Input, Typography } from 'antd'
import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldErrorText } from './field-error'

/** What an editor gets: the draft value, its setter, the label's id and a way to save from the keyboard. */
export interface InlineEditorProps<V> {
  id: string
  label: string
  value: V
  onChange: (value: V) => void
  onSubmit: () => void
  onCancel: () => void
}

export interface InlineFieldProps<V> {
  label: string
  value: V
  /** How the saved value reads; default the value itself, a dash when empty. */
  display?: ReactNode
  canEdit: boolean
  /** Saves the draft; a rejected promise keeps the editor open with the server's reason under it. */
  onSave: (value: V) => Promise<unknown>
  /** The input; default a text input (Enter saves, Escape cancels). */
  renderEditor?: (props: InlineEditorProps<V>) => ReactNode
  /** Show the label above the value (default); off where the context names the value (a page title). */
  showLabel?: boolean
}

function TextEditor({ id, label, value, onChange, onSubmit, onCancel }: InlineEditorProps<string>) {
  return (
    <Input
      id={id}
      aria-label={label}
      size="small"
      autoFocus
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onPressEnter={onSubmit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel()
      }}
    />
  )
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === ''

/**
 * One labelled value of a panel that its editors change in place: pencil → input with save and cancel.
 * The shown value is always the order's (the server's answer), so a refused change leaves the old value.
 */
export function InlineField<V = string>({
  label,
  value,
  display,
  canEdit,
  onSave,
  renderEditor,
  showLabel = true,
}: InlineFieldProps<V>) {
  const { t } = useTranslation('order-detail')
  const id = useId()
  const [draft, setDraft] = useState<V | undefined>(undefined)
  const [error, setError] = useState('')
  const [isSaving, setSaving] = useState(false)
  const isEditing = draft !== undefined

  const stop = () => {
    setDraft(undefined)
    setError('')
  }
  const handleSave = async () => {
    if (draft === undefined) return
    if (draft === value) return stop()
    setSaving(true)
    try {
      await onSave(draft)
      stop()
    } catch (failure) {
      setError(fieldErrorText(failure))
    } finally {
      setSaving(false)
    }
  }
  const editor = renderEditor ?? (TextEditor as unknown as (p: InlineEditorProps<V>) => ReactNode)

  return (
    <div style={{ minWidth: 0 }}>
      {showLabel && (
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
          <label htmlFor={isEditing ? id : undefined}>{label}</label>
        </Typography.Text>
      )}
      {isEditing ? (
        <div>
          <Flex gap={4} align="center">
            <div style={{ flex: 1, minWidth: 0 }}>
              {editor({
                id,
                label,
                value: draft,
                onChange: setDraft,
                onSubmit: () => void handleSave(),
                onCancel: stop,
              })}
            </div>
            <Button
              size="small"
              type="primary"
              icon={<CheckOutlined />}
              loading={isSaving}
              aria-label={t('field.save', { field: label })}
              onClick={() => void handleSave()}
            />
            <Button
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('field.cancel', { field: label })}
              onClick={stop}
            />
          </Flex>
          {error && (
            <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
              {error}
            </Typography.Text>
          )}
        </div>
      ) : (
        <Flex gap={4} align="center">
          <span style={{ overflowWrap: 'anywhere' }} data-field={label}>
            {display ?? (isEmpty(value) ? '—' : String(value))}
          </span>
          {canEdit && (
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={t('field.edit', { field: label })}
              onClick={() => setDraft(value)}
            />
          )}
        </Flex>
      )}
    </div>
  )
}
