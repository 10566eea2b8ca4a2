import type { ComponentType } from 'react'
import type { CurrentUser } from '@/lib/session'
import type { AppRoute, MenuGroup, MenuLabelKey } from '../router/app-route'
import { canOpen } from '../router/can-open'
import { menuGroups } from './menu-groups'
import { menuIcons } from './menu-icons'

export interface MenuEntry {
  /** The link; also the menu key. */
  to: string
  label: MenuLabelKey
  icon: ComponentType
}

/** A menu item with the submenu it sits in. */
export type PlacedMenuEntry = MenuEntry & { group?: MenuGroup }

export type MenuNode =
  | ({ kind: 'item' } & MenuEntry)
  | { kind: 'group'; group: MenuGroup; label: MenuLabelKey; icon: ComponentType; children: MenuEntry[] }

/** The menu items this user may open, in route-table order (a visitor gets the guest pages). */
export function menuEntriesFor(routes: readonly AppRoute[], user: CurrentUser | null): PlacedMenuEntry[] {
  return routes.flatMap((route) => {
    const { menu } = route
    if (!menu || !canOpen(route.access, user)) return []
    return [
      {
        to: menu.to ? menu.to(user) : route.path,
        label: menu.label,
        icon: menuIcons[menu.label],
        group: menu.group,
      },
    ]
  })
}

/** The left menu: top-level items and submenus; a submenu sits where its first visible item is. */
export function buildMenu(entries: readonly PlacedMenuEntry[]): MenuNode[] {
  const nodes: MenuNode[] = []
  const groups = new Map<MenuGroup, Extract<MenuNode, { kind: 'group' }>>()
  for (const { group, ...entry } of entries) {
    if (!group) {
      nodes.push({ kind: 'item', ...entry })
      continue
    }
    let node = groups.get(group)
    if (!node) {
      node = { kind: 'group', group, ...menuGroups[group], children: [] }
      groups.set(group, node)
      nodes.push(node)
    }
    node.children.push(entry)
  }
  return nodes
}

/** The key of the menu item for a path: the longest item link that is the path or a parent of it. */
export function selectedMenuKey(entries: readonly { to: string }[], pathname: string): string | undefined {
  return entries
    .filter(({ to }) => pathname === to || pathname.startsWith(`${to}/`))
    .sort((a, b) => b.to.length - a.to.length)[0]?.to
}
