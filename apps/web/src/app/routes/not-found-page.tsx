import { Button, Result } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useSession } from '@/lib/session'

/** How long the not-found screen stays before it moves on. */
export const NOT_FOUND_REDIRECT_MS = 3000

/** 'Sorry,page not found.', then /orders when signed in, else /signin (spec part 1 §2). */
export function NotFoundPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { isAuthenticated } = useSession()
  const target = isAuthenticated ? '/orders' : '/signin'

  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(target, { replace: true }), NOT_FOUND_REDIRECT_MS)
    return () => window.clearTimeout(timer)
  }, [navigate, target])

  return (
    <Result
      status="404"
      title="404"
      subTitle={
        <>
          <p style={{ fontSize: 18, margin: '0 0 4px' }}>{t('notFound.text')}</p>
          <span>{t('notFound.redirecting')}</span>
        </>
      }
      extra={
        <Button type="primary" onClick={() => void navigate(target, { replace: true })}>
          {isAuthenticated ? t('notFound.toOrders') : t('notFound.toSignIn')}
        </Button>
      }
    />
  )
}
