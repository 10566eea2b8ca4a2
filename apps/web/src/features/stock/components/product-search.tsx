import { Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useProductSearch } from '@/lib/use-product-search'

export interface ProductSearchProps {
  value: string[]
  onChange: (value: string[]) => void
}

/** Product filter: searches the catalogue (more than 2 characters, spec §9) and picks products by id. */
export function ProductSearch({ value, onChange }: ProductSearchProps) {
  const { t } = useTranslation('stock')
  const [term, setTerm] = useState('')
  const [picked, setPicked] = useState<{ value: string; label: string }[]>([])
  const { data, isFetching } = useProductSearch(term)
  const found = (data?.list ?? []).map((p) => ({ value: p._id, label: `${p.name} (${p.codes.sku})` }))
  const options = [...picked, ...found.filter((f) => !picked.some((p) => p.value === f.value))]
  return (
    <Select
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: setTerm }}
      aria-label={t('list.product')}
      placeholder={t('list.pickProduct')}
      loading={isFetching}
      value={value}
      onChange={(ids: string[]) => {
        setPicked(options.filter((o) => ids.includes(o.value)))
        onChange(ids)
      }}
      options={options}
      style={{ width: '100%' }}
    />
  )
}
