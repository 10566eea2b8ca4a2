import { CheckOutlined, DeleteOutlined, EditOutlined, ExclamationOutlined } from '@ant-design/icons'
import type { Refund } from '@expedo/domain'
import { Button, Space } from 'antd'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import { ConfirmButton } from '@/components/confirm-button'
import type { DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { Money } from '@/components/money'
import { EllipsisText, Identifier } from '@/components/table-cells'
import { RefundStatusTag } from './refund-status-tag'

export interface RefundColumnsOptions {
  isStaff: boolean
  /** A client approves, rejects, edits and deletes its refunds while they are editable. */
  mayDecide: boolean
  /** Finance records the bank's answer to a sent refund. */
  mayProcess: boolean
  onEdit: (refund: Refund) => void
  onDelete: (refund: Refund) => Promise<unknown>
  onRefunded: (refund: Refund) => Promise<unknown>
  onBankError: (refund: Refund) => void
}

/** The account the money goes to: the IBAN, else the Czech account number and bank code. */
export const refundAccount = (r: Refund) => (r.IBAN ? r.IBAN : `${r.account_nr}/${r.account_code}`)

/**
 * The columns that decide (issue 27): what a client approves — its order, the customer, the account, the
 * amount — and what finance sends — the client, the customer, the account, the amount; each on one line
 * and together within 1280 px with the menu open. The rest (address, phone, the returned parcel, the last
 * change, the bank's error messages) is in the row's details (RefundDetails).
 */
export function refundColumns(
  t: TFunction<'refunds'>,
  { isStaff, mayDecide, mayProcess, onEdit, onDelete, onRefunded, onBankError }: RefundColumnsOptions,
): DataTableColumn<Refund>[] {
  const withActions = mayDecide || mayProcess
  return [
    {
      key: 'refundid',
      title: t('columns.refundid'),
      isCardTitle: true,
      sorter: true,
      width: 92,
      render: (_, r) => (
        <strong>
          <Identifier text={r.refundid} />
        </strong>
      ),
    },
    // The client approves the refund of its order; finance pays the client's customer (order in the details).
    ...(isStaff
      ? [
          {
            key: 'client',
            title: t('columns.client'),
            width: 100,
            render: (_: unknown, r: Refund) => <EllipsisText text={r.businessclient.name} />,
          },
        ]
      : [
          {
            key: 'order',
            title: t('columns.order'),
            width: 110,
            render: (_: unknown, r: Refund) => (
              <EllipsisText text={r.order.clientOrderNr || '—'}>
                <Link to={`/orders/${r.order._id}`}>{r.order.clientOrderNr || '—'}</Link>
              </EllipsisText>
            ),
          },
        ]),
    {
      key: 'name',
      title: t('columns.name'),
      sorter: true,
      render: (_, r) => <EllipsisText text={r.name} />,
    },
    {
      key: 'bank',
      title: t('columns.bank'),
      // A 24-character IBAN whole, in the table's smaller type (the widest value on the row).
      width: 220,
      render: (_, r) => (
        <span style={{ fontSize: 13 }}>
          <Identifier text={refundAccount(r)} />
        </span>
      ),
    },
    {
      key: 'amount',
      title: t('columns.amount'),
      align: 'right',
      sorter: true,
      width: 104,
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_, r) => <Money amount={r.amount} currency={r.currency} />,
    },
    {
      key: 'status',
      title: t('columns.status'),
      sorter: true,
      width: 120,
      render: (_, r) => <RefundStatusTag status={r.status} />,
    },
    {
      key: 'createdAt',
      title: t('columns.createdAt'),
      sorter: true,
      // The day is enough to sort by; the details have the time and the last change.
      width: 114,
      render: (_, r) => <DateText value={r.createdAt} format="DD.MM.YY" />,
    },
    ...(withActions
      ? [
          {
            key: 'actions',
            title: t('columns.actions'),
            width: 80,
            render: (_: unknown, r: Refund) => (
              <Space size={4}>
                {mayDecide && r.editable && (
                  <Button
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('actions.edit')}
                    title={t('actions.edit')}
                    onClick={() => onEdit(r)}
                  />
                )}
                {mayDecide && r.editable && (
                  <ConfirmButton
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={t('actions.delete')}
                    title={t('actions.delete')}
                    confirmTitle={t('actions.deleteConfirm', { refundid: r.refundid })}
                    onConfirm={() => onDelete(r)}
                  />
                )}
                {mayProcess && r.status === 'Pending Bank Confirmation' && (
                  <>
                    <ConfirmButton
                      size="small"
                      danger={false}
                      type="primary"
                      icon={<CheckOutlined />}
                      aria-label={t('actions.markRefunded')}
                      title={t('actions.markRefunded')}
                      confirmTitle={t('actions.refundedConfirm', { refundid: r.refundid })}
                      onConfirm={() => onRefunded(r)}
                    />
                    <Button
                      size="small"
                      danger
                      icon={<ExclamationOutlined />}
                      aria-label={t('actions.markError')}
                      title={t('actions.markError')}
                      onClick={() => onBankError(r)}
                    />
                  </>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ]
}
