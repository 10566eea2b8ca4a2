import { LOCATION_BULK_CAP, locationCount, planLocations } from '@expedo/domain'
import { Alert, Form, Input, InputNumber, Modal, Space, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useBulkCreateLocations } from '../api/locations-api'
import { scanErrorText } from './scan-error'

export interface BulkCreateModalProps {
  warehouse: string
  open: boolean
  onClose: () => void
}

interface Values {
  zone: string
  aislesFrom: number
  aislesTo: number
  racksFrom: number
  racksTo: number
  levelsFrom: number
  levelsTo: number
  positionsFrom?: number | null
  positionsTo?: number | null
}

const initial: Values = {
  zone: 'A',
  aislesFrom: 1,
  aislesTo: 20,
  racksFrom: 1,
  racksTo: 5,
  levelsFrom: 1,
  levelsTo: 4,
}

const rangesOf = (v: Values) => ({
  zone: (v.zone ?? '').trim().toUpperCase(),
  aisles: { from: v.aislesFrom ?? 0, to: v.aislesTo ?? 0 },
  racks: { from: v.racksFrom ?? 0, to: v.racksTo ?? 0 },
  levels: { from: v.levelsFrom ?? 0, to: v.levelsTo ?? 0 },
  ...(v.positionsFrom && v.positionsTo ? { positions: { from: v.positionsFrom, to: v.positionsTo } } : {}),
})

/** Locations by ranges (A-01-01-1 … A-20-05-4), with the first and last code and the count before sending. */
export function BulkCreateModal({ warehouse, open, onClose }: BulkCreateModalProps) {
  const { t } = useTranslation('locations')
  const [form] = Form.useForm<Values>()
  const [values, setValues] = useState<Values>(initial)
  const bulk = useBulkCreateLocations()
  const ranges = rangesOf(values)
  const valid =
    ranges.zone !== '' &&
    ranges.aisles.from <= ranges.aisles.to &&
    ranges.racks.from <= ranges.racks.to &&
    ranges.levels.from <= ranges.levels.to
  const count = valid ? locationCount(ranges) : 0
  const tooMany = count > LOCATION_BULK_CAP
  const plan = valid && !tooMany ? planLocations(ranges) : []
  const range = (name: 'aisles' | 'racks' | 'levels' | 'positions', max: number) => (
    <Form.Item label={t(`bulk.${name}`)}>
      <Space.Compact>
        <Form.Item name={`${name}From`} noStyle>
          <InputNumber aria-label={t('bulk.from', { what: t(`bulk.${name}`) })} min={0} max={max} />
        </Form.Item>
        <Form.Item name={`${name}To`} noStyle>
          <InputNumber aria-label={t('bulk.to', { what: t(`bulk.${name}`) })} min={0} max={max} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  )

  return (
    <Modal
      open={open}
      title={t('bulk.title')}
      okText={t('bulk.create', { count })}
      okButtonProps={{ disabled: !valid || tooMany || count === 0, loading: bulk.isPending }}
      onOk={() =>
        bulk.mutate(
          { warehouse, ...ranges },
          {
            onSuccess: (answer) => {
              bulk.reset()
              onClose()
              form.resetFields()
              setValues(initial)
              void answer
            },
          },
        )
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onValuesChange={(_, all) => setValues(all)}>
        <Form.Item name="zone" label={t('bulk.zone')}>
          <Input aria-label={t('bulk.zone')} maxLength={10} style={{ width: 120 }} />
        </Form.Item>
        {range('aisles', 999)}
        {range('racks', 999)}
        {range('levels', 99)}
        {range('positions', 99)}
      </Form>
      {plan.length > 0 && (
        <Typography.Paragraph data-testid="bulk-preview">
          {t('bulk.preview', { count, first: plan[0]!.code, last: plan.at(-1)!.code })}
        </Typography.Paragraph>
      )}
      {tooMany && (
        <Alert type="warning" showIcon message={t('bulk.tooMany', { count, max: LOCATION_BULK_CAP })} />
      )}
      {bulk.error && <Alert type="error" showIcon message={scanErrorText(bulk.error)} />}
    </Modal>
  )
}
