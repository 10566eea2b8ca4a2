import { endpoints } from '@expedo/domain'
import { useQuery } from '@tanstack/react-query'
import { Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { call } from '@/lib/api-client'

export type BusinessClientSelectProps = { id?: string } & (
  | { multiple: true; value?: string[]; onChange?: (value: string[]) => void }
  | { multiple?: false; value?: string; onChange?: (value: string) => void }
)

/** Staff pick the business client a product is for (a client user never sees this). */
export function BusinessClientSelect({ value, onChange, multiple, id }: BusinessClientSelectProps) {
  const { t } = useTranslation('products')
  const { data, isLoading } = useQuery({
    queryKey: ['business-clients', 'picker'],
    queryFn: () => call(endpoints.businessClients.list, { query: {} }),
  })
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={isLoading}
      placeholder={t('fields.pickClient')}
      value={value as never}
      onChange={onChange as never}
      options={(data?.list ?? []).map((c) => ({ value: c._id, label: c.name }))}
      style={{ minWidth: 220 }}
    />
  )
}
