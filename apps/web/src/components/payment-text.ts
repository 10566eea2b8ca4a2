import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

/** The payment methods orders and documents store, as codes (the server's documents print the same). */
export const paymentTypeCodes = ['COD', 'Paid Online', 'Bank transfer', 'Card', 'Cash'] as const
/** The payment states an order stores by convention (the field is free text: anything else shows as typed). */
export const paymentStatusCodes = ['paid', 'pending', 'unpaid'] as const

type PaymentType = (typeof paymentTypeCodes)[number]
type PaymentStatus = (typeof paymentStatusCodes)[number]

const typeOf = (stored: string) =>
  paymentTypeCodes.find((code) => code.toLowerCase() === stored.trim().toLowerCase())
const statusOf = (stored: string) => paymentStatusCodes.find((code) => code === stored.trim().toLowerCase())

export interface PaymentText {
  /** A stored payment method ('COD', 'Paid Online'...) in the reader's language; an unknown one as stored. */
  type: (stored: string) => string
  /** A stored payment state ('paid', 'pending'...) in the reader's language; an unknown one as stored. */
  status: (stored: string) => string
}

/** Payment methods and states in the reader's language: the one formatter for both. */
export function usePaymentText(): PaymentText {
  const { t } = useTranslation('components')
  return useMemo(
    () => ({
      type: (stored) => {
        const code: PaymentType | undefined = typeOf(stored)
        return code ? t(`paymentTypes.${code}`) : stored
      },
      status: (stored) => {
        const code: PaymentStatus | undefined = statusOf(stored)
        return code ? t(`paymentStatuses.${code}`) : stored
      },
    }),
    [t],
  )
}
