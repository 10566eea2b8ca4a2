import type { AddOrderItemBodySchema, ChangeLogEntry, ChangeLogItem, OrderStatus } from '@expedo/domain'
import type { z } from 'zod'
import { invalid, notFound } from '../../../platform/http/app-error.ts'
import type { OrderItemRow, OrderRow, OrdersRepository, Who } from '../orders.repository.ts'
import { allocate, allocateIfAutomatic, release } from './allocate-order.ts'
import { allocating, checkEditable } from './update-order-fields.ts'

type AddItemBody = z.infer<typeof AddOrderItemBodySchema>

const lineOf = (i: Pick<OrderItemRow, 'sku' | 'name' | 'quantity' | 'price'>): ChangeLogItem => ({
  sku: i.sku,
  name: i.name,
  quantity: i.quantity,
  price: Number(i.price),
})

/**
 * A new product line (spec §5 add-product form), before picking only: the product must be the business
 * client's; SKU, name and (unless given) weight come from it. The total follows and allocation runs again.
 */
export async function addItem(repo: OrdersRepository, order: OrderRow, body: AddItemBody, who: Who) {
  checkEditable(order, 'items')
  const [product] = await repo.productsOf(order.businessclientId, [body.product])
  if (!product) throw invalid('product', 'is not a product of the order’s business client')
  const item = await repo.insertItem({
    orderId: order.id,
    productId: product.id,
    sku: product.sku,
    name: product.name,
    weight: body.weight === undefined ? product.weight : body.weight,
    quantity: body.quantity,
    price: body.price,
  })
  await afterItemsChanged(repo, order, { event: 'itemAdded', params: lineOf(item) }, who)
}

/** Removes a line (404 when the order has no such line), before picking only, releasing what it blocked. */
export async function deleteItem(repo: OrdersRepository, order: OrderRow, itemId: string, who: Who) {
  checkEditable(order, 'items')
  const item = await repo.item(order.id, itemId)
  if (!item) throw notFound('Order item')
  // The blocks point at the line: release them while they still say what to give back.
  await release(repo, order.id)
  await repo.deleteItem(item.id)
  await afterItemsChanged(repo, order, { event: 'itemRemoved', params: lineOf(item) }, who)
}

/**
 * payment.total = Σ line prices; then, for an order allocation applies to, its blocks are released and
 * allocation runs again from scratch (any warehouse: the lines changed, so the warehouse that had them may
 * not be the one that has them now). An order that held stock is re-blocked whatever the profile says.
 */
export async function afterItemsChanged(
  repo: OrdersRepository,
  order: OrderRow,
  what: ChangeLogEntry,
  who: Who,
) {
  const before = order.paymentTotal
  const total = await repo.recomputeTotal(order.id)
  await repo.log(order.id, what, who)
  if (total !== before)
    await repo.log(order.id, { event: 'totalChanged', params: { from: before, to: total } }, who)
  const status = order.status as OrderStatus
  if (!allocating.has(status)) return
  await release(repo, order.id)
  await repo.update(order.id, { warehouseId: null })
  const fresh = { ...order, warehouseId: null }
  const options = { reason: 'itemsChanged' as const }
  if (status === 'Order Ready for picking')
    await allocate(repo, fresh, await repo.items(order.id), who, options)
  else await allocateIfAutomatic(repo, fresh, who, options)
}
