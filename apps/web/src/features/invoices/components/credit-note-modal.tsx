import type { Invoice } from '@expedo/domain'
import { Alert, Input, Modal, Radio, Table, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NumberInput } from '@/components/number-input'
import { ApiClientError } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import type { CreditNoteInput } from '../api/invoices-api'

export interface CreditNoteModalProps {
  invoice: Invoice
  onCreate: (body: CreditNoteInput) => Promise<unknown>
  onClose: () => void
}

/**
 * A credit note of an issued invoice: the whole invoice (what is left), or chosen lines with a quantity each,
 * never more than is left on the line (the server says the same, per line, when asked for more). The reason
 * is required: the law asks a corrective document to state it (ZDPH § 45(1)), and the PDF prints it.
 */
export function CreditNoteModal({ invoice, onCreate, onClose }: CreditNoteModalProps) {
  const { t } = useTranslation('invoices')
  const [mode, setMode] = useState<'whole' | 'lines'>('whole')
  const [quantities, setQuantities] = useState<Record<string, number>>({})
  const [reason, setReason] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const leftOf = (itemId: string) => {
    const item = invoice.items.find((i) => i._id === itemId)
    return item ? Math.max(0, item.quantity - item.credited) : 0
  }
  const chosen = Object.entries(quantities).filter(([, q]) => q > 0)
  const reasonMissing = reason.trim() === ''
  const handleOk = async () => {
    setBusy(true)
    setError('')
    try {
      await onCreate({
        reason: reason.trim(),
        ...(mode === 'lines' ? { items: chosen.map(([itemId, quantity]) => ({ itemId, quantity })) } : {}),
      })
      onClose()
    } catch (e) {
      setError(
        e instanceof ApiClientError && Object.keys(e.details).length
          ? Object.values(e.details).join('; ')
          : errorMessage(e),
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      title={t('credit.title')}
      okText={t('credit.create')}
      onOk={() => void handleOk()}
      okButtonProps={{ loading: busy, disabled: reasonMissing || (mode === 'lines' && chosen.length === 0) }}
      onCancel={onClose}
      width={720}
    >
      <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)} style={{ marginBottom: 12 }}>
        <Radio value="whole">{t('credit.whole')}</Radio>
        <Radio value="lines">{t('credit.lines')}</Radio>
      </Radio.Group>
      {mode === 'lines' && (
        <Table
          size="small"
          rowKey="_id"
          pagination={false}
          dataSource={invoice.items}
          columns={[
            { key: 'name', title: t('items.name'), dataIndex: 'name' },
            {
              key: 'left',
              title: t('items.quantity'),
              render: (_, i) => t('credit.left', { count: leftOf(i._id) }),
            },
            {
              key: 'quantity',
              title: t('credit.create'),
              render: (_, i) => (
                <NumberInput
                  aria-label={`${t('items.quantity')} ${i.name}`}
                  min={0}
                  max={leftOf(i._id)}
                  precision={3}
                  disabled={leftOf(i._id) === 0}
                  value={quantities[i._id] ?? 0}
                  onChange={(q) => setQuantities((all) => ({ ...all, [i._id]: Number(q ?? 0) }))}
                />
              ),
            },
          ]}
        />
      )}
      <label htmlFor="credit-reason" style={{ display: 'block', marginTop: 12 }}>
        {t('credit.reason')}
      </label>
      <Input
        id="credit-reason"
        value={reason}
        maxLength={300}
        required
        aria-required
        aria-describedby="credit-reason-help"
        status={reasonMissing ? 'warning' : undefined}
        onChange={(e) => setReason(e.target.value)}
      />
      <Typography.Text id="credit-reason-help" type="secondary">
        {t('credit.reasonRequired')}
      </Typography.Text>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} role="alert" />}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('edit.issuedNote')}
      </Typography.Paragraph>
    </Modal>
  )
}
