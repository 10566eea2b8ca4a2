import { can } from '@expedo/domain'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate, useParams } from 'react-router'
import { errorMessage } from '@/lib/error-message'
import { notificationsStore } from '@/lib/notifications'
import { useSession } from '@/lib/session'
import { usePlusParam } from '@/lib/use-plus-param'
import { useSignInAs } from '../api/use-sign-in-as'
import { SigningIn } from '../components/signing-in'

/**
 * /internal/loginas/:username/:password+: a signed-in admin becomes the user (the admin's own password
 * is in the URL, asked again by the server) and goes to the orders; anyone else goes to /signin.
 */
export function LoginAsPage() {
  const { t } = useTranslation('auth')
  const { username = '' } = useParams()
  const password = usePlusParam('password')
  const navigate = useNavigate()
  const { currentUser } = useSession()
  const isAdmin = currentUser !== null && can(currentUser.roles, 'users.loginAs')
  const lang = currentUser?.sys_lang
  const { mutateAsync: signInAs } = useSignInAs()
  const started = useRef(false)

  useEffect(() => {
    if (!isAdmin || !password || started.current) return
    started.current = true
    signInAs({ username, password, lang }).then(
      () => navigate('/orders', { replace: true }),
      (error: unknown) => {
        notificationsStore.push('error', errorMessage(error))
        void navigate('/', { replace: true })
      },
    )
  }, [isAdmin, username, password, lang, signInAs, navigate])

  if (!isAdmin || !password) return <Navigate to="/signin" replace />
  return <SigningIn text={t('loginAs.signingIn', { username })} />
}
