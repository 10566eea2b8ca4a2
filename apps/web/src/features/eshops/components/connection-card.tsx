import type { Eshop } from '@expedo/domain'
import { Alert, App, Badge, Card, Descriptions, Switch, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DateText } from '@/components/date-text'
import { SettingRow } from './setting-row'

/**
 * The connection: a Connected / Disconnected ribbon, the on/off switch (switching off asks first: it removes
 * the shop's order webhooks), the business client, the last sync and the last error.
 */
export function ConnectionCard({
  eshop,
  canEdit,
  isStaff,
  onSave,
}: {
  eshop: Eshop
  canEdit: boolean
  isStaff: boolean
  onSave: (change: { isActive: boolean }) => Promise<boolean>
}) {
  const { t } = useTranslation('eshops')
  const { modal } = App.useApp()
  const status = eshop.status
  const isConnected = status === 'active'

  const handleChange = (checked: boolean) => {
    if (checked) return void onSave({ isActive: true })
    modal.confirm({
      title: t('settings.switchOffConfirm'),
      content: t('settings.switchOffDescription'),
      okText: t('settings.switchOff'),
      okButtonProps: { danger: true },
      onOk: () => onSave({ isActive: false }),
    })
  }

  return (
    <Badge.Ribbon
      text={t(isConnected ? 'settings.connected' : 'settings.disconnected')}
      // Dark enough for the ribbon's white text (WCAG AA): antd's preset green is not.
      color={isConnected ? '#237804' : '#cf1322'}
    >
      <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('settings.connection')}</h2>}>
        {status === 'uninstalled' && (
          <Alert type="warning" showIcon title={t('settings.uninstalled')} style={{ marginBottom: 16 }} />
        )}
        <SettingRow
          id="eshop-active"
          label={t('settings.connectionLabel')}
          help={t('settings.connectionHelp')}
        >
          <Switch
            id="eshop-active"
            checked={eshop.isActive}
            disabled={!canEdit || status === 'uninstalled'}
            aria-labelledby="eshop-active-label"
            aria-describedby="eshop-active-help"
            onChange={handleChange}
          />
        </SettingRow>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          style={{ marginTop: 16 }}
          items={[
            ...(isStaff
              ? [{ key: 'client', label: t('settings.client'), children: eshop.businessclientName }]
              : []),
            {
              key: 'lastSync',
              label: t('settings.lastSync'),
              children: eshop.lastSyncAt ? (
                <DateText value={eshop.lastSyncAt} format="DD-MM-YY HH:mm" />
              ) : (
                t('settings.never')
              ),
            },
            {
              key: 'lastError',
              label: t('settings.lastError'),
              span: 2,
              children: eshop.lastError ? (
                <Typography.Text type="danger">
                  {eshop.lastErrorAt && (
                    <>
                      <DateText value={eshop.lastErrorAt} format="DD-MM-YY HH:mm" />{' '}
                    </>
                  )}
                  {eshop.lastError}
                </Typography.Text>
              ) : (
                t('settings.none')
              ),
            },
          ]}
        />
      </Card>
    </Badge.Ribbon>
  )
}
