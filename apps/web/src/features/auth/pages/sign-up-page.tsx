import { MIN_PASSWORD_LENGTH } from '@expedo/domain'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { AuthCard } from '@/components/auth-card'
import { guestLanguage } from '@/lib/guest-language'
import { useSignUp } from '../api/use-sign-up'
import { type Credentials, CredentialsForm } from '../components/credentials-form'

/** /signup: heading 'Join today.', button 'Sign me up!'; then the company profile, /profile/null for a new account. */
export function SignUpPage() {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const signUp = useSignUp()

  const handleSubmit = async (credentials: Credentials) => {
    const user = await signUp
      .mutateAsync({ ...credentials, lang: guestLanguage.get() })
      .catch(() => undefined)
    if (user) void navigate(`/profile/${user.businessclient ?? 'null'}`, { replace: true })
  }

  return (
    <AuthCard
      heading={t('signUp.heading')}
      subtitle={t('signUp.subtitle')}
      footer={
        <>
          {t('signUp.hasAccount')} <Link to="/signin">{t('signUp.signInLink')}</Link>
        </>
      }
    >
      <CredentialsForm
        newPasswordMinLength={MIN_PASSWORD_LENGTH}
        submitLabel={t('signUp.submit')}
        isPending={signUp.isPending}
        onSubmit={handleSubmit}
      />
    </AuthCard>
  )
}
