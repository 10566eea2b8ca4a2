import { SettingOutlined } from '@ant-design/icons'
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { useSession } from '@/lib/session'
import { BusinessProfileSettings } from '../components/business-profile-settings'

/** /user-profile-settings — the business profile toggles of the signed-in user's company. */
export function ProfileSettingsPage() {
  const { t } = useTranslation('business-clients')
  const { currentUser } = useSession()
  const navigate = useNavigate()
  const businessClientId = currentUser?.businessclient

  return (
    <>
      <PageHeader
        title={t('settings.title')}
        subtitle={businessClientId ? t('settings.description') : undefined}
      />
      {businessClientId ? (
        <BusinessProfileSettings key={businessClientId} id={businessClientId} />
      ) : (
        <Result
          icon={<SettingOutlined />}
          title={t('settings.noCompanyTitle')}
          subTitle={t('settings.noCompanyDescription')}
          extra={
            <Button type="primary" onClick={() => navigate('/profile/null')}>
              {t('settings.goToProfile')}
            </Button>
          }
        />
      )}
    </>
  )
}
