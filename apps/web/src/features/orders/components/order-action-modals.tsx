import type { BulkUpdateOrdersResult, OrderListItem, OrderStatus } from '@expedo/domain'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCountryName } from '@/components/country-select'
import { OrderStatusTag } from '@/components/order-status-tag'
import { lazyComponent } from '@/lib/lazy-component'
import { notificationsStore } from '@/lib/notifications'
import { useWarehouses } from '@/lib/use-warehouses'
import { type BulkUpdateBody, useBulkUpdateOrders } from '../api/use-bulk-update-orders'
import { useAssignees, useCouriers } from '../api/use-order-pickers'
import { statusTargets } from '../lib/order-list-state'
import type { ChoiceOption } from './bulk-choice-modal'

// Shown on demand: loaded when first opened, not with the list.
const BulkChoiceModal = lazyComponent(() => import('./bulk-choice-modal').then((m) => m.BulkChoiceModal))
const FailedOrdersModal = lazyComponent(() =>
  import('./failed-orders-modal').then((m) => m.FailedOrdersModal),
)

export type OrderAction = 'status' | 'warehouse' | 'user' | 'courier'

export interface OrderActionRequest {
  action: OrderAction
  orders: readonly OrderListItem[]
}

export interface OrderActionModalsProps {
  request: OrderActionRequest | null
  rights: { write: boolean; process: boolean }
  onClose: () => void
  /** After the change was sent (whatever the server refused). */
  onDone: () => void
}

/** The value that means "nobody" in the assign-user modal. */
const NOBODY = '-'

/** The change-status, warehouse, assign-user and assign-courier modals, then the failed-orders record. */
export function OrderActionModals({ request, rights, onClose, onDone }: OrderActionModalsProps) {
  const { t } = useTranslation('orders')
  const countryName = useCountryName()
  const bulk = useBulkUpdateOrders()
  const [result, setResult] = useState<BulkUpdateOrdersResult | null>(null)
  const action = request?.action
  const couriers = useCouriers()
  const warehouses = useWarehouses(action === 'warehouse')
  const assignees = useAssignees(action === 'user')

  const send = async (change: Omit<BulkUpdateBody, 'orders'>) => {
    if (!request) return
    const answer = await bulk
      .mutateAsync({ orders: request.orders.map((o) => o._id), ...change })
      .catch(() => null)
    if (!answer) return
    onClose()
    onDone()
    if (answer.failedOrders.length) setResult(answer)
    else notificationsStore.push('success', t('bulk.done', { count: answer.updated }), 3000)
  }

  const modal = (() => {
    if (!request) return null
    const common = { count: request.orders.length, submitting: bulk.isPending, onClose }
    switch (request.action) {
      case 'status': {
        const options: ChoiceOption[] = statusTargets(
          [...new Set(request.orders.map((o) => o.status))],
          rights,
        ).map((status: OrderStatus) => ({
          value: status,
          label: <OrderStatusTag status={status} />,
          search: t(`status.${status}`),
        }))
        return (
          <BulkChoiceModal
            {...common}
            title={t('actions.changeStatus')}
            label={t('bulk.newStatus')}
            options={options}
            onSubmit={(status) => void send({ status: status as OrderStatus })}
          />
        )
      }
      case 'warehouse':
        return (
          <BulkChoiceModal
            {...common}
            title={t('actions.warehouse')}
            label={t('bulk.warehouse')}
            loading={warehouses.isLoading}
            options={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name, search: w.name }))}
            onSubmit={(shipFrom) => void send({ shipFrom })}
          />
        )
      case 'user':
        return (
          <BulkChoiceModal
            {...common}
            title={t('actions.assignUser')}
            label={t('bulk.user')}
            loading={assignees.isLoading}
            options={[
              { value: NOBODY, label: t('bulk.nobody'), search: t('bulk.nobody') },
              ...(assignees.data ?? []).map((u) => ({ value: u._id, label: u.username, search: u.username })),
            ]}
            onSubmit={(user) => void send({ assignedUser: user === NOBODY ? null : user })}
          />
        )
      case 'courier':
        return (
          <BulkChoiceModal
            {...common}
            title={t('actions.assignCourier')}
            label={t('bulk.courier')}
            loading={couriers.isLoading}
            options={(couriers.data ?? []).map((c) => ({
              value: c._id,
              label: `${c.name} (${countryName(c.country)})`,
              search: `${c.name} ${c.country} ${countryName(c.country)}`,
            }))}
            onSubmit={(courier) => void send({ courier })}
          />
        )
    }
  })()

  return (
    <>
      {modal}
      {result && <FailedOrdersModal result={result} onClose={() => setResult(null)} />}
    </>
  )
}
