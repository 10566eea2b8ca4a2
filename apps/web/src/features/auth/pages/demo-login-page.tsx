import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { useSignIn } from '../api/use-sign-in'
import { SigningIn } from '../components/signing-in'

/** /demoacount/login/:username/:password/: signs in with the URL's credentials and opens the orders. */
export function DemoLoginPage() {
  const { t } = useTranslation('auth')
  const { username = '', password = '' } = useParams()
  const navigate = useNavigate()
  const { mutateAsync: signIn } = useSignIn()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    // `replace`: the password in the URL does not stay in the history.
    signIn({ username, password }).then(
      () => navigate('/orders', { replace: true }),
      () => navigate('/signin', { replace: true }),
    )
  }, [username, password, signIn, navigate])

  return <SigningIn text={t('demo.signingIn')} />
}
