import { type BusinessClient, type CountryName, type Currency, formatIban } from '@expedo/domain'
import { Col, Form, Input, Row } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { CountrySelect } from '@/components/country-select'
import { CurrencySelect } from '@/components/currency-select'
import { useFormRules } from '@/components/form-rules'
import { reportFormError } from '@/components/server-errors'
import { changedFields, useFormDirty } from '@/components/use-form-dirty'
import { notificationsStore } from '@/lib/notifications'
import { useUpdateBankAccount } from '../api/use-update-bank-account'
import { useUpdateBusinessClient } from '../api/use-update-business-client'
import { EntityForm } from './entity-form'

type BankAccount = BusinessClient['bankaccounts'][number]
interface BankAccountValues {
  bankname: string
  currency: Currency | undefined
  IBAN: string
  accountNr: string
  bankCode: string
  SWIFT: string
  addressCity: string
  addressCountry: CountryName | undefined
}

/** The values as the API takes them: compact IBAN, '' for no country. */
const toBody = (values: BankAccountValues) => ({
  ...values,
  currency: values.currency as Currency,
  IBAN: compactIban(values.IBAN),
  SWIFT: compactIban(values.SWIFT),
  addressCountry: values.addressCountry ?? ('' as const),
})

const compactIban = (value: string | undefined) => (value ?? '').replace(/\s+/g, '').toUpperCase()

/** Adds a bank account ('new bankaccount') or edits one (PUT bankaccounts/{id}, changed fields only). */
export function BankAccountForm({
  clientId,
  account,
  onDone,
}: {
  clientId: string
  account?: BankAccount
  onDone: () => void
}) {
  const { t } = useTranslation('business-clients')
  const rules = useFormRules()
  const [form] = Form.useForm<BankAccountValues>()
  const initial = useMemo<BankAccountValues>(
    () => ({
      bankname: account?.bankname ?? '',
      currency: (account?.currency || undefined) as Currency | undefined,
      IBAN: account?.IBAN ? formatIban(account.IBAN) : '',
      accountNr: account?.accountNr ?? '',
      bankCode: account?.bankCode ?? '',
      SWIFT: account?.SWIFT ?? '',
      addressCity: account?.addressCity ?? '',
      addressCountry: (account?.addressCountry || undefined) as CountryName | undefined,
    }),
    [account],
  )
  const dirty = useFormDirty(form, initial)
  const add = useUpdateBusinessClient(clientId, { silent: true })
  const edit = useUpdateBankAccount(clientId)

  const handleFinish = async (values: BankAccountValues) => {
    const body = toBody(values)
    try {
      if (account) {
        await edit.mutateAsync({ accountId: account._id, patch: changedFields(toBody(initial), body) })
      } else {
        await add.mutateAsync({ type: 'new bankaccount', query: body })
      }
      notificationsStore.push('success', t(account ? 'bankAccounts.saved' : 'bankAccounts.added'), 3000)
      onDone()
    } catch (error) {
      reportFormError(form, error)
    }
  }

  // Spec rule of the contract: an IBAN or an account number.
  const ibanOrAccount = {
    validator: () => {
      const { IBAN, accountNr } = form.getFieldsValue(['IBAN', 'accountNr'])
      return compactIban(IBAN) || (accountNr ?? '').trim()
        ? Promise.resolve()
        : Promise.reject(new Error(t('validation.ibanOrAccount', { ns: 'components' })))
    },
  }

  return (
    <EntityForm
      name={`bank-account-${account?._id ?? 'new'}`}
      title={account ? account.bankname : t('bankAccounts.newTitle')}
      form={form}
      initialValues={initial}
      dirty={dirty}
      isSaving={add.isPending || edit.isPending}
      onFinish={handleFinish}
      onCancel={onDone}
    >
      <Row gutter={16}>
        <Col xs={24} sm={16}>
          <Form.Item
            name="bankname"
            label={t('bankAccounts.bankname')}
            rules={[rules.required(), rules.max(120)]}
          >
            <Input autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="currency" label={t('bankAccounts.currency')} rules={[rules.requiredChoice()]}>
            <CurrencySelect />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="IBAN"
            label={t('bankAccounts.iban')}
            extra={t('bankAccounts.ibanHelp')}
            dependencies={['accountNr']}
            normalize={(value: string) => value.toUpperCase()}
            rules={[rules.iban(), rules.max(42), ibanOrAccount]}
          >
            <Input
              spellCheck={false}
              autoComplete="off"
              style={{ fontFamily: 'monospace' }}
              onBlur={(event) => {
                const value = event.target.value
                if (value.trim()) form.setFieldValue('IBAN', formatIban(value))
              }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="accountNr"
            label={t('bankAccounts.accountNr')}
            dependencies={['IBAN']}
            rules={[rules.digitsAndDash(), rules.max(40), ibanOrAccount]}
          >
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="bankCode" label={t('bankAccounts.bankCode')} rules={[rules.max(20)]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          {/* The server checks it against the bank code inside a Czech or Slovak IBAN (400 on this field). */}
          <Form.Item
            name="SWIFT"
            label={t('bankAccounts.swift')}
            normalize={(value: string) => value.toUpperCase()}
            rules={[rules.max(20)]}
          >
            <Input spellCheck={false} autoComplete="off" style={{ fontFamily: 'monospace' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="addressCity" label={t('bankAccounts.addressCity')} rules={[rules.max(100)]}>
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="addressCountry" label={t('bankAccounts.addressCountry')}>
            <CountrySelect allowClear />
          </Form.Item>
        </Col>
      </Row>
    </EntityForm>
  )
}
