import type { Role } from '@expedo/domain'
import { describe, expect, it } from 'vitest'
import { buildMenu, type MenuNode, menuEntriesFor, selectedMenuKey } from '@/app/layout/build-menu'
import { appRoutes } from '@/app/router/route-table'
import type { CurrentUser } from '@/lib/session'

const user = (roles: Role[], businessclient: string | null = null): CurrentUser => ({
  _id: '0190a0a0-0000-7000-8000-000000000001',
  username: 'someone',
  roles,
  businessclient,
  sys_lang: 'ENG',
})

/** The menu as text: 'orders', 'shipments: goods /shipments/inbound, ...'. */
const menuOf = (u: CurrentUser | null) => buildMenu(menuEntriesFor(appRoutes, u))

const outline = (nodes: MenuNode[]) =>
  nodes.map((n) => (n.kind === 'item' ? n.to : `${n.group}: ${n.children.map((c) => c.to).join(' ')}`))

describe('left menu', () => {
  it('shows every item of the spec, in its order, to an admin (and the floor’s Locations, Waves, Packing and Handover after Warehouse)', () => {
    expect(outline(menuOf(user(['admin'])))).toEqual([
      '/orders',
      '/invoices',
      '/warehouse',
      '/warehouse/locations',
      '/warehouse/waves',
      '/warehouse/packing',
      '/warehouse/handover',
      '/products',
      'shipments: /shipments/inbound /parcels/inbound',
      'finance: /billing/bills /transfers /refunds',
      'reports: /reports/nogoods /reports/stockturnover',
      'settings: /profile/null /eshops',
    ])
  })

  it("links Company profile to the user's business client, or 'null' without one", () => {
    const client = '0190a0a0-0000-7000-8000-0000000000bc'
    expect(outline(menuOf(user(['client'], client))).at(-1)).toBe(`settings: /profile/${client} /eshops`)
    expect(outline(menuOf(user(['client']))).at(-1)).toBe('settings: /profile/null /eshops')
  })

  it('shows an operator only what the matrix grants (no invoices, finance or settings)', () => {
    expect(outline(menuOf(user(['operator'])))).toEqual([
      '/orders',
      '/warehouse',
      '/warehouse/locations',
      '/warehouse/waves',
      '/warehouse/packing',
      '/warehouse/handover',
      '/products',
      'shipments: /shipments/inbound /parcels/inbound',
      'reports: /reports/nogoods /reports/stockturnover',
    ])
  })

  it('shows finance the money screens and returned parcels (for refunds), but no goods receiving or settings', () => {
    expect(outline(menuOf(user(['finance'])))).toEqual([
      '/orders',
      '/invoices',
      '/warehouse',
      '/warehouse/locations',
      '/products',
      'shipments: /parcels/inbound',
      'finance: /billing/bills /transfers /refunds',
      'reports: /reports/nogoods /reports/stockturnover',
    ])
  })

  it('shows a visitor only the sign-in and sign-up pages', () => {
    expect(outline(menuOf(null))).toEqual(['/signin', '/signup'])
  })

  it('selects the item of the page or of its parent list', () => {
    const entries = [{ to: '/orders' }, { to: '/billing/bills' }, { to: '/products' }]
    expect(selectedMenuKey(entries, '/orders')).toBe('/orders')
    expect(selectedMenuKey(entries, '/orders/v2/o1')).toBe('/orders')
    expect(selectedMenuKey(entries, '/billing/bills/b1')).toBe('/billing/bills')
    expect(selectedMenuKey(entries, '/productgroup/g1')).toBeUndefined()
  })
})
