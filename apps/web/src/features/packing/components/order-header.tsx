import type { PackingSession } from '@expedo/domain'
import { Alert, Descriptions } from 'antd'
import { useTranslation } from 'react-i18next'

/** Who and where the order on the table is for, and the client's packing instructions, unmissable. */
export function OrderHeader({ session }: { session: PackingSession }) {
  const { t } = useTranslation('packing')
  const { order } = session
  const none = t('order.none')
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }} data-testid="packing-order">
        <Descriptions.Item label={t('order.number')}>{order.clientOrderNr || none}</Descriptions.Item>
        <Descriptions.Item label={t('order.client')}>{order.businessclient || none}</Descriptions.Item>
        <Descriptions.Item label={t('order.courier')}>{order.courier?.name ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('order.warehouse')}>{order.warehouse?.name ?? none}</Descriptions.Item>
      </Descriptions>
      {order.instructions.trim() && (
        <Alert
          type="warning"
          showIcon
          data-testid="packing-instructions"
          title={t('order.instructions')}
          description={<span style={{ whiteSpace: 'pre-line', fontSize: 16 }}>{order.instructions}</span>}
        />
      )}
    </>
  )
}
