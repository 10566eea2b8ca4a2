import type { OrderListItem } from '@expedo/domain'
import { Alert, Form, Input, Modal } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '@/lib/error-message'
import { findOrdersByRef } from '../api/find-orders-by-ref'
import { parseOrderRefs } from '../lib/order-list-state'

/** Spec: most references one paste may name. */
const MAX_REFS = 100

export interface SelectOrdersModalProps {
  /** Adds the orders found to the selection (for bulk actions and exports). */
  onSelect: (orders: OrderListItem[]) => void
  onClose: () => void
}

/**
 * The input modal: order numbers or internal ids typed or pasted (e.g. from a picking sheet or a
 * spreadsheet column), separated by spaces, commas or new lines. The orders found are added to the
 * selection; the references that matched nothing are listed. Enter sends, Shift+Enter starts a new line.
 */
export function SelectOrdersModal({ onSelect, onClose }: SelectOrdersModalProps) {
  const { t } = useTranslation('orders')
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [missing, setMissing] = useState<string[]>([])
  const [error, setError] = useState<string>()
  const refs = parseOrderRefs(text, MAX_REFS)

  const submit = async () => {
    if (refs.length === 0 || busy) return
    setBusy(true)
    setError(undefined)
    try {
      const result = await findOrdersByRef(refs)
      onSelect(result.found)
      setMissing(result.missing)
      if (result.missing.length === 0) onClose()
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title={t('input.title')}
      okText={t('input.select')}
      cancelText={t('bulk.cancel')}
      okButtonProps={{ disabled: refs.length === 0 }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={t('input.label')} extra={t('input.hint', { max: MAX_REFS })} htmlFor="order-refs">
          <Input.TextArea
            id="order-refs"
            autoFocus
            rows={4}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onPressEnter={(e) => {
              if (e.shiftKey) return
              e.preventDefault()
              void submit()
            }}
          />
        </Form.Item>
      </Form>
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('input.missing', { count: missing.length })}
          description={missing.join(', ')}
        />
      )}
      {error && <Alert type="error" showIcon message={error} />}
    </Modal>
  )
}
