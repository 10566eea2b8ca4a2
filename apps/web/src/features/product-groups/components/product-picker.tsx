import { Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useProductSearch } from '@/lib/use-product-search'

export interface ProductPickerProps {
  value?: string[]
  onChange?: (value: string[]) => void
  /** Offer only this business client's products. */
  businessclient?: string
  /** Products already in the group: not offered again. */
  exclude?: readonly string[]
  id?: string
  /** Its accessible name where no Form.Item label names it. */
  'aria-label'?: string
}

/** A multi-select of products searched on the server (name, SKU or barcode; more than 2 characters). */
export function ProductPicker({
  value,
  onChange,
  businessclient,
  exclude = [],
  id,
  'aria-label': ariaLabel,
}: ProductPickerProps) {
  const { t } = useTranslation('product-groups')
  const [term, setTerm] = useState('')
  const { data, isFetching } = useProductSearch(term, { businessclient, browse: true })
  const options = (data?.list ?? [])
    .filter((p) => !exclude.includes(p._id))
    .map((p) => ({ value: p._id, label: `${p.codes.sku} – ${p.name}` }))
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      mode="multiple"
      value={value}
      onChange={onChange}
      loading={isFetching}
      placeholder={t('picker.placeholder')}
      showSearch={{ filterOption: false, onSearch: (v) => setTerm(v.trim()) }}
      options={options}
      notFoundContent={term.length > 0 && term.length < 3 ? t('picker.hint') : undefined}
      style={{ width: '100%' }}
    />
  )
}
