import { describe, expect, it } from 'vitest'
import { can, isStaff, permissions, permissionsOf, rolePermissions, roles } from './roles.ts'

describe('role × permission matrix', () => {
  it('gives the admin every permission, including user management and login-as', () => {
    expect(permissionsOf(['admin'])).toEqual([...permissions])
    expect(can(['admin'], 'users.loginAs')).toBe(true)
  })

  it('keeps login-as and user management away from every other role', () => {
    for (const role of roles.filter((r) => r !== 'admin')) {
      expect(can([role], 'users.loginAs')).toBe(false)
      expect(can([role], 'users.manage')).toBe(false)
    }
  })

  it('lets operators process orders and receive goods but not touch money', () => {
    expect(can(['operator'], 'orders.process')).toBe(true)
    expect(can(['operator'], 'inbound.receive')).toBe(true)
    expect(can(['operator'], 'bills.write')).toBe(false)
    expect(can(['operator'], 'refunds.process')).toBe(false)
  })

  it('lets finance handle bills, transfers and refunds but not stock', () => {
    expect(can(['finance'], 'bills.write')).toBe(true)
    expect(can(['finance'], 'transfers.write')).toBe(true)
    expect(can(['finance'], 'refunds.process')).toBe(true)
    expect(can(['finance'], 'stock.adjust')).toBe(false)
  })

  it('lets a client run its own business but not warehouse or finance work', () => {
    expect(can(['client'], 'orders.write')).toBe(true)
    expect(can(['client'], 'refunds.write')).toBe(true)
    expect(can(['client'], 'profile.write')).toBe(true)
    expect(can(['client'], 'orders.process')).toBe(false)
    expect(can(['client'], 'inbound.receive')).toBe(false)
    expect(can(['client'], 'bills.write')).toBe(false)
  })

  it('unions the permissions of several roles in matrix order', () => {
    const both = permissionsOf(['operator', 'finance'])
    expect(both).toContain('inbound.receive')
    expect(both).toContain('bills.write')
    expect(both).toEqual(permissions.filter((p) => both.includes(p)))
  })

  it('names only known permissions in the matrix', () => {
    for (const granted of Object.values(rolePermissions)) {
      for (const p of granted) expect(permissions).toContain(p)
    }
  })

  it('treats admin, operator and finance as staff, client not', () => {
    expect(isStaff(['operator'])).toBe(true)
    expect(isStaff(['client'])).toBe(false)
  })
})
