import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { AuthCard } from '@/components/auth-card'
import { guestLanguage } from '@/lib/guest-language'
import { loadContract, useSignIn } from '../api/use-sign-in'
import { type Credentials, CredentialsForm } from '../components/credentials-form'
import { safeReturnPath } from '../lib/safe-return-path'

/** Spec part 2 §2: the orders list is the default landing page after sign-in. */
const LANDING_PAGE = '/orders'

/** /signin: heading 'Welcome Back ', button 'Log in'; the language picked while signed out is sent as `lang`. */
export function SignInPage() {
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const location = useLocation()
  const signIn = useSignIn()

  const handleSubmit = async (credentials: Credentials) => {
    const user = await signIn
      .mutateAsync({ ...credentials, lang: guestLanguage.get() })
      .catch(() => undefined)
    if (user) void navigate(safeReturnPath(location.state) ?? LANDING_PAGE, { replace: true })
  }

  return (
    <AuthCard
      heading={t('signIn.heading')}
      subtitle={t('signIn.subtitle')}
      footer={
        <>
          {t('signIn.noAccount')} <Link to="/signup">{t('signIn.signUpLink')}</Link>
        </>
      }
    >
      <CredentialsForm
        submitLabel={t('signIn.submit')}
        isPending={signIn.isPending}
        onSubmit={handleSubmit}
        onFirstInput={() => void loadContract()}
      />
    </AuthCard>
  )
}
