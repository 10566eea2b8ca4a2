import { Alert, Flex } from 'antd'
import { useTranslation } from 'react-i18next'
import { notificationsStore, useTopNotifications } from '@/lib/notifications'

/** The removable messages at the top of the content (spec part 1 §2 "Layout", §8). */
export function TopNotifications() {
  const { t } = useTranslation('layout')
  const items = useTopNotifications()
  if (items.length === 0) return null
  return (
    <Flex vertical gap={8} role="region" aria-label={t('notifications.region')} style={{ marginBottom: 16 }}>
      {items.map((item) => (
        <Alert
          key={item.id}
          type={item.type}
          title={item.message}
          showIcon
          role={item.type === 'error' ? 'alert' : 'status'}
          closable={{
            onClose: () => notificationsStore.remove(item.id),
            'aria-label': t('notifications.close'),
          }}
        />
      ))}
    </Flex>
  )
}
