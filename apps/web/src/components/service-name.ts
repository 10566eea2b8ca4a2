import { billItemService, serviceTypes } from '@expedo/domain'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { formatAmount } from './money'

const isServiceCode = (code: string): code is keyof typeof serviceTypes => code in serviceTypes

export interface ServiceText {
  /** A service name code ('storage', 'refund_handling'...) in the reader's language; an unknown code as sent. */
  name: (code: string) => string
  /**
   * A bill item's name: the service it summarises in the reader's language (with its unit price when the run
   * added one), or the description as finance wrote it.
   */
  billItem: (item: { description: string; serviceType: string | null }) => string
}

/** Service names in the reader's language: the one formatter of services, bill items and running bills. */
export function useServiceText(): ServiceText {
  const { t, i18n } = useTranslation('components')
  const locale = i18n.language || 'cs'
  return useMemo(() => {
    const name = (code: string) => (isServiceCode(code) ? t(`serviceNames.${code}`) : code)
    return {
      name,
      billItem: (item) => {
        const service = billItemService(item)
        if (!service) return item.description
        const text = name(service.serviceType)
        return service.unitPrice === null ? text : `${text} (${formatAmount(service.unitPrice, locale)})`
      },
    }
  }, [t, locale])
}
