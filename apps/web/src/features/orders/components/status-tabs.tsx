import { DownOutlined } from '@ant-design/icons'
import { Badge, Button, Dropdown, Tabs } from 'antd'
import { useTranslation } from 'react-i18next'
import { ALL_TAB, type OrderTab, tabOrder, VISIBLE_TABS } from '../lib/order-list-state'

export interface StatusTabsProps {
  active: string
  counts: Map<OrderTab, number>
  onChange: (tab: OrderTab) => void
}

/** Status tabs with their counts: the first 13 as tabs, the rest in the 'other' dropdown (spec §2). */
export function StatusTabs({ active, counts, onChange }: StatusTabsProps) {
  const { t } = useTranslation('orders')
  const name = (tab: OrderTab) => (tab === ALL_TAB ? t('tabs.all') : t(`status.${tab}`))
  const label = (tab: OrderTab) => (
    <span>
      {name(tab)}{' '}
      <Badge
        count={counts.get(tab) ?? 0}
        showZero
        overflowCount={999_999}
        color={tab === active ? '#0f766e' : '#bfbfbf'}
        aria-label={t('tabs.count', { count: counts.get(tab) ?? 0 })}
      />
    </span>
  )
  const shown = tabOrder.slice(0, VISIBLE_TABS)
  const other = tabOrder.slice(VISIBLE_TABS)
  const activeOther = other.includes(active as OrderTab)
  return (
    <Tabs
      activeKey={activeOther ? 'other' : active}
      onChange={(key) => onChange(key as OrderTab)}
      items={shown.map((tab) => ({ key: tab, label: label(tab) }))}
      tabBarExtraContent={
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: activeOther ? [active] : [],
            items: other.map((tab) => ({ key: tab, label: label(tab) })),
            onClick: ({ key }) => onChange(key as OrderTab),
          }}
        >
          <Button type={activeOther ? 'primary' : 'default'} size="small">
            {activeOther ? name(active as OrderTab) : t('tabs.other')} <DownOutlined />
          </Button>
        </Dropdown>
      }
      size="small"
      tabBarGutter={20}
      style={{ marginBottom: 8 }}
    />
  )
}
