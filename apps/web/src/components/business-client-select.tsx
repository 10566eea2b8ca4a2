import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { call } from '@/lib/api-client'
import { FilterField } from './filter-bar'

export type BusinessClientSelectProps = {
  id?: string
  placeholder: string
  /** The accessible name where no form label names the field (a filter). */
  'aria-label'?: string
} & (
  | { multiple: true; value?: string[]; onChange?: (value: string[]) => void }
  | { multiple?: false; value?: string; onChange?: (value: string) => void }
)

/** GET /businessclients for every business-client picker and filter: one key, one request per session. */
export function useBusinessClientOptions(enabled = true) {
  return useQuery({
    queryKey: ['business-clients', 'picker'],
    queryFn: () => call(endpoints.businessClients.list, { query: {} }),
    staleTime: 300_000,
    enabled,
  })
}

/** Staff pick a business client (for a product, an order, a filter); client users never see it. */
export function BusinessClientSelect({
  value,
  onChange,
  multiple,
  id,
  placeholder,
  'aria-label': ariaLabel,
}: BusinessClientSelectProps) {
  const { data, isLoading } = useBusinessClientOptions()
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      placeholder={placeholder}
      value={value as never}
      onChange={onChange as never}
      options={(data?.list ?? []).map((c) => ({ value: c._id, label: c.name }))}
      style={{ minWidth: 220 }}
    />
  )
}

/**
 * The staff's business-client filter of a list: the select under its caption; '' is every client (the
 * lists keep it so in the URL).
 */
export function BusinessClientFilter(props: {
  label: string
  placeholder: string
  value: string
  onChange: (client: string) => void
}) {
  return (
    <FilterField label={props.label} width={220}>
      <BusinessClientSelect
        aria-label={props.label}
        placeholder={props.placeholder}
        value={props.value || undefined}
        onChange={(value) => props.onChange(value ?? '')}
      />
    </FilterField>
  )
}
