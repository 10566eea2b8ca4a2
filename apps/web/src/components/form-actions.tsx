import { Button, Flex } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface FormActionsProps {
  /** Save stays disabled until something changed. */
  isDirty: boolean
  isSaving?: boolean
  onCancel?: () => void
  saveLabel?: ReactNode
}

/** Save (the form's submit, so Enter in a field saves) and an optional Cancel. */
export function FormActions({ isDirty, isSaving, onCancel, saveLabel }: FormActionsProps) {
  const { t } = useTranslation('components')
  return (
    <Flex gap="small" wrap justify="flex-end">
      {onCancel && (
        <Button onClick={onCancel} disabled={isSaving}>
          {t('form.cancel')}
        </Button>
      )}
      <Button type="primary" htmlType="submit" disabled={!isDirty} loading={isSaving}>
        {saveLabel ?? t('form.save')}
      </Button>
    </Flex>
  )
}
