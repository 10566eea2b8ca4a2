import { type Handover, handoverCode } from '@expedo/domain'
import { Alert, Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { reportFormError } from '@/components/server-errors'
import type { useHandoverActions } from '../api/handovers-api'

export interface ConfirmModalProps {
  handover: Handover
  open: boolean
  onClose: () => void
  confirm: ReturnType<typeof useHandoverActions>['confirm']
  onDone: (result: { shipped: number; skipped: number }) => void
}

/**
 * The driver took the parcels: the driver's name (optional, as signed), and, when some parcels were not
 * scanned, how many — they are handed over too unless removed first.
 */
export function ConfirmModal({ handover: h, open, onClose, confirm, onDone }: ConfirmModalProps) {
  const { t } = useTranslation('handovers')
  const [form] = Form.useForm<{ driverName: string }>()
  const unscanned = h.orders - h.scanned
  const handleSubmit = () => {
    const driverName = (form.getFieldValue('driverName') as string | undefined)?.trim() ?? ''
    confirm.mutate(driverName ? { driverName } : {}, {
      onSuccess: (answer) => {
        onClose()
        onDone(answer)
      },
      onError: (error) => reportFormError(form, error),
    })
  }
  return (
    <Modal
      open={open}
      title={t('confirm.title', { code: handoverCode(h.number) })}
      okText={t('confirm.submit')}
      cancelText={t('confirm.cancel')}
      onOk={handleSubmit}
      onCancel={onClose}
      okButtonProps={{ loading: confirm.isPending }}
      destroyOnHidden
    >
      <Alert
        data-testid="handover-confirm-note"
        type={unscanned > 0 ? 'warning' : 'success'}
        showIcon
        style={{ marginBottom: 16 }}
        title={
          unscanned > 0 ? t('confirm.unscanned', { count: unscanned }) : t('confirm.all', { count: h.orders })
        }
      />
      <Form form={form} layout="vertical" initialValues={{ driverName: '' }} onFinish={handleSubmit}>
        <Form.Item name="driverName" label={t('confirm.driver')} extra={t('confirm.driverHint')}>
          <Input maxLength={100} autoComplete="off" autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  )
}
