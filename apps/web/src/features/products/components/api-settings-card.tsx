import { DeleteOutlined } from '@ant-design/icons'
import type { Product } from '@expedo/domain'
import { can } from '@expedo/domain/auth/permissions'
import { App, Button, Card, Empty, Flex, Input, List, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '@/lib/session'
import { useAddEshopId, useDeleteEshopId } from '../api/use-eshop-ids'
import { useEshops } from '../api/use-eshops'

/** The product's ids in the business client's e-shops: pick an e-shop, enter the id, add; delete per row. */
export function ApiSettingsCard({ product, canEdit }: { product: Product; canEdit: boolean }) {
  const { t } = useTranslation('products')
  const { message } = App.useApp()
  const { currentUser } = useSession()
  // The picker lists the client's e-shop connections, which only roles with eshops.read may read (an
  // operator edits products but sees the ids below without adding any).
  const canPick = canEdit && can(currentUser?.roles ?? [], 'eshops.read')
  const { data: eshops = [] } = useEshops(product.businessclient._id, canPick)
  const add = useAddEshopId(product._id)
  const remove = useDeleteEshopId(product._id)
  const [eshop, setEshop] = useState<string | undefined>()
  const [externalId, setExternalId] = useState('')

  const handleAdd = () => {
    if (!eshop || !externalId.trim()) {
      message.error(t('apiSettings.missing'))
      return
    }
    add.mutate(
      { eshop, productId: externalId.trim() },
      {
        onSuccess: () => {
          message.success(t('apiSettings.added'))
          setExternalId('')
        },
        onError: () => message.error(t('apiSettings.addFailed')),
      },
    )
  }
  const handleDelete = (itemId: string) =>
    remove.mutate(itemId, {
      onSuccess: () => message.success(t('apiSettings.deleted')),
      onError: () => message.error(t('apiSettings.deleteFailed')),
    })

  return (
    <Card size="small" title={t('apiSettings.title')}>
      {canPick && (
        <Flex wrap gap="small" style={{ marginBottom: 12 }}>
          <Select
            aria-label={t('apiSettings.eshop')}
            placeholder={t('apiSettings.eshop')}
            value={eshop}
            onChange={setEshop}
            options={eshops.map((e) => ({ value: e._id, label: e.eshopUrl }))}
            style={{ minWidth: 200, flex: 1 }}
          />
          <Input
            aria-label={t('apiSettings.productId')}
            placeholder={t('apiSettings.productId')}
            value={externalId}
            onChange={(e) => setExternalId(e.target.value)}
            onPressEnter={handleAdd}
            style={{ width: 160 }}
          />
          <Button type="primary" onClick={handleAdd} loading={add.isPending}>
            {t('apiSettings.add')}
          </Button>
        </Flex>
      )}
      {product.client_ids.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apiSettings.empty')} />
      ) : (
        <List
          size="small"
          dataSource={product.client_ids}
          renderItem={(item) => (
            <List.Item
              actions={
                canEdit
                  ? [
                      <Button
                        key="delete"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('apiSettings.delete')}
                        onClick={() => handleDelete(item._id)}
                      />,
                    ]
                  : []
              }
            >
              <span style={{ overflowWrap: 'anywhere' }}>
                {item.eshop.eshopUrl}: <strong>{item.id}</strong>
              </span>
            </List.Item>
          )}
        />
      )}
    </Card>
  )
}
