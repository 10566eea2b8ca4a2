import { InputNumber, type InputNumberProps } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatNumber } from './money'

/** The decimal separator of `locale` ("," in cs, sk, ro, ru; "." in en), as its number formatter writes it. */
export function decimalSeparator(locale: string): string {
  return formatNumber(1.5, locale).replace(/\d/g, '') || '.'
}

/**
 * antd's InputNumber writing and reading decimals in the reader's style: "1,00" in Czech, not "1.00". Every
 * number field of the app is this one.
 */
export function NumberInput<T extends number | string = number>(props: InputNumberProps<T>) {
  const { i18n } = useTranslation()
  return <InputNumber<T> decimalSeparator={decimalSeparator(i18n.language || 'cs')} {...props} />
}
