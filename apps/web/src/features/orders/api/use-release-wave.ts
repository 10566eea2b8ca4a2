import { endpoints, type OrderListItem, waveCode } from '@expedo/domain'
import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { call } from '@/lib/api-client'
import { errorMessage } from '@/lib/error-message'
import { notificationsStore } from '@/lib/notifications'

/**
 * The warehouse the selected orders can be released from into one wave by hand: every one "Order Ready for
 * picking" in the same warehouse; undefined otherwise.
 */
export function waveWarehouseOf(orders: readonly OrderListItem[]): string | undefined {
  const warehouse = orders[0]?.shipping.shipFrom?._id
  const ok =
    warehouse !== undefined &&
    orders.every((o) => o.status === 'Order Ready for picking' && o.shipping.shipFrom?._id === warehouse)
  return ok ? warehouse : undefined
}

/** POST /waves with the chosen orders (issue 25, "by hand"): then the wave's pick list. */
export function useReleaseWave(onDone: () => void) {
  const { t } = useTranslation('orders')
  const navigate = useNavigate()
  return useMutation({
    mutationFn: ({ warehouse, orders }: { warehouse: string; orders: string[] }) =>
      call(endpoints.waves.release, { body: { warehouse, orders } }),
    meta: { silent: true },
    onSuccess: (d) => {
      notificationsStore.push(
        'success',
        t('actions.waveReleased', { code: waveCode(d.wave.number), count: d.wave.orders }),
      )
      onDone()
      void navigate(`/warehouse/waves/${d.wave._id}`)
    },
    onError: (error) => notificationsStore.push('error', errorMessage(error)),
  })
}
