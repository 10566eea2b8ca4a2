import { can } from '@expedo/domain'
import { Alert, Button, Flex, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { ApiClientError } from '@/lib/api-client'
import { useSession } from '@/lib/session'
import { useBusinessClient } from '../api/use-business-client'
import { BankAccountsSection } from './bank-accounts-section'
import { CompanyDetailsForm } from './company-details-form'
import { CompanyIdsSection } from './company-ids-section'
import { ContactsSection } from './contacts-section'
import { OssForm } from './oss-form'
import { ProfileSkeleton } from './profile-skeleton'

/** One business client's profile: details and address, contacts, bank accounts, company ids, the One-Stop-Shop. */
export function BusinessClientProfile({ id }: { id: string }) {
  const { t } = useTranslation('business-clients')
  const { currentUser } = useSession()
  const navigate = useNavigate()
  const query = useBusinessClient(id)
  const canEdit = !!currentUser && can(currentUser.roles, 'profile.write')

  if (query.isPending) return <ProfileSkeleton />
  if (query.isError) {
    const error = query.error
    // An id that is not one (400) or a client that is missing or someone else's (404): not found.
    if (error instanceof ApiClientError && (error.status === 404 || error.status === 400)) {
      return (
        <Result
          status="404"
          title={t('profile.notFoundTitle')}
          subTitle={t('profile.notFoundDescription')}
          extra={
            <Button type="primary" onClick={() => navigate('/')}>
              {t('profile.goHome')}
            </Button>
          }
        />
      )
    }
    return (
      <Result
        status="error"
        title={t('profile.loadFailed')}
        extra={<Button onClick={() => query.refetch()}>{t('profile.retry')}</Button>}
      />
    )
  }

  const client = query.data
  return (
    <>
      <PageHeader title={client.name} subtitle={t('profile.title')} />
      <Flex vertical gap={16}>
        {!canEdit && <Alert type="info" showIcon title={t('profile.readOnly')} />}
        <CompanyDetailsForm client={client} canEdit={canEdit} />
        <ContactsSection client={client} canEdit={canEdit} />
        <BankAccountsSection client={client} canEdit={canEdit} />
        <CompanyIdsSection client={client} canEdit={canEdit} />
        <OssForm client={client} canEdit={canEdit} />
      </Flex>
    </>
  )
}
