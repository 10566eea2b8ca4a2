import type { Eshop, EshopUpdateBody, ShoptetOrderStatus } from '@expedo/domain'
import { Card, Flex, Radio, Select, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { SettingRow } from './setting-row'

type Scope = 'all' | 'selected'

/** The select's value for "leave the Shoptet status as it is" (null in the settings). */
const NO_STATUS = 'none'

/**
 * Order settings: order import on/off (on registers the shop's order webhooks), all orders or only orders
 * with the products selected for import (they exclude each other), the Shoptet status set when Expedo ships
 * an order, and who invoices the orders. Each change saves at once.
 */
export function OrderSettingsCard({
  eshop,
  statuses,
  canEdit,
  onSave,
}: {
  eshop: Eshop
  /** The shop's order statuses; undefined while they load or when the shop cannot say. */
  statuses: ShoptetOrderStatus[] | undefined
  canEdit: boolean
  onSave: (change: EshopUpdateBody) => Promise<boolean>
}) {
  const { t } = useTranslation('eshops')
  const settings = eshop.shoptet_settings
  const scope: Scope = settings.import_orders_only_selected_products ? 'selected' : 'all'
  const isDisabled = !canEdit || !eshop.isActive

  // Exclusive on the server (both true is a 400): one call sets both, so no state between has both or neither.
  const handleScope = (next: Scope) =>
    onSave({
      'shoptet_settings.import_orders_all': next === 'all',
      'shoptet_settings.import_orders_only_selected_products': next === 'selected',
    })

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('orders.title')}</h2>}>
      <Flex vertical gap={20}>
        <SettingRow
          id="eshop-import-orders"
          label={t('orders.importOrders')}
          help={t('orders.importOrdersHelp')}
        >
          <Switch
            id="eshop-import-orders"
            checked={settings.import_orders_enabled}
            disabled={isDisabled}
            aria-labelledby="eshop-import-orders-label"
            aria-describedby="eshop-import-orders-help"
            onChange={(checked) => void onSave({ 'shoptet_settings.import_orders_enabled': checked })}
          />
        </SettingRow>
        <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
          <legend style={{ fontSize: 'inherit', fontWeight: 600, marginBottom: 8, border: 0 }}>
            {t('orders.scope')}
          </legend>
          <Radio.Group
            value={scope}
            disabled={isDisabled}
            onChange={(event) => void handleScope(event.target.value as Scope)}
          >
            <Flex vertical gap={8}>
              <Radio value="all">{t('orders.importAll')}</Radio>
              <Radio value="selected">{t('orders.importSelected')}</Radio>
            </Flex>
          </Radio.Group>
          <div style={{ marginTop: 8, marginInlineStart: 24 }}>
            <Link to="/products">{t('orders.selectProducts')}</Link>
          </div>
        </fieldset>
        <SettingRow
          id="eshop-shipped-status"
          label={t('orders.shippedStatus')}
          help={t('orders.shippedStatusHelp')}
        >
          <Select
            id="eshop-shipped-status"
            aria-labelledby="eshop-shipped-status-label"
            aria-describedby="eshop-shipped-status-help"
            style={{ minWidth: 220 }}
            disabled={isDisabled}
            loading={statuses === undefined}
            value={settings.shipped_status_id ?? NO_STATUS}
            onChange={(value: number | typeof NO_STATUS) =>
              void onSave({ 'shoptet_settings.shipped_status_id': value === NO_STATUS ? null : value })
            }
            options={[
              { value: NO_STATUS, label: t('orders.shippedStatusNone') },
              ...(statuses ?? []).map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
        </SettingRow>
        <SettingRow id="eshop-invoicing" label={t('orders.invoicing')} help={t('orders.invoicingHelp')}>
          <Radio.Group
            aria-labelledby="eshop-invoicing-label"
            aria-describedby="eshop-invoicing-help"
            optionType="button"
            value={settings.invoicing}
            disabled={!canEdit}
            onChange={(event) => void onSave({ 'shoptet_settings.invoicing': event.target.value })}
            options={[
              { value: 'expedo', label: t('invoicing.expedo') },
              { value: 'shoptet', label: t('invoicing.shoptet') },
            ]}
          />
        </SettingRow>
      </Flex>
    </Card>
  )
}
