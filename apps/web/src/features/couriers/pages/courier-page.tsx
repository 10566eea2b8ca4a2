import { PlusOutlined } from '@ant-design/icons'
import type { CourierQuotation } from '@expedo/domain'
import { can } from '@expedo/domain/auth/permissions'
import { Button, Card, Descriptions, Empty, Flex, Skeleton, Tag } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { ConfirmButton } from '@/components/confirm-button'
import { useCountryName } from '@/components/country-select'
import { PageHeader } from '@/components/page-header'
import { ApiClientError } from '@/lib/api-client'
import { useSession } from '@/lib/session'
import { useCourier, useQuotations, useSetDefaultCourier } from '../api/couriers-api'
import { QuotationFormModal } from '../components/quotation-form-modal'
import { QuotationsTable } from '../components/quotations-table'

const isNotFound = (error: unknown) => error instanceof ApiClientError && error.status === 404

/** /couriers/:id — the courier, Set as default (admin, confirmed) and its quotations (spec part 2 §2). */
export function CourierPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('couriers')
  const countryName = useCountryName()
  const { currentUser } = useSession()
  const isAdmin = can(currentUser?.roles ?? [], 'couriers.write')
  const courier = useCourier(id)
  const quotations = useQuotations(id)
  const setDefault = useSetDefaultCourier(id)
  /** The quotation being edited; 'new' while adding one; null when the form is closed. */
  const [editing, setEditing] = useState<CourierQuotation | 'new' | null>(null)

  if (courier.isLoading) return <Skeleton active />
  const c = courier.data
  if (!c)
    return (
      <>
        <PageHeader title={t('detail.title')} backTo="/couriers" backLabel={t('detail.back')} />
        <Empty description={isNotFound(courier.error) ? t('detail.notFound') : t('list.error')} />
      </>
    )
  return (
    <>
      <PageHeader
        title={c.name}
        backTo="/couriers"
        backLabel={t('detail.back')}
        actions={
          isAdmin && !c.isDefault ? (
            <ConfirmButton
              danger={false}
              type="primary"
              confirmTitle={t('detail.setDefaultConfirm', { name: c.name, country: countryName(c.country) })}
              okText={t('detail.setDefault')}
              cancelText={t('quotations.cancel')}
              onConfirm={() => setDefault.mutateAsync()}
            >
              {t('detail.setDefault')}
            </ConfirmButton>
          ) : null
        }
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 3 }}>
          <Descriptions.Item label={t('list.name')}>{c.name}</Descriptions.Item>
          <Descriptions.Item label={t('list.country')}>{countryName(c.country)}</Descriptions.Item>
          <Descriptions.Item label={t('list.default')}>
            {c.isDefault ? <Tag color="green">{t('detail.defaultBadge')}</Tag> : t('detail.notDefault')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        size="small"
        title={t('quotations.title')}
        extra={
          isAdmin ? (
            <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('quotations.add')}
            </Button>
          ) : null
        }
      >
        <Flex vertical>
          <QuotationsTable
            courierId={id}
            rows={quotations.data ?? []}
            loading={quotations.isFetching}
            canEdit={isAdmin}
            onEdit={setEditing}
          />
        </Flex>
      </Card>
      {editing && (
        <QuotationFormModal
          courierId={id}
          defaultCountry={c.country}
          {...(editing === 'new' ? {} : { quotation: editing })}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  )
}
