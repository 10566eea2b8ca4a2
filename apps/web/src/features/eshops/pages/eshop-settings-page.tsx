import { can, isStaff as isStaffRole } from '@expedo/domain/auth/permissions'
import { Button, Col, Result, Row, Skeleton } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { ApiClientError } from '@/lib/api-client'
import { useSession } from '@/lib/session'
import { useEshop, useShoptetStatuses } from '../api/eshops-api'
import { useSaveSetting } from '../api/use-save-setting'
import { ConnectionCard } from '../components/connection-card'
import { OrderSettingsCard } from '../components/order-settings-card'
import { ProductSettingsCard } from '../components/product-settings-card'

/**
 * /eshops/shoptet/:id (spec part 1 "E-shop settings"): the connection's ribbon and switch, product import
 * and update with progress, the order settings; every change saves at once and says 'Updated'. Done → /orders.
 */
export function EshopSettingsPage() {
  const { t } = useTranslation('eshops')
  const id = useParams().id ?? ''
  const navigate = useNavigate()
  const { currentUser } = useSession()
  const roles = currentUser?.roles ?? []
  const canEdit = can(roles, 'eshops.write')
  const query = useEshop(id)
  const statuses = useShoptetStatuses(id, query.data?.status === 'active')
  const { save } = useSaveSetting(id)

  if (query.isError) {
    const notFound = query.error instanceof ApiClientError && [400, 404].includes(query.error.status)
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={t(notFound ? 'settings.notFound' : 'settings.loadFailed')}
        extra={
          notFound ? (
            <Link to="/eshops">{t('settings.back')}</Link>
          ) : (
            <Button onClick={() => void query.refetch()}>{t('settings.retry')}</Button>
          )
        }
      />
    )
  }
  const eshop = query.data
  if (!eshop) return <Skeleton active />

  const done = (
    <Button type="primary" onClick={() => void navigate('/orders')}>
      {t('settings.done')}
    </Button>
  )
  return (
    <>
      <PageHeader
        title={eshop.eshopUrl}
        subtitle={t('settings.title')}
        backTo="/eshops"
        backLabel={t('settings.back')}
        actions={done}
      />
      <Row gutter={[16, 16]} style={{ maxWidth: 1100 }}>
        <Col span={24}>
          <ConnectionCard eshop={eshop} canEdit={canEdit} isStaff={isStaffRole(roles)} onSave={save} />
        </Col>
        <Col xs={24} xl={12}>
          <ProductSettingsCard eshop={eshop} canEdit={canEdit} />
        </Col>
        <Col xs={24} xl={12}>
          <OrderSettingsCard
            eshop={eshop}
            statuses={statuses.isError ? [] : statuses.data}
            canEdit={canEdit}
            onSave={save}
          />
        </Col>
        <Col span={24} style={{ display: 'flex', justifyContent: 'flex-end' }}>
          {done}
        </Col>
      </Row>
    </>
  )
}
