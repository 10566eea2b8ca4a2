import { useTranslation } from 'react-i18next'
import { Navigate, useParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { useSession } from '@/lib/session'
import { BusinessClientProfile } from '../components/business-client-profile'
import { CreateBusinessClient } from '../components/create-business-client'

/** /profile/:id — the company profile; id 'null' means the user has no company yet (spec part 2 §2). */
export function ProfilePage() {
  const { id } = useParams()
  const { t } = useTranslation('business-clients')
  const { currentUser } = useSession()

  if (!id || id === 'null') {
    // A user who already has a company sees it rather than an offer to create another.
    if (currentUser?.businessclient) return <Navigate to={`/profile/${currentUser.businessclient}`} replace />
    return (
      <>
        <PageHeader title={t('profile.title')} />
        <CreateBusinessClient />
      </>
    )
  }
  // Keyed by id: moving to another profile starts with fresh forms.
  return <BusinessClientProfile key={id} id={id} />
}
