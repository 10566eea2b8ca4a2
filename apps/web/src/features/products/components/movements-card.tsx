import type { StockMovement } from '@expedo/domain'
import { Card, DatePicker, Flex, Input, Tag } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { DateText, PICKER_DATE_FORMAT } from '@/components/date-text'
import { defaultPageSizes } from '@/components/page-sizes'
import { EllipsisText, fitContent } from '@/components/table-cells'
import { useProductMovements } from '../api/use-product-stock'

const triggerColor = {
  Inboundshipment: 'green',
  Order: 'blue',
  Adjustment: 'orange',
  Return: 'purple',
  Move: 'cyan',
} as const

/** The product's stock movements in every warehouse: date range, description search, paging. */
export function MovementsCard({ productId }: { productId: string }) {
  const { t } = useTranslation('products')
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null)
  const [description, setDescription] = useState('')
  const [paging, setPaging] = useState({ currentPage: 1, itemsPerPage: 10 })
  const { data, isFetching } = useProductMovements(productId, {
    ...paging,
    description,
    ...(range?.[0] ? { dateFrom: range[0].startOf('day').toISOString() } : {}),
    ...(range?.[1] ? { dateTo: range[1].endOf('day').toISOString() } : {}),
  })
  const columns: DataTableColumn<StockMovement>[] = [
    {
      key: 'date',
      title: t('movements.date'),
      ...fitContent,
      render: (_, m) => <DateText value={m.createdAt} format="DD-MM-YY HH:mm" />,
    },
    {
      key: 'warehouse',
      title: t('movements.warehouse'),
      width: 130,
      render: (_, m) => <EllipsisText text={m.warehouse} />,
    },
    {
      key: 'source',
      title: t('movements.source'),
      isCardTitle: true,
      width: 200,
      render: (_, m) => {
        const trigger = t(`movements.triggers.${m.triggredBy}`)
        const nr = m.actionSource?.clientOrderNr ?? ''
        return (
          <EllipsisText text={nr ? `${trigger} ${nr}` : trigger}>
            <Tag color={triggerColor[m.triggredBy]}>{trigger}</Tag>
            {nr}
          </EllipsisText>
        )
      },
    },
    {
      key: 'description',
      title: t('movements.description'),
      render: (_, m) => <EllipsisText text={m.description || '—'} />,
    },
    { key: 'quantity', title: t('movements.quantity'), dataIndex: 'quantity', align: 'right', ...fitContent },
    {
      key: 'damaged',
      title: t('movements.damaged'),
      dataIndex: 'quantity_damaged',
      align: 'right',
      ...fitContent,
    },
    {
      key: 'available',
      title: t('movements.available'),
      dataIndex: 'quantity_available',
      align: 'right',
      ...fitContent,
    },
  ]
  return (
    <Card size="small" title={t('movements.title')}>
      <Flex wrap gap="small" style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          aria-label={t('movements.dates')}
          format={PICKER_DATE_FORMAT}
          value={range}
          onChange={(value) => {
            setRange(value)
            setPaging((p) => ({ ...p, currentPage: 1 }))
          }}
        />
        <Input.Search
          allowClear
          placeholder={t('movements.description')}
          aria-label={t('movements.description')}
          onSearch={(v) => {
            setDescription(v.trim())
            setPaging((p) => ({ ...p, currentPage: 1 }))
          }}
          style={{ maxWidth: 260 }}
        />
      </Flex>
      <DataTable
        aria-label={t('movements.title')}
        columns={columns}
        rows={data?.list ?? []}
        rowKey={(m) => m._id}
        loading={isFetching}
        emptyText={t('movements.empty')}
        page={paging.currentPage}
        pageSize={paging.itemsPerPage}
        total={data?.total ?? 0}
        totalCapped={data?.totalCapped}
        pageSizeOptions={defaultPageSizes}
        onPageChange={(currentPage, itemsPerPage) => setPaging({ currentPage, itemsPerPage })}
      />
    </Card>
  )
}
