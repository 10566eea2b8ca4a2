import { CheckCircleFilled, ExclamationCircleFilled, EyeOutlined, WarningFilled } from '@ant-design/icons'
import type { OrderListItem } from '@expedo/domain'
import { Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { type DateFormat, DateText, formatDate } from '@/components/date-text'
import { HoverTooltip } from '@/components/hover-tooltip'
import { Money } from '@/components/money'
import { ERROR_MESSAGE_CHARS, ERROR_MESSAGES_SHOWN, ITEM_NAME_CHARS, truncate } from '../lib/order-list-state'

type Item = OrderListItem['items'][number]

/** Spec §2: red attention for low stock, yellow for not available, green check for available. */
export function StockIcon({ item }: { item: Item }) {
  const { t } = useTranslation('orders')
  if (item.low_stock) {
    const label = t('list.stock.low', { available: item.stockAvailable })
    return (
      <HoverTooltip title={label}>
        <ExclamationCircleFilled
          role="img"
          aria-label={label}
          data-stock="low"
          style={{ color: '#cf1322' }}
        />
      </HoverTooltip>
    )
  }
  if (item.stockAvailable <= 0) {
    const label = t('list.stock.none')
    return (
      <HoverTooltip title={label}>
        <WarningFilled role="img" aria-label={label} data-stock="none" style={{ color: '#d4b106' }} />
      </HoverTooltip>
    )
  }
  const label = t('list.stock.available')
  return (
    <HoverTooltip title={label}>
      <CheckCircleFilled role="img" aria-label={label} data-stock="available" style={{ color: '#389e0d' }} />
    </HoverTooltip>
  )
}

/** One line of a compact cell: no wrapping, what does not fit ends in an ellipsis (the tooltip has it all). */
const oneLine = {
  display: 'block',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
} as const

/**
 * The Order cell on one line: order number (link to the detail), internal id, shop url, who has the order
 * open and the COD transfer link (the whole line in a tooltip); under it, only when there are any, up to 2
 * error messages cut to 20 characters (each one's full text in its tooltip).
 */
export function OrderCell({ order }: { order: OrderListItem }) {
  const { t } = useTranslation('orders')
  const open = order.processing.isOpenUser
  const transfer = order.processing.codTransfferId
  const number = order.clientOrderNr || t('list.noOrderNr')
  const openText =
    open && t('list.openSince', { user: open.username, since: formatDate(open.since, 'DD-MM-YY HH:mm') })
  const summary = [
    number,
    `${t('list.internalId')} ${order.internalNumericId}`,
    order.eshop.eshopUrl,
    openText,
  ]
    .filter(Boolean)
    .join(' · ')
  const errors = order.errMsgs.slice(0, ERROR_MESSAGES_SHOWN)
  return (
    <>
      <HoverTooltip title={summary} placement="topLeft" mouseEnterDelay={0.4}>
        <span style={oneLine}>
          <Link to={`/orders/${order._id}`} style={{ fontWeight: 600 }}>
            {number}
          </Link>{' '}
          <Typography.Text type="secondary">
            {t('list.internalId')} {order.internalNumericId}
          </Typography.Text>
          {order.eshop.eshopUrl && (
            <>
              {' '}
              <Typography.Text type="secondary">{order.eshop.eshopUrl}</Typography.Text>
            </>
          )}
          {open && (
            <>
              {' '}
              <Typography.Text type="warning" data-testid="open-user">
                <EyeOutlined aria-label={t('list.openBy')} role="img" /> {open.username}
              </Typography.Text>
            </>
          )}
          {transfer && (
            <>
              {' '}
              <Link to={`/transfers/${transfer}`}>{t('list.codTransfer')}</Link>
            </>
          )}
        </span>
      </HoverTooltip>
      {errors.length > 0 && (
        <span style={oneLine}>
          {errors.map((message, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of at most two messages, never reordered.
            <HoverTooltip key={i} title={message}>
              <Typography.Text type="danger" data-testid="order-error" style={{ marginInlineEnd: 8 }}>
                {truncate(message, ERROR_MESSAGE_CHARS)}
              </Typography.Text>
            </HoverTooltip>
          ))}
        </span>
      )}
    </>
  )
}

/**
 * The Dates cell on one line: the list's date field (Created At / Updated At), its label only for screen
 * readers (the column says Dates). The other one and the delivery date would be cut in the column's width
 * (issue 27: "04:2…"): they are read by screen readers and shown in the tooltip, with all of them.
 */
export function DatesCell({ order, first = 'createdAt' }: { order: OrderListItem; first?: string }) {
  const { t } = useTranslation('orders')
  const created = { label: t('list.created'), value: order.createdAt, format: 'DD-MM-YY HH:mm' as DateFormat }
  const updated = { label: t('list.updated'), value: order.updatedAt, format: 'DD-MM-YY HH:mm' as DateFormat }
  const dates = first === 'updatedAt' ? [updated, created] : [created, updated]
  if (order.shipping.deliveryDate)
    dates.push({ label: t('list.delivery'), value: order.shipping.deliveryDate, format: 'DD.MM.YYYY' })
  const title = dates.map((d) => `${d.label} ${formatDate(d.value, d.format)}`).join(' · ')
  const [shown, ...others] = dates as [(typeof dates)[number], ...typeof dates]
  return (
    <HoverTooltip title={title} placement="topLeft" mouseEnterDelay={0.4}>
      <dl style={{ ...oneLine, margin: 0 }}>
        <div style={{ display: 'inline' }}>
          <dt style={visuallyHidden}>{shown.label}</dt>
          <dd style={{ display: 'inline', margin: 0 }}>
            <DateText value={shown.value} format={shown.format} />
          </dd>
        </div>
        {others.map((d) => (
          <div key={d.label} style={visuallyHidden}>
            <dt>{d.label}</dt>
            <dd>{formatDate(d.value, d.format)}</dd>
          </div>
        ))}
      </dl>
    </HoverTooltip>
  )
}

/** Read by screen readers, not shown. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const

/**
 * The Items cell on one line: each line's name cut to 15 characters × quantity, with its stock icon; the
 * tooltip lists them all in full when the line is cut.
 */
export function ItemsCell({ order }: { order: OrderListItem }) {
  const { t } = useTranslation('orders')
  if (order.items.length === 0) return <Typography.Text type="secondary">{t('list.noItems')}</Typography.Text>
  const title = order.items.map((item) => `${item.name} (${item.sku}) × ${item.quantity}`).join(' · ')
  return (
    <HoverTooltip title={title} placement="topLeft" mouseEnterDelay={0.4}>
      <ul style={{ ...oneLine, listStyle: 'none', margin: 0, padding: 0 }}>
        {order.items.map((item) => (
          <li key={item._id} style={{ display: 'inline', marginInlineEnd: 10 }}>
            <StockIcon item={item} />{' '}
            <span data-testid="item-name">{truncate(item.name, ITEM_NAME_CHARS)}</span> × {item.quantity}
          </li>
        ))}
      </ul>
    </HoverTooltip>
  )
}

/**
 * The Total cell: the COD amount labelled Cash when COD applies, otherwise the total labelled Paid Online, the
 * label under the amount (as the Dates cell's second line), so neither is cut in any language ("Zaplaceno
 * online" was "Zaplace…" beside the amount at 1280 px).
 */
export function TotalCell({ order }: { order: OrderListItem }) {
  const { t } = useTranslation('orders')
  const cod = order.payment.COD.apply
  const label = cod ? t('list.cash') : t('list.paidOnline')
  return (
    <Flex vertical align="flex-end" style={{ minWidth: 0 }}>
      <Money amount={cod ? order.payment.COD.amount : order.payment.total} />
      <span style={{ fontSize: 12, whiteSpace: 'nowrap', color: cod ? CASH_COLOR : PAID_COLOR }}>
        {label}
      </span>
    </Flex>
  )
}

/** Cash (amber) and Paid Online (green) dark enough to read on white and on a selected row (WCAG AA). */
const CASH_COLOR = '#ad4e00'
const PAID_COLOR = '#237804'
