import type { Handover } from '@expedo/domain'
import { useTranslation } from 'react-i18next'
import { formatNumber, Money } from '@/components/money'

/** A weight in grams shown in kilograms, in the reader's number style (the one number formatter). */
export function Weight({ grams }: { grams: number }) {
  const { t, i18n } = useTranslation('handovers')
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {t('weight', { value: formatNumber(grams / 1000, i18n.language || 'cs', { max: 2 }) })}
    </span>
  )
}

/** COD totals, one line per currency (the money formatter); a dash when none. */
export function CodTotals({ cod }: { cod: Handover['cod'] }) {
  if (cod.length === 0) return <span>—</span>
  return (
    <>
      {cod.map((c) => (
        <div key={c.currency}>
          <Money amount={c.amount} currency={c.currency} />
        </div>
      ))}
    </>
  )
}
