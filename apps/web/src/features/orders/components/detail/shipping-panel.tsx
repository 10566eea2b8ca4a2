import { DownloadOutlined } from '@ant-design/icons'
import type { Order } from '@expedo/domain'
import { Card, Col, Row, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCountryName } from '@/components/country-select'
import { DateText } from '@/components/date-text'
import { Money } from '@/components/money'
import { useWarehouses } from '@/lib/use-warehouses'
import type { UpdateOrderInput } from '../../api/order-detail-api'
import { useCouriers } from '../../api/use-order-pickers'
import { DateEditor, numberEditor, selectEditor } from './editors'
import { InlineField } from './inline-field'
import { LabelBlock } from './label-block'

type Shipping = NonNullable<NonNullable<UpdateOrderInput>['shipping']>

const moneyEditor = numberEditor({ min: 0, precision: 2 })
const gramsEditor = numberEditor({ min: 0, precision: 0 })

export interface ShippingPanelProps {
  order: Order
  /** Price, delivery date, tracking and weight (warehouse staff). */
  canEditDetails: boolean
  /** The courier (before picking). */
  canChangeCourier: boolean
  /** Move the order to another warehouse (warehouse staff, before picking). */
  canChangeWarehouse: boolean
  onSave: (shipping: Shipping) => Promise<unknown>
}

/**
 * Shipping: price, warehouse, courier, delivery date, tracking (with the AWB label) and weight, and the
 * courier label's state with its actions.
 */
export function ShippingPanel({
  order,
  canEditDetails,
  canChangeCourier,
  canChangeWarehouse,
  onSave,
}: ShippingPanelProps) {
  const { t } = useTranslation('order-detail')
  const countryName = useCountryName()
  const s = order.shipping
  const couriers = useCouriers(canChangeCourier)
  const warehouses = useWarehouses(canChangeWarehouse)
  const courierOptions = (couriers.data ?? []).map((c) => ({
    value: c._id,
    label: `${c.name} (${countryName(c.country)})`,
  }))
  const warehouseOptions = (warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name }))
  return (
    <Card size="small" title={t('shipping.title')}>
      <Row gutter={[16, 12]}>
        <Col xs={24} sm={12}>
          <InlineField<number | null>
            label={t('shipping.price')}
            value={s.shippingCost}
            display={<Money amount={s.shippingCost} />}
            canEdit={canEditDetails}
            onSave={(v) => onSave({ shippingCost: v ?? 0 })}
            renderEditor={moneyEditor}
          />
        </Col>
        <Col xs={24} sm={12}>
          <InlineField<string | null>
            label={t('shipping.warehouse')}
            value={s.shipFrom?._id ?? null}
            display={s.shipFrom?.name ?? '—'}
            canEdit={canChangeWarehouse}
            onSave={(shipFrom) => onSave({ shipFrom })}
            renderEditor={selectEditor(warehouseOptions, warehouses.isLoading)}
          />
        </Col>
        <Col xs={24} sm={12}>
          <InlineField<string | null>
            label={t('shipping.courier')}
            value={s.courier?._id ?? null}
            display={s.courier?.name ?? '—'}
            canEdit={canChangeCourier}
            onSave={(courier) => onSave({ courier })}
            renderEditor={selectEditor(courierOptions, couriers.isLoading)}
          />
        </Col>
        <Col xs={24} sm={12}>
          <InlineField<string | null>
            label={t('shipping.deliveryDate')}
            value={s.deliveryDate}
            display={<DateText value={s.deliveryDate} />}
            canEdit={canEditDetails}
            onSave={(deliveryDate) => onSave({ deliveryDate })}
            renderEditor={DateEditor}
          />
        </Col>
        <Col xs={24} sm={12}>
          <InlineField
            label={t('shipping.trackingId')}
            value={s.trackingId}
            display={
              s.trackingId || s.tracking_awbPdf ? (
                <>
                  {s.trackingId || '—'}{' '}
                  {s.tracking_awbPdf && (
                    <Typography.Link href={s.tracking_awbPdf} target="_blank" rel="noreferrer">
                      <DownloadOutlined aria-hidden /> {t('shipping.awb')}
                    </Typography.Link>
                  )}
                </>
              ) : undefined
            }
            canEdit={canEditDetails}
            onSave={(trackingId) => onSave({ trackingId })}
          />
        </Col>
        <Col xs={24} sm={12}>
          <InlineField
            label={t('shipping.trackingUrl')}
            value={s.trackingUrl}
            display={
              s.trackingUrl ? (
                <Typography.Link href={s.trackingUrl} target="_blank" rel="noreferrer">
                  {t('shipping.track')}
                </Typography.Link>
              ) : undefined
            }
            canEdit={canEditDetails}
            onSave={(trackingUrl) => onSave({ trackingUrl })}
          />
        </Col>
        <Col xs={24} sm={12}>
          <InlineField<number | null>
            label={t('shipping.weight')}
            value={s.weight}
            display={s.weight === null ? undefined : t('shipping.grams', { weight: s.weight })}
            canEdit={canEditDetails}
            onSave={(weight) => onSave({ weight })}
            renderEditor={gramsEditor}
          />
        </Col>
        <Col xs={24}>
          <LabelBlock orderId={order._id} orderStatus={order.status} />
        </Col>
      </Row>
    </Card>
  )
}
