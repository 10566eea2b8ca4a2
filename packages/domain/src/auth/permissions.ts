/**
 * Roles, permissions and the matrix as plain constants, without zod: the web's first screen imports this
 * module directly (`@expedo/domain/auth/permissions`) so that the sign-in page does not load the schema library.
 */

export const roles = ['admin', 'operator', 'finance', 'client'] as const
export type Role = (typeof roles)[number]

/** Staff roles see every business client; a `client` sees only its own. */
export const staffRoles: readonly Role[] = ['admin', 'operator', 'finance']

/** Every permission the API guard checks and the web menu reads. */
export const permissions = [
  'orders.read',
  'orders.write',
  'orders.process',
  'invoices.read',
  'invoices.write',
  /** Exchange rates of the documents' local-currency VAT. */
  'finance.settings',
  /** The VAT table is the law for every client: only an admin adds rows (FINANCE.md), finance reads it. */
  'vatrates.write',
  'stock.read',
  'stock.adjust',
  /** Warehouse locations: create, move and put away goods, print labels (the floor staff). */
  'locations.write',
  /** A warehouse's sender address and contact (on every courier label of it): an admin's. */
  'warehouses.write',
  'products.read',
  'products.write',
  'inbound.read',
  'inbound.receive',
  'parcels.read',
  'parcels.write',
  'services.read',
  'bills.read',
  'bills.write',
  'rates.read',
  'rates.write',
  'issuers.read',
  'issuers.write',
  'transfers.read',
  'transfers.write',
  'refunds.read',
  'refunds.write',
  'refunds.process',
  'reports.read',
  'couriers.read',
  'couriers.write',
  'profile.read',
  'profile.write',
  'businessclients.create',
  'settings.write',
  'eshops.read',
  'eshops.write',
  /** The connection's credentials and activation link (admin only: never a client's). */
  'eshops.credentials',
  'users.read',
  'users.manage',
  'users.loginAs',
] as const
export type Permission = (typeof permissions)[number]

/** The role × permission matrix (docs/domain.md "Roles"). One table for the API guard and the web menu. */
export const rolePermissions: Record<Role, readonly Permission[]> = {
  admin: permissions,
  operator: [
    'orders.read',
    'orders.process',
    'stock.read',
    'stock.adjust',
    'locations.write',
    'products.read',
    'products.write',
    'inbound.read',
    'inbound.receive',
    'parcels.read',
    'parcels.write',
    'reports.read',
    'couriers.read',
    'users.read',
  ],
  finance: [
    'orders.read',
    'invoices.read',
    'invoices.write',
    'finance.settings',
    'stock.read',
    'products.read',
    'parcels.read',
    'services.read',
    'bills.read',
    'bills.write',
    'rates.read',
    'issuers.read',
    'transfers.read',
    'transfers.write',
    'refunds.read',
    'refunds.process',
    'reports.read',
    'couriers.read',
    'users.read',
  ],
  client: [
    'orders.read',
    'orders.write',
    'invoices.read',
    'invoices.write',
    'stock.read',
    'products.read',
    'products.write',
    'inbound.read',
    'parcels.read',
    'services.read',
    'bills.read',
    'transfers.read',
    'refunds.read',
    'refunds.write',
    'reports.read',
    'couriers.read',
    'profile.read',
    'profile.write',
    'businessclients.create',
    'settings.write',
    'eshops.read',
    'eshops.write',
    'users.read',
  ],
}

/** The union of the permissions of a user's roles, in matrix order. */
export function permissionsOf(userRoles: readonly Role[]): Permission[] {
  const granted = new Set(userRoles.flatMap((role) => rolePermissions[role] ?? []))
  return permissions.filter((p) => granted.has(p))
}

export function can(userRoles: readonly Role[], permission: Permission): boolean {
  return userRoles.some((role) => rolePermissions[role]?.includes(permission))
}

export function isStaff(userRoles: readonly Role[]): boolean {
  return userRoles.some((role) => staffRoles.includes(role))
}
