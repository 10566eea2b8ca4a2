import { Button, type ButtonProps, Popconfirm } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** The question, e.g. 'Are you sure you want to delete this group?'. */
  confirmTitle: ReactNode
  confirmDescription?: ReactNode
  /** Runs after confirmation; while its promise is pending the confirm button spins. */
  onConfirm: () => unknown
  okText?: ReactNode
  cancelText?: ReactNode
}

/** A button that asks for confirmation before a destructive action (danger styled by default). */
export function ConfirmButton({
  confirmTitle,
  confirmDescription,
  onConfirm,
  okText,
  cancelText,
  danger = true,
  children,
  ...buttonProps
}: ConfirmButtonProps) {
  const { t } = useTranslation('components')
  const handleConfirm = async () => {
    try {
      await onConfirm()
    } catch {
      // The failed call has already been reported to the user (top notification).
    }
  }
  return (
    <Popconfirm
      title={confirmTitle}
      description={confirmDescription}
      onConfirm={handleConfirm}
      okText={okText ?? t('confirm.yes')}
      cancelText={cancelText ?? t('confirm.no')}
      okButtonProps={{ danger }}
      disabled={buttonProps.disabled}
    >
      <Button danger={danger} {...buttonProps}>
        {children}
      </Button>
    </Popconfirm>
  )
}
