import { isValidIban } from '@expedo/domain'
import type { FormRule } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

/** Phone characters the API accepts (packages/domain business-clients schemas). */
const PHONE = /^[+\d\s()/-]*$/
const DIGITS_AND_DASH = /^[\d-]*$/

/**
 * antd Form rules with translated messages, mirroring the zod contracts of @expedo/domain
 * (required text is trimmed, lengths are the contract's limits).
 */
export function useFormRules() {
  const { t } = useTranslation('components')
  return useMemo(
    () => ({
      required: (): FormRule => ({ required: true, whitespace: true, message: t('validation.required') }),
      requiredChoice: (): FormRule => ({ required: true, message: t('validation.required') }),
      max: (max: number): FormRule => ({ max, message: t('validation.maxLength', { max }) }),
      email: (): FormRule => ({ type: 'email', message: t('validation.email') }),
      phone: (): FormRule => ({ pattern: PHONE, message: t('validation.phone') }),
      digitsAndDash: (): FormRule => ({ pattern: DIGITS_AND_DASH, message: t('validation.digitsAndDash') }),
      iban: (): FormRule => ({
        validator: (_rule, value: unknown) =>
          typeof value !== 'string' || value.trim() === '' || isValidIban(value)
            ? Promise.resolve()
            : Promise.reject(new Error(t('validation.iban'))),
      }),
    }),
    [t],
  )
}
