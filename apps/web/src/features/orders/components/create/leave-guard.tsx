import { Modal } from 'antd'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useBlocker } from 'react-router'

/**
 * Unsaved changes: while `active`, leaving the screen inside the app asks first, and closing or reloading
 * the tab gets the browser's own warning.
 */
export function LeaveGuard({ active }: { active: boolean }) {
  const { t } = useTranslation('order-create')
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    if (!active) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [active])
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('leave.title')}
      okText={t('leave.leave')}
      cancelText={t('leave.stay')}
      okButtonProps={{ danger: true }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('leave.text')}
    </Modal>
  )
}
