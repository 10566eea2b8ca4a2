import type { OrderRow, OrdersRepository, Who } from '../orders.repository.ts'

/**
 * A Draft copy of `order`: same items, addresses, payment and courier; a new internal id, no warehouse (a
 * Draft blocks nothing), no error messages. Both orders log the link. Answers the copy's id.
 */
export async function duplicateOrder(repo: OrdersRepository, order: OrderRow, who: Who): Promise<string> {
  const items = await repo.items(order.id)
  const {
    id: _id,
    internalNumericId: _internalNumericId,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...fields
  } = order
  const copy = await repo.insert(
    // A copy is not packed: the packing of the original stays with it.
    {
      ...fields,
      status: 'Draft',
      warehouseId: null,
      errMsgs: [],
      paymentStatus: '',
      packedAt: null,
      packedBy: null,
      parcels: null,
    },
    items.map((i) => ({
      productId: i.productId,
      sku: i.sku,
      name: i.name,
      weight: i.weight,
      quantity: i.quantity,
      price: i.price,
    })),
  )
  await repo.log(
    copy.id,
    { event: 'created', params: { status: 'Draft', copyOf: order.internalNumericId } },
    who,
  )
  await repo.log(order.id, { event: 'duplicated', params: { copy: copy.internalNumericId } }, who)
  return copy.id
}
