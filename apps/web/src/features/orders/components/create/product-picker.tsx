import { Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useProductSearch } from '@/lib/use-product-search'

export interface ProductPickerProps {
  id?: string
  /** The business client whose catalogue is searched. */
  businessclient: string | undefined
  value?: string
  onChange?: (value: string | undefined) => void
}

/**
 * One product of the business client's catalogue, by name, SKU or barcode. Opening it lists the newest
 * products; typing more than 2 characters searches (spec §9).
 */
export function ProductPicker({ id, businessclient, value, onChange }: ProductPickerProps) {
  const { t } = useTranslation('order-create')
  const [term, setTerm] = useState('')
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null)
  const { data, isFetching } = useProductSearch(term, {
    businessclient,
    browse: true,
    enabled: !!businessclient,
  })
  const found = (data?.list ?? []).map((p) => ({ value: p._id, label: `${p.name} (${p.codes.sku})` }))
  const options = picked && !found.some((f) => f.value === picked.value) ? [picked, ...found] : found
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      disabled={!businessclient}
      loading={isFetching}
      placeholder={t(businessclient ? 'placeholders.product' : 'placeholders.pickClientFirst')}
      notFoundContent={t('items.noProducts')}
      value={value}
      onChange={(next: string | undefined) => {
        setPicked(options.find((o) => o.value === next) ?? null)
        onChange?.(next)
      }}
      options={options}
      style={{ width: '100%' }}
    />
  )
}
