import type { CourierQuotation } from '@expedo/domain'
import { Button, Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import { ConfirmButton } from '@/components/confirm-button'
import { useCountryName } from '@/components/country-select'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { Money } from '@/components/money'
import { useDeactivateQuotation } from '../api/couriers-api'

export interface QuotationsTableProps {
  courierId: string
  rows: CourierQuotation[]
  loading: boolean
  /** Admin: edit and deactivate buttons on each row. */
  canEdit: boolean
  onEdit: (quotation: CourierQuotation) => void
}

/** A courier's active quotations: country, service and the price per parcel (spec part 2 §2 "Courier page"). */
export function QuotationsTable({ courierId, rows, loading, canEdit, onEdit }: QuotationsTableProps) {
  const { t } = useTranslation('couriers')
  const countryName = useCountryName()
  const deactivate = useDeactivateQuotation(courierId)
  const columns: DataTableColumn<CourierQuotation>[] = [
    { key: 'country', title: t('quotations.country'), render: (_, q) => countryName(q.country) },
    { key: 'service', title: t('quotations.service'), render: (_, q) => t(`services.${q.serviceType.name}`) },
    {
      key: 'price',
      title: t('quotations.price'),
      align: 'right',
      render: (_, q) => <Money amount={q.amount} currency={q.currency} />,
    },
  ]
  if (canEdit)
    columns.push({
      key: 'actions',
      title: '',
      align: 'right',
      render: (_, q) => (
        <Flex gap="small" justify="flex-end">
          <Button size="small" onClick={() => onEdit(q)}>
            {t('quotations.edit')}
          </Button>
          <ConfirmButton
            size="small"
            confirmTitle={t('quotations.deactivateConfirm')}
            okText={t('quotations.deactivate')}
            cancelText={t('quotations.cancel')}
            onConfirm={() => deactivate.mutateAsync(q._id)}
          >
            {t('quotations.deactivate')}
          </ConfirmButton>
        </Flex>
      ),
    })
  return (
    <DataTable
      aria-label={t('quotations.title')}
      columns={columns}
      rows={rows}
      rowKey={(q) => q._id}
      loading={loading}
      emptyText={t('quotations.empty')}
    />
  )
}
