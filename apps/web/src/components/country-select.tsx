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

/** The first code of each stored name (the list keeps old codes under the same name: Benin, Burkina Faso...). */
const codeOfName = new Map<string, string>()
for (const { code, name } of countries) if (!codeOfName.has(name)) codeOfName.set(name, code)

const regionNames = new Map<string, Intl.DisplayNames | undefined>()

/** A stored (English) name in `locale`: the region's name by its code, or the stored name. */
function countryLabel(locale: string, name: string): string {
  const code = codeOfName.get(name)
  if (!code || locale === 'en') return name
  let names = regionNames.get(locale)
  if (!regionNames.has(locale)) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' })
    } catch {
      names = undefined
    }
    regionNames.set(locale, names)
  }
  try {
    return names?.of(code) ?? name
  } catch {
    return name
  }
}

function buildCountryOptions(locale: string): CountryOption[] {
  const options: CountryOption[] = []
  for (const [name, code] of codeOfName) {
    const label = countryLabel(locale, name)
    options.push({ value: name, label, search: searchText(`${label} ${name} ${code}`) })
  }
  const collator = new Intl.Collator(locale)
  return options.sort((a, b) => collator.compare(a.label, b.label))
}

/**
 * Stored (English) country name → the name in the reader's language; unknown names are shown as stored.
 * Each name is looked up when first shown (the orders table shows a few), not the whole sorted list.
 */
export function useCountryName(): (storedName: string) => string {
  const { i18n } = useTranslation()
  const locale = i18n.language || 'cs'
  return useMemo(() => {
    const labels = new Map<string, string>()
    return (storedName: string) => {
      let label = labels.get(storedName)
      if (label === undefined) {
        label = countryLabel(locale, storedName)
        labels.set(storedName, label)
      }
      return label
    }
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
