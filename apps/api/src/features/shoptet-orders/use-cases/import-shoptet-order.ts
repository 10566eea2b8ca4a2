import type { Db } from '../../../platform/db/database.ts'
import type { ShoptetApi } from '../../../platform/providers/shoptet/index.ts'
import { ShoptetError } from '../../../platform/providers/shoptet/index.ts'
import { cancelImportedOrder, type ImportResult, importOrder, type Who } from '../../orders/index.ts'
import { type ImportSettings, mapShoptetOrder, type ShoptetOrder } from '../shoptet-order.mapper.ts'
import { type Connection, createShoptetOrdersRepository } from '../shoptet-orders.repository.ts'

/** The change log's author of what the import does. */
export const SHOPTET_WHO: Who = { userId: null, username: 'Shoptet' }

export type OrderImportOutcome =
  | ImportResult
  | { action: 'skipped'; reason: string }
  /** Shoptet no longer has the order (deleted after the change was listed). */
  | { action: 'gone' }

export const settingsOf = (c: Connection): ImportSettings => ({
  onlySelectedProducts: c.importOrdersOnlySelectedProducts,
  invoicing: c.invoicing === 'shoptet' ? 'shoptet' : 'expedo',
})

/**
 * One Shoptet order into Expedo: read it from Shoptet (GET /api/orders/{code}), map it with the connection's
 * settings and the business client's products by SKU, and create or update its Expedo order in one
 * transaction (idempotent: orders/importOrder keeps one Expedo order per shop and code).
 */
export async function importShoptetOrder(
  db: Db,
  connection: Connection,
  api: ShoptetApi,
  code: string,
): Promise<OrderImportOutcome> {
  let order: ShoptetOrder
  try {
    order = await api.getOrder(code)
  } catch (error) {
    if (error instanceof ShoptetError && error.status === 404) return { action: 'gone' }
    throw error
  }
  return importMappedOrder(db, connection, order)
}

/** The mapping and the write of an order already read from Shoptet. */
export async function importMappedOrder(
  db: Db,
  connection: Connection,
  order: ShoptetOrder,
): Promise<OrderImportOutcome> {
  const repo = createShoptetOrdersRepository(db)
  const skus = [...new Set(order.items.map((i) => (i.code ?? '').trim()).filter(Boolean))]
  const products = await repo.productsBySku(connection.businessclientId, skus)
  const mapped = mapShoptetOrder(order, {
    eshopUrl: connection.eshopUrl,
    settings: settingsOf(connection),
    productsBySku: new Map(products.map((p) => [p.sku, p])),
  })
  if (mapped.kind === 'skip') return { action: 'skipped', reason: mapped.reason }
  return db.transaction((tx) =>
    importOrder(
      tx,
      {
        ...mapped.order,
        businessclientId: connection.businessclientId,
        link: { eshopId: connection.id, code: order.code },
      },
      SHOPTET_WHO,
    ),
  )
}

/** order:delete (or a `delete` change): cancels the Expedo order while it may still be canceled. */
export function cancelShoptetOrder(db: Db, connection: Connection, code: string) {
  return db.transaction((tx) => cancelImportedOrder(tx, { eshopId: connection.id, code }, SHOPTET_WHO))
}
