import type { Order } from '@expedo/domain'
import { can } from '@expedo/domain/auth/permissions'
import { Button, Col, Flex, Result, Row, Skeleton } from 'antd'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { ApiClientError } from '@/lib/api-client'
import { useSession } from '@/lib/session'
import {
  useAddOrderItem,
  useCancelOrder,
  useChangeOrderStatus,
  useDeleteOrderItem,
  useDuplicateOrder,
  useGenerateInvoice,
  useOrderDetail,
  useUpdateOrder,
} from '../api/order-detail-api'
import { useOrderOpenHeartbeat, useParcelshopLookup } from '../api/order-detail-presence'
import { AddressPanel } from '../components/detail/address-panel'
import { ChangeLogPanel } from '../components/detail/change-log-panel'
import { CommentsPanel } from '../components/detail/comments-panel'
import { type DetailRights, detailRights, fieldRights } from '../components/detail/detail-rules'
import { InvoicePanel } from '../components/detail/invoice-panel'
import { hasOfficePickup, OfficePanel } from '../components/detail/office-panel'
import { OrderActions } from '../components/detail/order-actions'
import { OrderHeader } from '../components/detail/order-header'
import { ParcelPanel } from '../components/detail/parcel-panel'
import { PaymentPanel } from '../components/detail/payment-panel'
import { PrintPanel } from '../components/detail/print-panel'
import { ProductsPanel } from '../components/detail/products-panel'
import { ServicesPanel } from '../components/detail/services-panel'
import { ShippingPanel } from '../components/detail/shipping-panel'

/**
 * Opens a Draft copy of the order in a new tab. The tab is opened before the call (a tab opened after an
 * await is a popup that browsers block) and pointed at the copy when it arrives.
 */
async function duplicateInNewTab(duplicate: () => Promise<Order>) {
  const tab = window.open('', '_blank')
  try {
    const copy = await duplicate()
    if (tab) tab.location.href = `/orders/${copy._id}`
    else window.open(`/orders/${copy._id}`, '_blank')
  } catch (error) {
    tab?.close()
    throw error
  }
}

/** /orders/:id and /orders/v2/:id — one order with every panel. */
export function OrderDetailPage() {
  const { id = '' } = useParams()
  const { t } = useTranslation('order-detail')
  const { currentUser } = useSession()
  const rights = detailRights(currentUser?.roles ?? [])
  const { data: order, error, isLoading, refetch } = useOrderDetail(id)
  useOrderOpenHeartbeat(id, order !== undefined)
  useParcelshopLookup(id, order?.shipping.shipTo.city, order?.shipping.courier?._id)

  if (isLoading) return <Skeleton active />
  if (!order) {
    if (error instanceof ApiClientError && (error.status === 404 || error.status === 400))
      return <Result status="404" title={t('notFound')} extra={<Link to="/orders">{t('back')}</Link>} />
    return (
      <Result
        status="error"
        title={t('networkError')}
        extra={<Button onClick={() => void refetch()}>{t('retry')}</Button>}
      />
    )
  }
  return (
    <OrderDetail
      order={order}
      rights={rights}
      invoices={{
        read: can(currentUser?.roles ?? [], 'invoices.read'),
        write: can(currentUser?.roles ?? [], 'invoices.write'),
      }}
      showServices={can(currentUser?.roles ?? [], 'services.read')}
    />
  )
}

function OrderDetail({
  order,
  rights,
  invoices,
  showServices = false,
}: {
  order: Order
  rights: DetailRights
  /** invoices.read shows the Invoice panel; invoices.write may generate one. */
  invoices: { read: boolean; write: boolean }
  /** services.read shows the Services panel. */
  showServices?: boolean
}) {
  const update = useUpdateOrder(order._id)
  const status = useChangeOrderStatus(order._id)
  const cancel = useCancelOrder(order._id)
  const duplicate = useDuplicateOrder(order._id)
  const addItem = useAddOrderItem(order._id)
  const deleteItem = useDeleteOrderItem(order._id)
  const generateInvoice = useGenerateInvoice(order._id)
  const may = fieldRights(rights, order.status)
  const save = update.mutateAsync

  return (
    <>
      <OrderHeader
        order={order}
        canEdit={may.general}
        onSaveNumber={(clientOrderNr) => save({ clientOrderNr })}
        onSaveInstructions={(instructions) => save({ processing: { instructions } })}
        actions={
          <OrderActions
            order={order}
            rights={rights}
            onDuplicate={() => duplicateInNewTab(duplicate.mutateAsync)}
            onStatus={(next) => status.mutateAsync(next)}
            onCancel={() => cancel.mutateAsync()}
          />
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Flex vertical gap="middle">
            <AddressPanel order={order} canEdit={may.beforePicking} onSave={(shipTo) => save({ shipTo })} />
            {hasOfficePickup(order) && (
              <OfficePanel
                order={order}
                canEdit={may.general}
                onSave={(apiRequest) => save({ api_request: apiRequest })}
              />
            )}
            <ShippingPanel
              order={order}
              canEditDetails={may.shippingDetails}
              canChangeCourier={may.beforePicking}
              canChangeWarehouse={may.warehouse}
              onSave={(shipping) => save({ shipping })}
            />
            <PaymentPanel
              order={order}
              canEdit={may.general}
              canEditCod={may.beforePicking}
              onSave={(payment) => save({ payment })}
            />
            {invoices.read && (
              <InvoicePanel
                order={order}
                canToggle={may.general}
                canGenerate={invoices.write && order.status !== 'Canceled'}
                onToggle={(generate) => save({ processing: { generate_invoice: generate } })}
                onGenerate={() => generateInvoice.mutateAsync()}
              />
            )}
          </Flex>
        </Col>
        <Col xs={24} xl={12}>
          <Flex vertical gap="middle">
            <ProductsPanel
              order={order}
              canChange={may.items}
              onAdd={(item) => addItem.mutateAsync(item)}
              onDelete={(itemId) => deleteItem.mutateAsync(itemId)}
            />
            <PrintPanel documents={order.print} />
            {showServices && <ServicesPanel order={order} />}
            <ParcelPanel orderId={order._id} />
            <CommentsPanel orderId={order._id} />
            <ChangeLogPanel logs={order.changeLogs} />
          </Flex>
        </Col>
      </Row>
    </>
  )
}
