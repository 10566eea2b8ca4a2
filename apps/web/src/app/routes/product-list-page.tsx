import { Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate, useParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { GroupListTab } from '@/features/product-groups/components/group-list-tab'
import { ProductListTab } from '@/features/products/components/product-list-tab'

const tabs = ['product', 'group'] as const

/** /products/list/:activeTab — composes the products and product-groups features (tabs product | group). */
export function ProductListPage() {
  const { activeTab } = useParams()
  const { t } = useTranslation('products')
  const navigate = useNavigate()
  if (!tabs.includes(activeTab as (typeof tabs)[number]))
    return <Navigate to="/products/list/product" replace />
  return (
    <>
      <PageHeader title={t('list.title')} />
      <Tabs
        activeKey={activeTab}
        destroyOnHidden
        onChange={(key) => navigate(`/products/list/${key}`)}
        items={[
          { key: 'product', label: t('list.tabs.product'), children: <ProductListTab /> },
          { key: 'group', label: t('list.tabs.group'), children: <GroupListTab /> },
        ]}
      />
    </>
  )
}

/** /products — the product tab of the list. */
export function ProductsRedirectPage() {
  return <Navigate to="/products/list/product" replace />
}
