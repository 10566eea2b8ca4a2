import { Input, Modal, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

export interface BillCreditModalProps {
  onCreate: (reason: string) => Promise<unknown>
  onClose: () => void
}

/**
 * The credit note of a whole locked bill. The reason is required: the law asks a corrective document to
 * state it (ZDPH § 45(1)), and the PDF prints it (the invoice's credit note asks the same).
 */
export function BillCreditModal({ onCreate, onClose }: BillCreditModalProps) {
  const { t } = useTranslation('bills')
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const handleOk = async () => {
    setBusy(true)
    try {
      await onCreate(reason.trim())
      onClose()
    } catch {
      // The failed call is shown on the page (its error alert).
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      title={t('detail.credit')}
      okText={t('detail.credit')}
      onOk={() => void handleOk()}
      okButtonProps={{ loading: busy, disabled: reason.trim() === '' }}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t('detail.creditConfirm')}</Typography.Paragraph>
      <Input.TextArea
        aria-label={t('detail.creditReason')}
        placeholder={t('detail.creditReason')}
        maxLength={300}
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  )
}
