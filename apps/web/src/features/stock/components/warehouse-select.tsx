import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useWarehouses } from '@/lib/use-warehouses'

export interface WarehouseSelectProps {
  value: string[]
  onChange: (value: string[]) => void
}

/** The warehouse multi-select of the stock filters. */
export function WarehouseSelect({ value, onChange }: WarehouseSelectProps) {
  const { t } = useTranslation('stock')
  const { data, isLoading } = useWarehouses()
  return (
    <Select
      mode="multiple"
      allowClear
      aria-label={t('list.warehouse')}
      placeholder={t('list.pickWarehouse')}
      loading={isLoading}
      value={value}
      onChange={onChange}
      optionFilterProp="label"
      options={(data ?? []).map((w) => ({ value: w._id, label: w.name }))}
      style={{ width: '100%' }}
    />
  )
}
