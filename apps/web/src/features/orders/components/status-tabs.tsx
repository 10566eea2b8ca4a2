import { DownOutlined } from '@ant-design/icons'
import { Button, Dropdown, theme } from 'antd'
import { type KeyboardEvent, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useIsNarrow } from '@/components/use-media-query'
import { ALL_TAB, type OrderTab, tabOrder, VISIBLE_TABS } from '../lib/order-list-state'

export interface StatusTabsProps {
  active: string
  counts: Map<OrderTab, number>
  onChange: (tab: OrderTab) => void
  /** The All count is a lower bound (a broad search's capped total): shown with a '+'. */
  allCapped?: boolean
  /** Prefix of the tabs' ids; the list below is the tab panel `${idBase}-panel` (see statusPanelProps). */
  idBase: string
}

const tabId = (idBase: string, tab: OrderTab) => `${idBase}-tab-${tabOrder.indexOf(tab)}`
const panelId = (idBase: string) => `${idBase}-panel`

/** The props of the element the tabs control (the list): its id and the tab (or status) that names it. */
export function statusPanelProps(idBase: string, active: string, name: string) {
  const shown = tabOrder.slice(0, VISIBLE_TABS).includes(active as OrderTab)
  return {
    role: 'tabpanel',
    id: panelId(idBase),
    ...(shown ? { 'aria-labelledby': tabId(idBase, active as OrderTab) } : { 'aria-label': name }),
  } as const
}

/**
 * Status tabs with their counts (spec §2): the first 13 as tabs, the rest in the 'Other' dropdown, the one
 * overflow. The tabs wrap onto a second line rather than scroll (on a phone they scroll sideways), so every one of the 13 stays in sight
 * (antd's Tabs would add a '…' menu of its own beside 'Other'). A tablist of tabs only (WAI-ARIA tabs:
 * arrow keys, Home and End move between them, Enter or Space opens one); 'Other' sits beside it.
 */
export function StatusTabs({ active, counts, onChange, idBase, allCapped }: StatusTabsProps) {
  const { t } = useTranslation('orders')
  const { token } = theme.useToken()
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  // On a phone, 13 tabs wrapped would fill the screen: there they scroll sideways in one line.
  const isNarrow = useIsNarrow()
  const activeIndex = tabOrder.indexOf(active as OrderTab)
  useEffect(() => {
    if (isNarrow) refs.current[activeIndex]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [isNarrow, activeIndex])
  const name = (tab: OrderTab) => (tab === ALL_TAB ? t('tabs.all') : t(`status.${tab}`))
  const shown = tabOrder.slice(0, VISIBLE_TABS)
  const other = tabOrder.slice(VISIBLE_TABS)
  const activeOther = other.includes(active as OrderTab)
  // With a tab of 'Other' chosen, the first tab is the one the Tab key reaches.
  const focusable = activeOther ? ALL_TAB : active

  const count = (tab: OrderTab, selected: boolean) => (
    <span
      style={{
        display: 'inline-block',
        minWidth: 20,
        padding: '0 6px',
        marginInlineStart: 2,
        borderRadius: 10,
        fontSize: 12,
        lineHeight: '18px',
        textAlign: 'center',
        fontVariantNumeric: 'tabular-nums',
        background: selected ? token.colorPrimary : token.colorFillSecondary,
        color: selected ? token.colorTextLightSolid : token.colorText,
      }}
    >
      {counts.get(tab) ?? 0}
      {allCapped && tab === ALL_TAB ? '+' : ''}
    </span>
  )

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = shown.length - 1
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (next === null) return
    event.preventDefault()
    refs.current[next]?.focus()
  }

  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'flex-end',
        gap: 8,
        marginBottom: 8,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <div
        role="tablist"
        aria-label={t('columns.status')}
        style={{
          display: 'flex',
          flexWrap: isNarrow ? 'nowrap' : 'wrap',
          overflowX: isNarrow ? 'auto' : undefined,
          columnGap: 4,
          flex: '1 1 0',
          minWidth: 0,
        }}
      >
        {shown.map((tab, index) => {
          const selected = tab === active
          return (
            <button
              key={tab}
              ref={(el) => {
                refs.current[index] = el
              }}
              type="button"
              role="tab"
              id={tabId(idBase, tab)}
              aria-selected={selected}
              aria-controls={panelId(idBase)}
              tabIndex={tab === focusable ? 0 : -1}
              onClick={() => onChange(tab)}
              onKeyDown={(event) => onKeyDown(event, index)}
              style={{
                font: 'inherit',
                whiteSpace: 'nowrap',
                cursor: 'pointer',
                background: 'none',
                border: 0,
                borderBottom: `2px solid ${selected ? token.colorPrimary : 'transparent'}`,
                marginBottom: -1,
                padding: '6px 6px 5px',
                color: selected ? token.colorPrimaryText : token.colorText,
                fontWeight: selected ? 600 : undefined,
              }}
            >
              {name(tab)} {count(tab, selected)}
            </button>
          )
        })}
      </div>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: activeOther ? [active] : [],
          items: other.map((tab) => ({
            key: tab,
            label: (
              <span>
                {name(tab)} {count(tab, false)}
              </span>
            ),
          })),
          onClick: ({ key }) => onChange(key as OrderTab),
        }}
      >
        <Button
          type={activeOther ? 'primary' : 'default'}
          size="small"
          style={{ marginBottom: 4, flex: 'none' }}
        >
          {activeOther ? name(active as OrderTab) : t('tabs.other')} <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  )
}
