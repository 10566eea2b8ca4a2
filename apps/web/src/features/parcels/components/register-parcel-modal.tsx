import { UploadOutlined } from '@ant-design/icons'
import {
  type InboundParcelDetails,
  type ParcelCondition,
  type ParcelItemCondition,
  type ParcelOrderMatch,
  parcelConditions,
  parcelItemConditions,
} from '@expedo/domain'
import { Alert, App, Button, Form, Input, Modal, Radio, Select, Space, Table, Tag, Upload } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NumberInput } from '@/components/number-input'
import { OrderStatusTag } from '@/components/order-status-tag'
import { errorMessage } from '@/lib/error-message'
import { FilesServerError, uploadFile } from '@/lib/upload-file'
import { useWarehouses } from '@/lib/use-warehouses'
import { useOrderLookup, useRegisterParcel, useUpdateParcel } from '../api/parcels-api'

type Line = ParcelOrderMatch['items'][number]
interface Returned {
  quantity: number
  condition: ParcelItemCondition
}

/**
 * The operator's "Register parcel": find the order by its tracking id or number, then the warehouse, the
 * parcel's condition, how many of each order line came back (and whether to stock or as damaged), photos.
 * With `initial`, the same form changes that New parcel (PUT).
 */
export function RegisterParcelModal({
  initial,
  onClose,
  onRegistered,
}: {
  initial?: InboundParcelDetails
  onClose: () => void
  onRegistered: (parcel: InboundParcelDetails) => void
}) {
  const { t } = useTranslation('parcels')
  const { message } = App.useApp()
  const [term, setTerm] = useState(initial ? initial.order.clientOrderNr || initial.trackingId : '')
  const [picked, setPicked] = useState<string | undefined>(initial?.order._id)
  const [warehouse, setWarehouse] = useState<string | undefined>(initial?.warehouse._id)
  const [condition, setCondition] = useState<ParcelCondition>(initial?.condition ?? 'good')
  const [note, setNote] = useState(initial?.note ?? '')
  const [returned, setReturned] = useState<Record<string, Returned>>(() =>
    Object.fromEntries(
      (initial?.items ?? []).map((i) => [i.product._id, { quantity: i.quantity, condition: i.condition }]),
    ),
  )
  const [photos, setPhotos] = useState<{ id: string; name: string }[]>(
    (initial?.photos ?? []).map((p) => ({ id: p._id, name: p.filename })),
  )
  const [uploading, setUploading] = useState(false)
  const [tried, setTried] = useState(false)
  const lookup = useOrderLookup(term)
  const warehouses = useWarehouses()
  const create = useRegisterParcel()
  const update = useUpdateParcel(initial?._id ?? '')
  const register = initial ? update : create
  const matches = lookup.data ?? []
  const order = matches.find((m) => m._id === picked) ?? (matches.length === 1 ? matches[0] : undefined)

  const choose = (next?: string) => {
    setPicked(next)
    setReturned({})
  }
  const itemsOf = () =>
    Object.entries(returned)
      .filter(([, r]) => r.quantity > 0)
      .map(([product, r]) => ({ product, quantity: r.quantity, condition: r.condition }))
  const items = itemsOf()
  const valid = !!order && !!warehouse && items.length > 0

  const submit = async () => {
    setTried(true)
    if (!order || !warehouse || items.length === 0) return
    const parcel = await register.mutateAsync({
      order: order._id,
      trackingId: order.trackingId,
      warehouse,
      condition,
      note,
      items,
      photos: photos.map((p) => p.id),
    })
    message.success(t(initial ? 'register.saved' : 'register.created', { nr: parcel.parcelNr }))
    onRegistered(parcel)
    onClose()
  }

  const setLine = (product: string, change: Partial<Returned>) =>
    setReturned((all) => ({
      ...all,
      [product]: { quantity: 0, condition: 'available', ...all[product], ...change },
    }))

  return (
    <Modal
      open
      title={initial ? t('register.editTitle', { nr: initial.parcelNr }) : t('register.title')}
      width={760}
      onCancel={onClose}
      okText={initial ? t('register.save') : t('register.submit')}
      cancelText={t('register.cancel')}
      onOk={() => submit().catch(() => {})}
      okButtonProps={{ disabled: tried && !valid, loading: register.isPending }}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('register.find')} required>
          <Input.Search
            aria-label={t('register.find')}
            placeholder={t('register.findHint')}
            allowClear
            enterButton
            defaultValue={term}
            loading={lookup.isFetching}
            onSearch={(value) => {
              setTerm(value.trim())
              choose(undefined)
            }}
          />
        </Form.Item>
        {term !== '' && lookup.isSuccess && matches.length === 0 && (
          <Alert type="warning" showIcon title={t('register.noMatch')} style={{ marginBottom: 16 }} />
        )}
        {matches.length > 1 && (
          <Form.Item label={t('register.pickOrder')} required>
            <Radio.Group value={order?._id} onChange={(e) => choose(e.target.value)}>
              <Space direction="vertical">
                {matches.map((m) => (
                  <Radio key={m._id} value={m._id}>
                    {t('register.order', {
                      nr: m.clientOrderNr || m._id.slice(-9),
                      client: m.businessclient.name,
                    })}{' '}
                    <OrderStatusTag status={m.status} />
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        )}
        {order && (
          <>
            {matches.length === 1 && (
              <p>
                <strong>
                  {t('register.order', {
                    nr: order.clientOrderNr || order._id.slice(-9),
                    client: order.businessclient.name,
                  })}
                </strong>{' '}
                <OrderStatusTag status={order.status} /> {order.trackingId}
              </p>
            )}
            <Space wrap size="middle" align="start">
              <Form.Item
                label={t('register.warehouse')}
                required
                validateStatus={tried && !warehouse ? 'error' : undefined}
                help={tried && !warehouse ? t('register.required') : undefined}
              >
                <Select
                  aria-label={t('register.warehouse')}
                  style={{ width: 220 }}
                  value={warehouse}
                  onChange={setWarehouse}
                  options={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name }))}
                />
              </Form.Item>
              <Form.Item label={t('register.condition')}>
                <Select
                  aria-label={t('register.condition')}
                  style={{ width: 180 }}
                  value={condition}
                  onChange={setCondition}
                  options={parcelConditions.map((c) => ({ value: c, label: t(`condition.${c}`) }))}
                />
              </Form.Item>
            </Space>
            <Form.Item
              label={t('register.items')}
              required
              validateStatus={tried && items.length === 0 ? 'error' : undefined}
              help={tried && items.length === 0 ? t('register.noItems') : undefined}
            >
              <Table<Line>
                size="small"
                pagination={false}
                rowKey={(l) => l.product?._id ?? l.sku}
                dataSource={order.items}
                columns={[
                  {
                    key: 'product',
                    title: t('detail.product'),
                    render: (_, l) => (
                      <span>
                        {l.product?.name ?? l.name} <Tag>{l.product?.sku ?? l.sku}</Tag>
                      </span>
                    ),
                  },
                  {
                    key: 'ordered',
                    title: t('register.ordered'),
                    dataIndex: 'quantity',
                    width: 90,
                    align: 'right',
                  },
                  {
                    key: 'returned',
                    title: t('register.returned'),
                    width: 110,
                    render: (_, l) =>
                      l.product && (
                        <NumberInput
                          aria-label={`${t('register.returned')} ${l.product.sku}`}
                          min={0}
                          max={100_000}
                          precision={0}
                          value={returned[l.product._id]?.quantity ?? 0}
                          onChange={(v) => setLine(l.product!._id, { quantity: Number(v ?? 0) })}
                        />
                      ),
                  },
                  {
                    key: 'condition',
                    title: t('detail.itemCondition'),
                    width: 170,
                    render: (_, l) =>
                      l.product && (
                        <Select
                          aria-label={`${t('detail.itemCondition')} ${l.product.sku}`}
                          style={{ width: 150 }}
                          value={returned[l.product._id]?.condition ?? 'available'}
                          onChange={(c: ParcelItemCondition) => setLine(l.product!._id, { condition: c })}
                          options={parcelItemConditions.map((c) => ({
                            value: c,
                            label: t(`itemCondition.${c}`),
                          }))}
                        />
                      ),
                  },
                ]}
              />
            </Form.Item>
            <Form.Item label={t('register.note')}>
              <Input.TextArea
                aria-label={t('register.note')}
                rows={2}
                maxLength={1000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            </Form.Item>
            <Form.Item label={t('register.photos')}>
              <Space wrap>
                {photos.map((p) => (
                  <Tag
                    key={p.id}
                    closable
                    onClose={() => setPhotos((all) => all.filter((x) => x.id !== p.id))}
                  >
                    {p.name}
                  </Tag>
                ))}
                <Upload
                  accept="image/*"
                  showUploadList={false}
                  beforeUpload={async (file) => {
                    if (!file.type.startsWith('image/')) {
                      message.error(t('register.imagesOnly'))
                      return Upload.LIST_IGNORE
                    }
                    setUploading(true)
                    try {
                      const record = await uploadFile('inbound', file)
                      setPhotos((all) => [...all, { id: record._id, name: file.name }])
                    } catch (error) {
                      message.error(
                        error instanceof FilesServerError ? t('register.serverDown') : errorMessage(error),
                      )
                    } finally {
                      setUploading(false)
                    }
                    return Upload.LIST_IGNORE
                  }}
                >
                  <Button icon={<UploadOutlined />} loading={uploading}>
                    {t('register.upload')}
                  </Button>
                </Upload>
              </Space>
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  )
}
