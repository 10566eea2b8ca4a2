import { endpoints } from '@expedo/domain'
import { useEffect } from 'react'
import { call } from '@/lib/api-client'

/** How often the open page tells the server that its user still has the order open. */
export const OPEN_HEARTBEAT_MS = 60_000

/**
 * POST /orders/{id}/open on load and every minute while the page is open: the orders list shows who has
 * the order open. A failed beat is not the user's concern (the next one retries), so it is only logged.
 */
export function useOrderOpenHeartbeat(id: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return
    const beat = () =>
      call(endpoints.orders.open, { params: { id } }).catch((error: unknown) =>
        console.debug('orders/open failed', error),
      )
    void beat()
    const timer = setInterval(beat, OPEN_HEARTBEAT_MS)
    return () => clearInterval(timer)
  }, [id, enabled])
}

/**
 * POST /orders/{id}/parcelshops once the order has loaded (spec: "a parcel-shop lookup is made for its city
 * and courier; its result is only logged and has no visible effect").
 */
export function useParcelshopLookup(
  id: string,
  city: string | undefined,
  courierId: string | null | undefined,
) {
  useEffect(() => {
    if (city === undefined) return
    call(endpoints.orders.parcelshops, { params: { id }, body: { city, courierId: courierId ?? null } }).then(
      (answer) => console.debug('parcel shops', answer.list),
      (error: unknown) => console.debug('parcel shops lookup failed', error),
    )
  }, [id, city, courierId])
}
