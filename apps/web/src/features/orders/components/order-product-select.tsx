import { Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { productSearchTerm, useProductSearch } from '@/lib/use-product-search'
import { useProductName } from '../api/use-order-pickers'

export interface OrderProductSelectProps {
  value: string
  onChange: (id: string) => void
}

/** The product filter: searches the catalogue (more than 2 characters) and picks one product by id. */
export function OrderProductSelect({ value, onChange }: OrderProductSelectProps) {
  const { t } = useTranslation('orders')
  const [term, setTerm] = useState('')
  const search = productSearchTerm(term)
  const found = useProductSearch(term)
  const options = (found.data?.list ?? []).map((p) => ({ value: p._id, label: `${p.name} (${p.codes.sku})` }))
  // A product chosen earlier (or read from the URL) is named even when the search no longer lists it.
  const known = options.some((o) => o.value === value)
  const picked = useProductName(value, !known)
  if (value && !known) options.unshift({ value, label: picked.data ?? value })
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setTerm }}
      aria-label={t('filters.product')}
      placeholder={t('filters.productSearch')}
      notFoundContent={search ? t('filters.nothingFound') : t('filters.typeToSearch')}
      loading={found.isFetching}
      value={value || undefined}
      onChange={(id?: string) => onChange(id ?? '')}
      options={options}
      style={{ width: '100%' }}
    />
  )
}
