import { CheckCircleFilled, ExclamationCircleFilled, EyeOutlined, WarningFilled } from '@ant-design/icons'
import type { OrderListItem } from '@expedo/domain'
import { Flex, Tooltip, Typography } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DateText, formatDate } from '@/components/date-text'
import { Money } from '@/components/money'
import { ERROR_MESSAGE_CHARS, ERROR_MESSAGES_SHOWN, ITEM_NAME_CHARS, truncate } from '../lib/order-list-state'

type Item = OrderListItem['items'][number]

/** Spec §2: red attention for low stock, yellow for not available, green check for available. */
export function StockIcon({ item }: { item: Item }) {
  const { t } = useTranslation('orders')
  if (item.low_stock) {
    const label = t('list.stock.low', { available: item.stockAvailable })
    return (
      <Tooltip title={label}>
        <ExclamationCircleFilled
          role="img"
          aria-label={label}
          data-stock="low"
          style={{ color: '#cf1322' }}
        />
      </Tooltip>
    )
  }
  if (item.stockAvailable <= 0) {
    const label = t('list.stock.none')
    return (
      <Tooltip title={label}>
        <WarningFilled role="img" aria-label={label} data-stock="none" style={{ color: '#d4b106' }} />
      </Tooltip>
    )
  }
  const label = t('list.stock.available')
  return (
    <Tooltip title={label}>
      <CheckCircleFilled role="img" aria-label={label} data-stock="available" style={{ color: '#389e0d' }} />
    </Tooltip>
  )
}

/**
 * The Order cell: order number (link to the detail), internal id, shop url; who has the order open;
 * up to 2 error messages cut to 20 characters (the full text in a tooltip); the COD transfer link.
 */
export function OrderCell({ order }: { order: OrderListItem }) {
  const { t } = useTranslation('orders')
  const open = order.processing.isOpenUser
  const transfer = order.processing.codTransfferId
  return (
    <Flex vertical gap={2} style={{ minWidth: 160 }}>
      <Link to={`/orders/${order._id}`} style={{ fontWeight: 600 }}>
        {order.clientOrderNr || t('list.noOrderNr')}
      </Link>
      <Typography.Text type="secondary">
        {t('list.internalId')} {order.internalNumericId}
      </Typography.Text>
      {order.eshop.eshopUrl && (
        <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
          {order.eshop.eshopUrl}
        </Typography.Text>
      )}
      {open && (
        <Tooltip
          title={t('list.openSince', {
            user: open.username,
            since: formatDate(open.since, 'DD-MM-YY HH:mm'),
          })}
        >
          <Typography.Text type="warning" data-testid="open-user">
            <EyeOutlined aria-label={t('list.openBy')} role="img" /> {open.username}
          </Typography.Text>
        </Tooltip>
      )}
      {order.errMsgs.slice(0, ERROR_MESSAGES_SHOWN).map((message, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of at most two messages, never reordered.
        <Tooltip key={i} title={message}>
          <Typography.Text type="danger" data-testid="order-error">
            {truncate(message, ERROR_MESSAGE_CHARS)}
          </Typography.Text>
        </Tooltip>
      ))}
      {transfer && <Link to={`/transfers/${transfer}`}>{t('list.codTransfer')}</Link>}
    </Flex>
  )
}

/** The Dates cell: created, updated and the delivery date. */
export function DatesCell({ order }: { order: OrderListItem }) {
  const { t } = useTranslation('orders')
  return (
    <dl style={{ margin: 0 }}>
      <DateLine label={t('list.created')}>
        <DateText value={order.createdAt} format="DD-MM-YY HH:mm" />
      </DateLine>
      <DateLine label={t('list.updated')}>
        <DateText value={order.updatedAt} format="DD-MM-YY HH:mm" />
      </DateLine>
      {order.shipping.deliveryDate && (
        <DateLine label={t('list.delivery')}>
          <DateText value={order.shipping.deliveryDate} format="DD.MM.YYYY" />
        </DateLine>
      )}
    </dl>
  )
}

function DateLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: 8 }}>
      <dt>
        <Typography.Text type="secondary">{label}</Typography.Text>
      </dt>
      <dd style={{ margin: 0 }}>{children}</dd>
    </div>
  )
}

/** The Items cell: each line's name cut to 15 characters × quantity, with its stock icon. */
export function ItemsCell({ order }: { order: OrderListItem }) {
  const { t } = useTranslation('orders')
  if (order.items.length === 0) return <Typography.Text type="secondary">{t('list.noItems')}</Typography.Text>
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {order.items.map((item) => (
        <li key={item._id}>
          <StockIcon item={item} />{' '}
          <Tooltip title={`${item.name} (${item.sku})`}>
            <span data-testid="item-name">{truncate(item.name, ITEM_NAME_CHARS)}</span>
          </Tooltip>{' '}
          × {item.quantity}
        </li>
      ))}
    </ul>
  )
}

/** The Total cell: the COD amount labelled Cash when COD applies, otherwise the total labelled Paid Online. */
export function TotalCell({ order }: { order: OrderListItem }) {
  const { t } = useTranslation('orders')
  const cod = order.payment.COD.apply
  return (
    <Flex vertical align="flex-end" gap={0}>
      <Money amount={cod ? order.payment.COD.amount : order.payment.total} />
      <Typography.Text type={cod ? 'warning' : 'success'} style={{ fontSize: 12 }}>
        {cod ? t('list.cash') : t('list.paidOnline')}
      </Typography.Text>
    </Flex>
  )
}
