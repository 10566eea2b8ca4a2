import { currencies } from '@expedo/domain'
import { Select, type SelectProps } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { searchText } from './search-text'

interface CurrencyOption {
  value: string
  label: string
  search: string
}

function currencyOptions(locale: string): CurrencyOption[] {
  const names = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'code' })
  return currencies.map((code) => {
    let name: string = code
    try {
      name = names.of(code) ?? code
    } catch {
      name = code
    }
    const label = name === code ? code : `${code} – ${name}`
    return { value: code, label, search: searchText(label) }
  })
}

export type CurrencySelectProps = Omit<
  SelectProps<string | string[], CurrencyOption>,
  'options' | 'showSearch'
>

/** Searchable picker over the fixed currency list of @expedo/domain; shows the code once chosen. */
export function CurrencySelect(props: CurrencySelectProps) {
  const { t, i18n } = useTranslation('components')
  const locale = i18n.language || 'cs'
  const options = useMemo(() => currencyOptions(locale), [locale])
  return (
    <Select<string | string[], CurrencyOption>
      placeholder={t('select.currency')}
      notFoundContent={t('select.nothingFound')}
      popupMatchSelectWidth={false}
      labelRender={(option) => option.value}
      {...props}
      options={options}
      showSearch={{ filterOption: (input, option) => !!option?.search.includes(searchText(input)) }}
    />
  )
}
