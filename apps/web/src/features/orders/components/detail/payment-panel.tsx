import type { Order } from '@expedo/domain'
import { Card, Col, Row, Switch, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Money } from '@/components/money'
import { usePaymentText } from '@/components/payment-text'
import type { UpdateOrderInput } from '../../api/order-detail-api'
import { numberEditor } from './editors'
import { fieldErrorText } from './field-error'
import { InlineField } from './inline-field'

type Payment = NonNullable<NonNullable<UpdateOrderInput>['payment']>

const moneyEditor = numberEditor({ min: 0, precision: 2 })

export interface PaymentPanelProps {
  order: Order
  /** The payment status. */
  canEdit: boolean
  /** COD apply and amount (before picking). */
  canEditCod: boolean
  onSave: (payment: Payment) => Promise<unknown>
}

/** Payment: status (editable), type, total, COD apply toggle and COD amount (with the initial amount). */
export function PaymentPanel({ order, canEdit, canEditCod, onSave }: PaymentPanelProps) {
  const { t } = useTranslation('order-detail')
  const p = order.payment
  const payment = usePaymentText()
  const [codError, setCodError] = useState('')
  const [isSwitching, setSwitching] = useState(false)

  const handleApply = async (apply: boolean) => {
    setSwitching(true)
    setCodError('')
    try {
      await onSave({ COD: { apply } })
    } catch (error) {
      setCodError(fieldErrorText(error))
    } finally {
      setSwitching(false)
    }
  }

  return (
    <Card size="small" title={t('payment.title')}>
      <Row gutter={[16, 12]}>
        <Col xs={24} sm={12}>
          <InlineField
            label={t('payment.status')}
            value={p.status}
            display={p.status ? payment.status(p.status) : undefined}
            canEdit={canEdit}
            onSave={(status) => onSave({ status })}
          />
        </Col>
        <Col xs={24} sm={12}>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {t('payment.type')}
          </Typography.Text>
          {p.type ? payment.type(p.type) : '—'}
        </Col>
        <Col xs={24} sm={12}>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {t('payment.total')}
          </Typography.Text>
          <Money amount={p.total} />
        </Col>
        <Col xs={24} sm={12}>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            <label htmlFor="order-cod-apply">{t('payment.codApply')}</label>
          </Typography.Text>
          <Switch
            id="order-cod-apply"
            checked={p.COD.apply}
            disabled={!canEditCod}
            loading={isSwitching}
            onChange={(apply) => void handleApply(apply)}
          />
          {codError && (
            <Typography.Text type="danger" role="alert" style={{ display: 'block', fontSize: 12 }}>
              {codError}
            </Typography.Text>
          )}
        </Col>
        <Col xs={24} sm={12}>
          <InlineField<number | null>
            label={t('payment.codAmount')}
            value={p.COD.amount}
            display={<Money amount={p.COD.amount} />}
            canEdit={canEditCod}
            onSave={(amount) => onSave({ COD: { amount: amount ?? 0 } })}
            renderEditor={moneyEditor}
          />
          {p.COD.amountInit !== p.COD.amount && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('payment.codInitial')}: <Money amount={p.COD.amountInit} />
            </Typography.Text>
          )}
        </Col>
      </Row>
    </Card>
  )
}
