import { countries } from '@expedo/domain'
import { Select, type SelectProps } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { searchText } from './search-text'

interface CountryOption {
  value: string
  label: string
  search: string
}

const optionsByLocale = new Map<string, CountryOption[]>()

/**
 * The country options in `locale`, built once per language: the names and their sort took 30 ms of the
 * /orders first render (a collator per comparison), for each select on the page.
 */
function countryOptions(locale: string): CountryOption[] {
  let options = optionsByLocale.get(locale)
  if (!options) {
    options = buildCountryOptions(locale)
    optionsByLocale.set(locale, options)
  }
  return options
}

function buildCountryOptions(locale: string): CountryOption[] {
  const names =
    locale === 'en' ? undefined : new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' })
  const seen = new Set<string>()
  const options: CountryOption[] = []
  for (const { code, name } of countries) {
    // The list keeps old codes under the same name (Benin, Burkina Faso...): the name is what is stored.
    if (seen.has(name)) continue
    seen.add(name)
    let label: string = name
    try {
      label = names?.of(code) ?? name
    } catch {
      label = name
    }
    options.push({ value: name, label, search: searchText(`${label} ${name} ${code}`) })
  }
  const collator = new Intl.Collator(locale)
  return options.sort((a, b) => collator.compare(a.label, b.label))
}

/** Stored (English) country name → the name in the reader's language; unknown names are shown as stored. */
export function useCountryName(): (storedName: string) => string {
  const { i18n } = useTranslation()
  const locale = i18n.language || 'cs'
  return useMemo(() => {
    const labels = new Map(countryOptions(locale).map((o) => [o.value, o.label]))
    return (storedName: string) => labels.get(storedName) ?? storedName
  }, [locale])
}

export type CountrySelectProps = Omit<SelectProps<string | string[], CountryOption>, 'options' | 'showSearch'>

/**
 * Searchable picker over the fixed country list of @expedo/domain. The value is the stored English name;
 * the label is the name in the reader's language.
 */
export function CountrySelect(props: CountrySelectProps) {
  const { t, i18n } = useTranslation('components')
  const locale = i18n.language || 'cs'
  const options = useMemo(() => countryOptions(locale), [locale])
  return (
    <Select<string | string[], CountryOption>
      placeholder={t('select.country')}
      notFoundContent={t('select.nothingFound')}
      popupMatchSelectWidth={false}
      {...props}
      options={options}
      showSearch={{ filterOption: (input, option) => !!option?.search.includes(searchText(input)) }}
    />
  )
}
