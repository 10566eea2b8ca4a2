import type { Order } from '@expedo/domain'
import { Alert, Flex, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DateText } from '@/components/date-text'
import { OrderStatusTag } from '@/components/order-status-tag'
import { PageHeader } from '@/components/page-header'
import { InlineField } from './inline-field'

export interface OrderHeaderProps {
  order: Order
  canEdit: boolean
  onSaveNumber: (clientOrderNr: string) => Promise<unknown>
  onSaveInstructions: (instructions: string) => Promise<unknown>
  actions: ReactNode
}

/**
 * The top of the detail: the editable order number, status badge, internal id, scope, created date and the
 * action buttons; under them the red error banners and the packing instructions warning.
 */
export function OrderHeader({ order, canEdit, onSaveNumber, onSaveInstructions, actions }: OrderHeaderProps) {
  const { t } = useTranslation('order-detail')
  return (
    <>
      <PageHeader
        backTo="/orders"
        backLabel={t('back')}
        title={
          <InlineField
            label={t('header.orderNumber')}
            value={order.clientOrderNr}
            display={order.clientOrderNr || t('header.noNumber')}
            canEdit={canEdit}
            onSave={onSaveNumber}
            showLabel={false}
          />
        }
        subtitle={
          <Flex wrap gap="small" align="center">
            <OrderStatusTag status={order.status} />
            <Typography.Text type="secondary">
              {t('header.internalId')} {order.internalNumericId}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('header.scope')} {order.scope || '—'}
            </Typography.Text>
            <Typography.Text type="secondary">{order.businessclient.name}</Typography.Text>
            <Typography.Text type="secondary">
              {t('header.created')} <DateText value={order.createdAt} format="DD-MM-YY HH:mm" />
            </Typography.Text>
            {order.eshop.eshopUrl && (
              <Typography.Text type="secondary">{order.eshop.eshopUrl}</Typography.Text>
            )}
          </Flex>
        }
        actions={actions}
      />
      {/* Under the header, so the back link, the title and the action buttons sit where they sit for
          every other status. */}
      {[...new Set(order.errMsgs)].map((msg) => (
        <Alert key={msg} type="error" showIcon title={msg} style={{ marginBottom: 8 }} />
      ))}
      <InstructionsWarning
        instructions={order.processing.instructions}
        canEdit={canEdit}
        onSave={onSaveInstructions}
      />
    </>
  )
}

interface InstructionsWarningProps {
  instructions: string
  canEdit: boolean
  onSave: (instructions: string) => Promise<unknown>
}

/**
 * The packing instructions as a warning for whoever packs the order. Without instructions there is nothing
 * to warn about: editors get only a quiet line to add some, readers nothing.
 */
function InstructionsWarning({ instructions, canEdit, onSave }: InstructionsWarningProps) {
  const { t } = useTranslation('order-detail')
  if (!instructions && !canEdit) return null
  const field = (
    <InlineField
      label={t('header.instructions')}
      value={instructions}
      display={instructions || t('header.noInstructions')}
      canEdit={canEdit}
      onSave={onSave}
    />
  )
  if (!instructions) return <div style={{ marginBottom: 16 }}>{field}</div>
  return <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={field} />
}
