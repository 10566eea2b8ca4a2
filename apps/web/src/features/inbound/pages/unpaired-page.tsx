import type { InventoryCard } from '@expedo/domain'
import { can, isStaff } from '@expedo/domain/auth/permissions'
import { App, Button, Modal, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, type DataTableColumn } from '@/components/data-table'
import { DateText } from '@/components/date-text'
import { PageHeader } from '@/components/page-header'
import { EllipsisText, fitContent } from '@/components/table-cells'
import { useSession } from '@/lib/session'
import { useProductSearch } from '@/lib/use-product-search'
import { usePairGoods, useUnpairedGoods } from '../api/unpaired-api'

/** /shipments/inbound/lists/unpaired: goods received under a SKU without a product, paired one by one. */
export function UnpairedPage() {
  const { t } = useTranslation('inbound')
  const { currentUser } = useSession()
  const roles = currentUser?.roles ?? []
  const canPair = can(roles, 'products.write')
  const { data, isFetching } = useUnpairedGoods()
  const [pairing, setPairing] = useState<InventoryCard | null>(null)
  // A client user sees only its own goods: no Client column that would repeat its own name.
  const columns: DataTableColumn<InventoryCard>[] = [
    {
      key: 'sku',
      title: t('unpaired.sku'),
      isCardTitle: true,
      width: 150,
      render: (_, c) => <EllipsisText text={c.sku} />,
    },
    {
      key: 'description',
      title: t('goods.description'),
      render: (_, c) => <EllipsisText text={c.description || '—'} />,
    },
    ...(isStaff(roles)
      ? [
          {
            key: 'client',
            title: t('columns.client'),
            width: 160,
            render: (_: unknown, c: InventoryCard) => <EllipsisText text={c.businessclient.name} />,
          },
        ]
      : []),
    {
      key: 'warehouse',
      title: t('columns.warehouse'),
      width: 140,
      render: (_, c) => <EllipsisText text={c.warehouse.name} />,
    },
    {
      key: 'available',
      title: t('unpaired.available'),
      dataIndex: 'available',
      align: 'right',
      ...fitContent,
    },
    {
      key: 'created',
      title: t('columns.createdAt'),
      ...fitContent,
      render: (_, c) => <DateText value={c.createdAt} />,
    },
    ...(canPair
      ? [
          {
            key: 'pair',
            title: '',
            ...fitContent,
            render: (_: unknown, c: InventoryCard) => (
              <Button onClick={() => setPairing(c)}>{t('unpaired.pair')}</Button>
            ),
          },
        ]
      : []),
  ]
  return (
    <>
      <PageHeader title={t('unpaired.title')} backTo="/shipments/inbound" backLabel={t('detail.back')} />
      <DataTable
        aria-label={t('unpaired.title')}
        columns={columns}
        rows={data?.list ?? []}
        rowKey={(c) => c._id}
        loading={isFetching}
        emptyText={t('unpaired.empty')}
      />
      {pairing && <PairModal card={pairing} onClose={() => setPairing(null)} />}
    </>
  )
}

function PairModal({ card, onClose }: { card: InventoryCard; onClose: () => void }) {
  const { t } = useTranslation('inbound')
  const { message } = App.useApp()
  const [term, setTerm] = useState('')
  const [product, setProduct] = useState<string>()
  const products = useProductSearch(term, {
    businessclient: card.businessclient._id,
    browse: true,
    enabled: card.businessclient._id !== '',
  })
  const pair = usePairGoods()
  const handleOk = async () => {
    if (!product) return
    try {
      await pair.mutateAsync({ card: card._id, product })
      message.success(t('unpaired.done'))
      onClose()
    } catch {
      // reported by the API client
    }
  }
  return (
    <Modal
      open
      title={`${t('unpaired.pairTitle')} ${card.sku}`}
      okText={t('unpaired.pair')}
      okButtonProps={{ disabled: !product }}
      confirmLoading={pair.isPending}
      onOk={handleOk}
      onCancel={onClose}
    >
      <Select
        showSearch={{ filterOption: false, onSearch: setTerm }}
        aria-label={t('unpaired.product')}
        placeholder={t('unpaired.product')}
        loading={products.isFetching}
        value={product}
        onChange={setProduct}
        options={(products.data?.list ?? []).map((p) => ({
          value: p._id,
          label: `${p.name} (${p.codes.sku})`,
        }))}
        style={{ width: '100%' }}
      />
    </Modal>
  )
}
