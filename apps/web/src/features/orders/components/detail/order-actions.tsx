import { CopyOutlined } from '@ant-design/icons'
import { type Order, type OrderAction, type OrderStatus, orderActionTarget } from '@expedo/domain'
import { Button } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '@/components/confirm-button'
import { type DetailRights, warehouseSteps } from './detail-rules'
import { useOrderDetailSlots } from './order-slots'

export interface OrderActionsProps {
  order: Order
  rights: DetailRights
  onDuplicate: () => Promise<unknown>
  /** Validate, Draft and the warehouse-flow steps (PUT /orders/{id} {status}). */
  onStatus: (status: OrderStatus) => Promise<unknown>
  /** After the confirmation: POST /orders/{id}/cancel. */
  onCancel: () => Promise<unknown>
}

const actionKey = { Validate: 'validate', 'Set to Draft': 'draft', Cancel: 'cancel' } as const

/**
 * The header buttons: Duplicate, Refund ('Create New Refund', for who may request refunds), the client actions the
 * order allows now (spec §4) and, for warehouse staff, the next steps of the warehouse flow.
 */
export function OrderActions({ order, rights, onDuplicate, onStatus, onCancel }: OrderActionsProps) {
  const { t } = useTranslation('order-detail')
  const { t: tOrders } = useTranslation('orders')
  const { refundAction } = useOrderDetailSlots()
  const [busy, setBusy] = useState<string | null>(null)
  const run = async (key: string, action: () => Promise<unknown>) => {
    setBusy(key)
    try {
      await action()
    } catch {
      // Reported in the top notification by the mutation.
    } finally {
      setBusy(null)
    }
  }
  const clientActions: OrderAction[] = rights.canWrite ? order.allowedActions : []
  const steps = rights.canProcess ? warehouseSteps(order.status) : []

  return (
    <>
      {steps.map((status) => (
        <Button
          key={status}
          type="primary"
          loading={busy === status}
          onClick={() => void run(status, () => onStatus(status))}
        >
          {tOrders(`status.${status}`)}
        </Button>
      ))}
      {clientActions.map((action) =>
        action === 'Cancel' ? (
          <ConfirmButton
            key={action}
            confirmTitle={t('actions.cancelConfirm')}
            okText={t('actions.cancelYes')}
            cancelText={t('actions.cancelNo')}
            onConfirm={() => onCancel()}
          >
            {t('actions.cancel')}
          </ConfirmButton>
        ) : (
          <Button
            key={action}
            loading={busy === action}
            onClick={() => void run(action, () => onStatus(orderActionTarget[action]))}
          >
            {t(`actions.${actionKey[action]}`)}
          </Button>
        ),
      )}
      {rights.canWrite && (
        <Button
          icon={<CopyOutlined />}
          loading={busy === 'duplicate'}
          onClick={() => void run('duplicate', onDuplicate)}
        >
          {t('actions.duplicate')}
        </Button>
      )}
      {rights.canRefund && refundAction?.(order)}
    </>
  )
}
