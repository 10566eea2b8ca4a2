import assert from 'node:assert/strict'
import { apiAs, stockedProduct } from './api.ts'

type PickLine = { _id: string; location: { code: string } | null; quantity: number; picked: number }

export interface PickedOrder {
  orderId: string
  /** The packing slip's code, O-<internal id>. */
  slipCode: string
  sku: string
}

/**
 * An order of Zahradní ráj (eshop1) for two units of a new product, put away in a location zone of its own in
 * Praha Hostivař and picked through a wave of its own, ready for the packing station: the floor journeys'
 * set-up, through the API (their journey is the screens after it). `courier`: the courier's name, else the
 * client's default.
 */
export async function pickedOrder(options: {
  /** Unique per run: the location zone and the product's SKU are made from it. */
  tag: string
  /** The client's order number. */
  orderNr: string
  productName: string
  shipTo: Record<string, unknown>
  courier?: string
}): Promise<PickedOrder> {
  const { tag } = options
  const zone = tag.slice(0, 9)
  const operator = await apiAs('operator')
  const warehouses = await operator.call<{ _id: string; name: string }[]>('GET', '/warehouse')
  const warehouseId = warehouses.find((w) => w.name === 'Praha Hostivař')!._id
  await operator.call('POST', '/locations/bulk', {
    warehouse: warehouseId,
    zone,
    aisles: { from: 1, to: 1 },
    racks: { from: 1, to: 1 },
    levels: { from: 1, to: 1 },
  })
  const stocked = await stockedProduct(`E2E-${tag}`, options.productName, 4)
  const sku = stocked.sku
  await operator.call('POST', '/locations/putaway', {
    warehouse: warehouseId,
    to: `${zone}-01-01-1`,
    barcode: sku,
    quantity: 4,
  })
  const eshop = await apiAs('eshop1')
  const order = await eshop.call<{ _id: string; status: string; internalNumericId: number }>(
    'POST',
    '/orders/create/new',
    {
      clientOrderNr: options.orderNr,
      shipTo: options.shipTo,
      items: [{ product: stocked.productId, quantity: 2, price: 100 }],
    },
  )
  assert.equal(order.status, 'Order Ready for picking', 'the order is allocated')
  if (options.courier) {
    const couriers = await eshop.call<{ _id: string; name: string }[]>('GET', '/couriers')
    const courier = couriers.find((c) => c.name === options.courier)
    assert.ok(courier, `the demo courier ${options.courier}`)
    await eshop.call('PUT', `/orders/${order._id}`, { shipping: { courier: courier._id } })
  }
  const { wave } = await operator.call<{ wave: { _id: string } }>('POST', '/waves', {
    warehouse: warehouseId,
    orders: [order._id],
  })
  for (;;) {
    const next = await operator.call<{ line: PickLine | null }>('POST', `/waves/${wave._id}/next`)
    if (!next.line) break
    await operator.call('POST', `/waves/${wave._id}/lines/${next.line._id}/pick`, {
      location: next.line.location!.code,
      barcode: sku,
      quantity: next.line.quantity - next.line.picked,
    })
  }
  return { orderId: order._id, slipCode: `O-${order.internalNumericId}`, sku }
}

export interface LabelledOrder extends PickedOrder {
  /** The courier's tracking number: the AWB a handover scans. */
  trackingId: string
}

/**
 * A picked order (pickedOrder) packed at the station through the API and waited for until the courier's
 * label is created (the label job runs after Packed): a parcel ready for a courier handover.
 */
export async function labelledOrder(options: Parameters<typeof pickedOrder>[0]): Promise<LabelledOrder> {
  const picked = await pickedOrder(options)
  const operator = await apiAs('operator')
  await operator.call('POST', '/packing/open', { code: picked.slipCode })
  for (let i = 0; i < 2; i += 1)
    await operator.call('POST', `/packing/${picked.orderId}/scan`, { code: picked.sku })
  await operator.call('POST', `/packing/${picked.orderId}/packed`, { weight: 900, parcels: 1 })
  const deadline = Date.now() + 60_000
  for (;;) {
    const label = await operator.call<{ status: string; trackingId: string; error: string | null }>(
      'GET',
      `/orders/${picked.orderId}/label`,
    )
    if (label.status === 'created') return { ...picked, trackingId: label.trackingId }
    assert.ok(label.status !== 'failed', `the label of ${options.orderNr} failed: ${label.error}`)
    assert.ok(Date.now() < deadline, `the label of ${options.orderNr} is still ${label.status}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}
