import { type BusinessProfileKey, can } from '@expedo/domain'
import { Button, Card, Flex, Result, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { ApiClientError } from '@/lib/api-client'
import { useSession } from '@/lib/session'
import { useBusinessClient } from '../api/use-business-client'
import { useUpdateBusinessProfile } from '../api/use-update-business-profile'
import { ProfileSkeleton } from './profile-skeleton'

/** The toggles of spec part 2 §3 "Business profile settings", grouped as the screen shows them. */
const groups: { key: 'orders' | 'notifications'; settings: BusinessProfileKey[] }[] = [
  {
    key: 'orders',
    settings: [
      'orders.invoicing.autoGenerate',
      'orders.automaticBlockingGoods',
      'orders.shipping.automaticAssingCourier',
    ],
  },
  {
    key: 'notifications',
    settings: [
      'notifications.email.newPo',
      'notifications.email.shippingPo',
      'notifications.dashboard.tickets.newticket',
      'notifications.dashboard.tickets.newmessage',
    ],
  },
]

/** A DOM id from a setting key ('orders.invoicing.autoGenerate' → 'setting-orders-invoicing-autoGenerate'). */
const domId = (key: string) => `setting-${key.replaceAll('.', '-')}`

/** The business profile switches of one company; each switch saves at once (optimistic). */
export function BusinessProfileSettings({ id }: { id: string }) {
  const { t } = useTranslation('business-clients')
  const { currentUser } = useSession()
  const query = useBusinessClient(id)
  const update = useUpdateBusinessProfile(id)
  const canEdit = !!currentUser && can(currentUser.roles, 'settings.write')

  if (query.isPending) return <ProfileSkeleton />
  if (query.isError) {
    const notFound = query.error instanceof ApiClientError && [400, 404].includes(query.error.status)
    return (
      <Result
        status={notFound ? '404' : 'error'}
        title={t(notFound ? 'profile.notFoundTitle' : 'profile.loadFailed')}
        extra={!notFound && <Button onClick={() => query.refetch()}>{t('profile.retry')}</Button>}
      />
    )
  }

  const profile = query.data.businessprofile
  return (
    <Flex vertical gap={16} style={{ maxWidth: 880 }}>
      {groups.map((group) => (
        <Card
          key={group.key}
          title={<h2 style={{ margin: 0, fontSize: 16 }}>{t(`settings.groups.${group.key}`)}</h2>}
        >
          <ul
            style={{
              listStyle: 'none',
              margin: 0,
              padding: 0,
              display: 'flex',
              flexDirection: 'column',
              gap: 16,
            }}
          >
            {group.settings.map((key) => (
              <li
                key={key}
                style={{
                  display: 'flex',
                  gap: 16,
                  alignItems: 'flex-start',
                  justifyContent: 'space-between',
                }}
              >
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong id={`${domId(key)}-label`}>
                    {t(`settings.${key}.label` as 'settings.orders.automaticBlockingGoods.label')}
                  </Typography.Text>
                  <Typography.Paragraph type="secondary" id={`${domId(key)}-help`} style={{ margin: 0 }}>
                    {t(`settings.${key}.help` as 'settings.orders.automaticBlockingGoods.help')}
                  </Typography.Paragraph>
                </div>
                <Switch
                  id={domId(key)}
                  checked={profile[key]}
                  disabled={!canEdit}
                  aria-labelledby={`${domId(key)}-label`}
                  aria-describedby={`${domId(key)}-help`}
                  onChange={(checked) => update.mutate({ [key]: checked })}
                  style={{ flexShrink: 0, marginTop: 2 }}
                />
              </li>
            ))}
          </ul>
        </Card>
      ))}
    </Flex>
  )
}
