import { countryName } from '@expedo/domain'
import type { OrderRow, OrdersRepository, Who } from '../orders.repository.ts'

/**
 * The couriers' country for a ship-to country: couriers are stored under the country list's English names
 * ('Czech', 'Slovakia', …), while an order's ship-to country may arrive as that name in any case or as an
 * ISO 3166-1 alpha-2 code ('CZ', 'sk'). A code becomes its name; anything else is matched as it is,
 * ignoring case and surrounding spaces.
 */
export function courierCountryOf(shipToCountry: string): string {
  const trimmed = shipToCountry.trim()
  return (trimmed.length === 2 && countryName(trimmed.toUpperCase())) || trimmed
}

/**
 * Automatic courier assignment (docs/domain.md "Orders"): when the business profile's automaticAssingCourier is
 * on, an order without a courier gets the default courier of its ship-to country (logged). Runs at creation
 * and when an order is validated; a country without a default courier leaves the order as it is. `always`:
 * whatever the profile says (imported orders).
 */
export async function assignDefaultCourier(
  repo: OrdersRepository,
  order: OrderRow,
  who: Who,
  options: { always?: boolean } = {},
): Promise<void> {
  if (order.courierId) return
  // An order imported from an e-shop always gets its country's default courier (the shop chose none of ours).
  if (!options.always) {
    const client = await repo.businessClient(order.businessclientId)
    if (!client?.automaticAssignCourier) return
  }
  const courier = await repo.defaultCourierOf(courierCountryOf(order.shipToCountry))
  if (!courier) return
  await repo.update(order.id, { courierId: courier.id })
  await repo.log(
    order.id,
    { event: 'courierAssigned', params: { courier: courier.name, country: order.shipToCountry } },
    who,
  )
}
