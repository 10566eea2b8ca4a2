import type { Invoice, InvoiceItem } from '@expedo/domain'
import { Descriptions, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '@/components/confirm-button'
import { formatNumber, Money } from '@/components/money'
import { EllipsisText } from '@/components/table-cells'

export interface InvoiceItemsProps {
  invoice: Invoice
  /** A draft's items can be removed. */
  onRemove?: (itemId: string) => Promise<unknown>
}

/** The document's lines with their amounts (2 decimals), a remove action on a draft, then totals and VAT recap. */
export function InvoiceItems({ invoice, onRemove }: InvoiceItemsProps) {
  const { t, i18n } = useTranslation('invoices')
  const money = (v: number) => <Money amount={v} />
  const number = (v: number, max = 2) => formatNumber(v, i18n.language || 'cs', { max })
  return (
    <>
      <Table<InvoiceItem>
        size="small"
        rowKey="_id"
        pagination={false}
        dataSource={invoice.items}
        locale={{ emptyText: t('items.empty') }}
        // Fixed layout: the columns share the width (1280 px with the menu open) instead of scrolling.
        tableLayout="fixed"
        columns={[
          {
            key: 'name',
            title: t('items.name'),
            width: '22%',
            render: (_, i) => <EllipsisText text={i.name} />,
          },
          { key: 'sku', title: t('items.sku'), render: (_, i) => <EllipsisText text={i.sku} /> },
          {
            key: 'quantity',
            title: t('items.quantity'),
            align: 'right',
            render: (_, i) => number(i.quantity, 3),
          },
          {
            key: 'netto',
            title: t('items.nettoPrice'),
            align: 'right',
            render: (_, i) => money(i.netto_price),
          },
          {
            key: 'vatp',
            title: t('items.vatPercent'),
            align: 'right',
            render: (_, i) => number(i.VAT_procent),
          },
          { key: 'price', title: t('items.price'), align: 'right', render: (_, i) => money(i.price) },
          { key: 'vat', title: t('items.vatAmount'), align: 'right', render: (_, i) => money(i.VAT_amount) },
          { key: 'total', title: t('items.total'), align: 'right', render: (_, i) => money(i.brutto_total) },
          ...(onRemove
            ? [
                {
                  key: 'remove',
                  title: '',
                  render: (_: unknown, i: InvoiceItem) => (
                    <ConfirmButton
                      size="small"
                      confirmTitle={t('items.removeTitle')}
                      onConfirm={() => onRemove(i._id)}
                      aria-label={`${t('items.remove')} ${i.name}`}
                    >
                      {t('items.remove')}
                    </ConfirmButton>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} title={t('edit.totals')} style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('edit.netto')}>
          <Money amount={invoice.NETTO_total} currency={invoice.currency} />
        </Descriptions.Item>
        <Descriptions.Item label={t('edit.vat')}>
          <Money amount={invoice.VAT_total} currency={invoice.currency} />
        </Descriptions.Item>
        <Descriptions.Item label={t('edit.brutto')}>
          <strong>
            <Money amount={invoice.BRUTTO_total} currency={invoice.currency} />
          </strong>
        </Descriptions.Item>
      </Descriptions>
      {invoice.vatRecap.length > 0 && (
        <Table
          size="small"
          pagination={false}
          title={() => t('edit.vatRecap')}
          rowKey={(r) => String(r.VAT_procent)}
          dataSource={invoice.vatRecap}
          columns={[
            { key: 'rate', title: t('edit.rate'), render: (_, r) => `${number(r.VAT_procent)} %` },
            { key: 'base', title: t('edit.base'), align: 'right', render: (_, r) => money(r.base) },
            { key: 'vat', title: t('edit.vat'), align: 'right', render: (_, r) => money(r.VAT) },
            { key: 'total', title: t('edit.brutto'), align: 'right', render: (_, r) => money(r.total) },
          ]}
        />
      )}
    </>
  )
}
