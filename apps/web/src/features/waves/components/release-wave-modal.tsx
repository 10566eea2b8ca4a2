import { WAVE_ORDER_CAP, waveCode } from '@expedo/domain'
import { Alert, DatePicker, Form, InputNumber, Modal, Select, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { errorMessage } from '@/lib/error-message'
import { notificationsStore } from '@/lib/notifications'
import { useCouriers } from '@/lib/use-couriers'
import { useWarehouses } from '@/lib/use-warehouses'
import type { WaveReleaseInput } from '../api/waves-api'
import { useReleaseWave, useWavePreview } from '../api/waves-api'

export interface ReleaseWaveModalProps {
  warehouse: string
  open: boolean
  onClose: () => void
}

interface Values {
  warehouse: string
  courier: string
  items: '' | 'single' | 'multi'
  cutoff: Dayjs | null
  limit: number | null
}

const initial: Omit<Values, 'warehouse'> = { courier: '', items: '', cutoff: null, limit: 200 }

/**
 * Release "Order Ready for picking" orders into a wave by filters (courier, single- or multi-item, created up
 * to a cut-off time, at most N oldest first), with the count the filters take now before sending.
 */
export function ReleaseWaveModal({ warehouse, open, onClose }: ReleaseWaveModalProps) {
  const { t } = useTranslation('waves')
  const navigate = useNavigate()
  const start: Values = { ...initial, warehouse }
  const [values, setValues] = useState<Values>(start)
  const warehouses = useWarehouses(open)
  const couriers = useCouriers(open)
  const release = useReleaseWave()
  const limit = values.limit ?? 0
  const valid = limit >= 1 && limit <= WAVE_ORDER_CAP
  const body: WaveReleaseInput | null =
    open && valid
      ? {
          warehouse: values.warehouse,
          limit,
          ...(values.courier ? { courier: values.courier } : {}),
          ...(values.items ? { items: values.items } : {}),
          ...(values.cutoff ? { cutoff: values.cutoff.toISOString() } : {}),
        }
      : null
  const preview = useWavePreview(body)
  const ready = preview.data?.orders ?? 0

  const submit = () => {
    if (!body || !ready) return
    release.mutate(body, {
      onSuccess: (d) => {
        notificationsStore.push(
          'success',
          t('release.done', { code: waveCode(d.wave.number), count: d.wave.orders }),
        )
        onClose()
        navigate(`/warehouse/waves/${d.wave._id}`)
      },
    })
  }

  return (
    <Modal
      open={open}
      title={t('release.title')}
      okText={t('release.submit')}
      cancelText={t('release.cancel')}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ disabled: !ready || !valid, loading: release.isPending }}
      destroyOnHidden
    >
      <Form
        layout="vertical"
        onValuesChange={(_, all: Values) => setValues({ ...start, ...all })}
        initialValues={start}
      >
        <Form.Item name="warehouse" label={t('list.warehouse')}>
          <Select options={(warehouses.data ?? []).map((w) => ({ value: w._id, label: w.name }))} />
        </Form.Item>
        <Form.Item name="courier" label={t('release.courier')}>
          <Select
            options={[
              { value: '', label: t('release.anyCourier') },
              ...(couriers.data ?? []).map((c) => ({ value: c._id, label: c.name })),
            ]}
          />
        </Form.Item>
        <Form.Item name="items" label={t('release.items')}>
          <Select
            options={[
              { value: '', label: t('release.itemsAny') },
              { value: 'single', label: t('release.itemsSingle') },
              { value: 'multi', label: t('release.itemsMulti') },
            ]}
          />
        </Form.Item>
        <Form.Item name="cutoff" label={t('release.cutoff')} extra={t('release.cutoffHelp')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="DD-MM-YYYY HH:mm" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="limit"
          label={t('release.limit')}
          validateStatus={valid ? undefined : 'error'}
          help={valid ? undefined : t('release.limitHelp', { max: WAVE_ORDER_CAP })}
        >
          <InputNumber min={1} max={WAVE_ORDER_CAP} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
      {preview.data && (
        <Typography.Paragraph data-testid="wave-preview">
          {ready ? t('release.preview', { count: ready, units: preview.data.units }) : t('release.none')}
        </Typography.Paragraph>
      )}
      {release.error && <Alert type="error" showIcon message={errorMessage(release.error)} />}
    </Modal>
  )
}
