import { isStaff } from '@expedo/domain/auth/permissions'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/page-header'
import { useSession } from '@/lib/session'
import { CreateOrderForm } from '../components/create/create-order-form'

/** /orders/create/new — a manual order: staff for any business client, a client for itself. */
export function OrderCreatePage() {
  const { t } = useTranslation('order-create')
  const { currentUser } = useSession()
  return (
    <>
      <PageHeader title={t('title')} backTo="/orders" backLabel={t('back')} />
      <CreateOrderForm
        isStaff={isStaff(currentUser?.roles ?? [])}
        ownBusinessclient={currentUser?.businessclient ?? null}
      />
    </>
  )
}
