import { Menu, type MenuProps } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { buildMenu, selectedMenuKey } from './build-menu'
import { useMenuEntries } from './menu-entries-context'

type MenuItem = Required<MenuProps>['items'][number]

/** The left menu, built from the route table and the user's permissions. */
export function SideMenu({ isCollapsed, onNavigate }: { isCollapsed: boolean; onNavigate: () => void }) {
  const { t } = useTranslation('layout')
  const { pathname } = useLocation()
  const menuEntries = useMenuEntries()
  const nodes = useMemo(() => buildMenu(menuEntries), [menuEntries])

  const entries = nodes.flatMap((node) => (node.kind === 'item' ? [node] : node.children))
  const selected = selectedMenuKey(entries, pathname)
  const selectedNode = nodes.find((n) => n.kind === 'group' && n.children.some((c) => c.to === selected))
  const selectedGroup = selectedNode?.kind === 'group' ? selectedNode.group : undefined
  const [openKeys, setOpenKeys] = useState<string[]>(selectedGroup ? [selectedGroup] : [])
  // Arriving on a page of a submenu (from a tile or a link) opens that submenu.
  useEffect(() => {
    if (selectedGroup) setOpenKeys((keys) => (keys.includes(selectedGroup) ? keys : [...keys, selectedGroup]))
  }, [selectedGroup])

  const items: MenuItem[] = nodes.map((node) =>
    node.kind === 'item'
      ? { key: node.to, icon: <node.icon />, label: <Link to={node.to}>{t(`menu.${node.label}`)}</Link> }
      : {
          key: node.group,
          icon: <node.icon />,
          label: t(`menu.${node.label}`),
          children: node.children.map((child) => ({
            key: child.to,
            icon: <child.icon />,
            label: <Link to={child.to}>{t(`menu.${child.label}`)}</Link>,
          })),
        },
  )

  return (
    <Menu
      theme="dark"
      mode="inline"
      // Room for the longer labels of submenu items (Russian, Romanian) in the 210 px menu.
      inlineIndent={16}
      items={items}
      selectedKeys={selected ? [selected] : []}
      // A collapsed menu shows submenus as pop-ups; its open keys apply again when it expands.
      {...(isCollapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={onNavigate}
      style={{ borderInlineEnd: 0 }}
    />
  )
}
