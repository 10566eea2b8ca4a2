import type { Bill, BillItemUpdateBody } from '@expedo/domain'
import { Input, Table } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatNumber, Money } from '@/components/money'
import { NumberInput } from '@/components/number-input'
import { useServiceText } from '@/components/service-name'

type Item = Bill['items'][number]

/** A cell saved when it loses focus with a changed value. */
function NumberCell(props: {
  value: number
  label: string
  min?: number
  step?: number
  onSave: (v: number) => void
}) {
  return (
    <NumberInput
      size="small"
      aria-label={props.label}
      defaultValue={props.value}
      min={props.min ?? 0}
      step={props.step ?? 1}
      style={{ width: 100 }}
      onBlur={(e) => {
        const v = Number(e.target.value.replace(',', '.'))
        if (Number.isFinite(v) && v !== props.value) props.onSave(v)
      }}
    />
  )
}

/**
 * The bill's items (spec §3 Bill item): description, quantity, NETTO and vat_procent are editable cells only
 * when `editable` (an unlocked bill, for finance); 'No Items Found' when there are none.
 */
export function BillItems({
  items,
  editable,
  onChange,
}: {
  items: Item[]
  editable: boolean
  onChange: (itemId: string, body: BillItemUpdateBody) => void
}) {
  const { t, i18n } = useTranslation('bills')
  const locale = i18n.language || 'cs'
  const service = useServiceText()
  return (
    <Table<Item>
      size="small"
      rowKey="_id"
      pagination={false}
      dataSource={items}
      locale={{ emptyText: t('detail.noItems') }}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          key: 'description',
          title: t('items.description'),
          render: (_, i) =>
            editable ? (
              <Input
                size="small"
                aria-label={`${t('items.description')} ${service.billItem(i)}`}
                defaultValue={service.billItem(i)}
                onBlur={(e) => {
                  // The name shown is the service's in the reader's language: only a changed text is saved.
                  const v = e.target.value.trim()
                  if (v && v !== service.billItem(i)) onChange(i._id, { description: v })
                }}
              />
            ) : (
              service.billItem(i)
            ),
        },
        {
          key: 'quantity',
          title: t('items.quantity'),
          align: 'right',
          render: (_, i) =>
            editable ? (
              <NumberCell
                label={`${t('items.quantity')} ${service.billItem(i)}`}
                value={i.quantity}
                onSave={(quantity) => onChange(i._id, { quantity })}
              />
            ) : (
              formatNumber(i.quantity, locale, { max: 3 })
            ),
        },
        {
          key: 'price',
          title: t('items.price'),
          align: 'right',
          render: (_, i) =>
            editable ? (
              <NumberCell
                label={`${t('items.price')} ${service.billItem(i)}`}
                value={i.netto_price}
                step={0.01}
                onSave={(NETTO) => onChange(i._id, { NETTO })}
              />
            ) : (
              <Money amount={i.netto_price} />
            ),
        },
        {
          key: 'vat',
          title: t('items.vat'),
          align: 'right',
          render: (_, i) =>
            editable ? (
              <NumberCell
                label={`${t('items.vat')} ${service.billItem(i)}`}
                value={i.VAT_procent}
                onSave={(vat_procent) => onChange(i._id, { vat_procent })}
              />
            ) : (
              formatNumber(i.VAT_procent, locale)
            ),
        },
        {
          key: 'netto',
          title: t('items.netto'),
          align: 'right',
          render: (_, i) => <Money amount={i.netto_total} />,
        },
        {
          key: 'brutto',
          title: t('items.brutto'),
          align: 'right',
          render: (_, i) => <Money amount={i.brutto_total} />,
        },
      ]}
    />
  )
}
