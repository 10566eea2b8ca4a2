import { can } from '@expedo/domain/auth/permissions'
import { Col, Flex, Result, Row, Skeleton, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { DateText } from '@/components/date-text'
import { PageHeader } from '@/components/page-header'
import { useSession } from '@/lib/session'
import { useProduct } from '../api/use-product'
import { ApiSettingsCard } from '../components/api-settings-card'
import { MovementsCard } from '../components/movements-card'
import { PairOrdersButton } from '../components/pair-orders-button'
import { PhotosCard } from '../components/photos-card'
import { ProductEditForm } from '../components/product-edit-form'
import { StockCard } from '../components/stock-card'

/** /products/:id — editable fields, photos, e-shop ids, stock by warehouse and movements. */
export function ProductDetailPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('products')
  const { currentUser } = useSession()
  const canEdit = can(currentUser?.roles ?? [], 'products.write')
  const { data, isError, isLoading } = useProduct(id)
  if (isError) return <Result status="404" title={t('detail.notFound')} />
  if (isLoading || !data) return <Skeleton active />
  const product = data.foundProduct
  return (
    <>
      <PageHeader
        title={product.name}
        backTo="/products/list/product"
        backLabel={t('list.title')}
        subtitle={
          <Flex wrap gap="middle">
            <Typography.Text type="secondary">
              {product.codes.sku} · {product.businessclient.name}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('detail.created')} <DateText value={product.createdAt} /> · {t('detail.updatedAt')}{' '}
              <DateText value={product.updatedAt} />
            </Typography.Text>
          </Flex>
        }
        actions={
          canEdit && <PairOrdersButton productId={product._id} notPairedOrders={data.notPairedOrders} />
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <ProductEditForm key={product._id} product={product} canEdit={canEdit} />
        </Col>
        {/* Wide enough for the stock card's four columns at 1280 px in every language. */}
        <Col xs={24} xl={10}>
          <Flex vertical gap="middle">
            <PhotosCard product={product} canEdit={canEdit} />
            <ApiSettingsCard product={product} canEdit={canEdit} />
            <StockCard productId={product._id} />
          </Flex>
        </Col>
        <Col span={24}>
          <MovementsCard productId={product._id} />
        </Col>
      </Row>
    </>
  )
}
