import type { ComponentType } from 'react'
import type { MenuGroup, MenuLabelKey } from '../router/app-route'
import { menuIcons } from './menu-icons'

/** The submenus of the left menu (spec part 1 §2 "Layout"); they show when one of their items does. */
export const menuGroups: Record<MenuGroup, { label: MenuLabelKey; icon: ComponentType }> = {
  shipments: { label: 'shipments', icon: menuIcons.shipments },
  finance: { label: 'finance', icon: menuIcons.finance },
  reports: { label: 'reports', icon: menuIcons.reports },
  settings: { label: 'settings', icon: menuIcons.settings },
}
