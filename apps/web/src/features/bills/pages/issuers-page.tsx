import type { Issuer, IssuerInput } from '@expedo/domain'
import { can } from '@expedo/domain/auth/permissions'
import { Button, Checkbox, Form, Input, Modal, Table } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CountrySelect, useCountryName } from '@/components/country-select'
import { CurrencySelect } from '@/components/currency-select'
import { PageHeader } from '@/components/page-header'
import { reportFormError, validFormValues } from '@/components/server-errors'
import { useSession } from '@/lib/session'
import { useIssuers, useSaveIssuer } from '../api/bills-api'

const blank: IssuerInput = {
  country: 'Czech',
  name: '',
  coid: '',
  taxid: '',
  vatPayer: true,
  email: '',
  registration: '',
  address: { street: '', streetNr: '', postcode: '', city: '', country: 'Czech' },
  bankaccounts: [{ bankname: '', currency: 'CZK', accountNr: '', bankCode: '', IBAN: '', SWIFT: '' }],
}

/**
 * /billing/issuers: the provider's legal entity per country it bills from (admin edits, finance reads):
 * company ids, VAT payer, address, register entry and the bank account printed on bills.
 */
export function IssuersPage() {
  const { t } = useTranslation('bills')
  const countryName = useCountryName()
  const { currentUser } = useSession()
  const canWrite = can(currentUser?.roles ?? [], 'issuers.write')
  const issuers = useIssuers()
  const save = useSaveIssuer()
  const [form] = Form.useForm<IssuerInput>()
  const [editing, setEditing] = useState<{ id?: string } | null>(null)
  const open = (issuer?: Issuer) => {
    const { _id, ...values } = issuer ?? { ...blank, _id: undefined }
    form.setFieldsValue({
      ...values,
      bankaccounts: values.bankaccounts.length ? values.bankaccounts : blank.bankaccounts,
    } as IssuerInput)
    setEditing({ id: _id })
  }
  const handleSave = async () => {
    const values = await validFormValues(form)
    if (!values) return
    try {
      await save.mutateAsync({
        id: editing?.id,
        body: { ...values, address: { ...values.address, country: values.country } },
      })
      setEditing(null)
    } catch (error) {
      reportFormError(form, error)
    }
  }
  const field = (name: (string | number)[], label: string, required = false) => (
    <Form.Item name={name} label={label} rules={required ? [{ required: true }] : []}>
      <Input aria-label={label} />
    </Form.Item>
  )
  return (
    <>
      <PageHeader
        title={t('issuers.title')}
        backTo="/billing/bills"
        backLabel={t('detail.back')}
        actions={
          canWrite && (
            <Button type="primary" onClick={() => open()}>
              {t('issuers.add')}
            </Button>
          )
        }
      />
      <Table<Issuer>
        rowKey="_id"
        size="small"
        loading={issuers.isLoading}
        dataSource={issuers.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('issuers.empty') }}
        columns={[
          { key: 'country', title: t('issuers.country'), render: (_, r) => countryName(r.country) },
          { key: 'name', title: t('issuers.name'), dataIndex: 'name' },
          { key: 'coid', title: t('issuers.coid'), dataIndex: 'coid' },
          { key: 'taxid', title: t('issuers.taxid'), dataIndex: 'taxid' },
          {
            key: 'vat',
            title: t('issuers.vatPayer'),
            render: (_, i) => (i.vatPayer ? t('issuers.yes') : t('issuers.no')),
          },
          { key: 'iban', title: t('issuers.IBAN'), render: (_, i) => i.bankaccounts[0]?.IBAN ?? '' },
          ...(canWrite
            ? [
                {
                  key: 'edit',
                  title: '',
                  render: (_: unknown, i: Issuer) => (
                    <Button size="small" onClick={() => open(i)}>
                      {t('issuers.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing?.id ? t('issuers.edit') : t('issuers.add')}
        okText={t('issuers.save')}
        cancelText={t('issuers.cancel')}
        confirmLoading={save.isPending}
        onOk={handleSave}
        onCancel={() => setEditing(null)}
        width={640}
      >
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item name="country" label={t('issuers.country')} rules={[{ required: true }]}>
            <CountrySelect aria-label={t('issuers.country')} />
          </Form.Item>
          {field(['name'], t('issuers.name'), true)}
          {field(['coid'], t('issuers.coid'))}
          {field(['taxid'], t('issuers.taxid'))}
          <Form.Item name="vatPayer" valuePropName="checked">
            <Checkbox>{t('issuers.vatPayer')}</Checkbox>
          </Form.Item>
          {field(['email'], t('issuers.email'))}
          {field(['address', 'street'], t('issuers.street'))}
          {field(['address', 'streetNr'], t('issuers.streetNr'))}
          {field(['address', 'postcode'], t('issuers.postcode'))}
          {field(['address', 'city'], t('issuers.city'))}
          <Form.Item name={['address', 'country']} hidden>
            <Input />
          </Form.Item>
          {field(['registration'], t('issuers.registration'))}
          {field(['bankaccounts', 0, 'bankname'], t('issuers.bankname'))}
          <Form.Item name={['bankaccounts', 0, 'currency']} label={t('issuers.currency')}>
            <CurrencySelect aria-label={t('issuers.currency')} />
          </Form.Item>
          {field(['bankaccounts', 0, 'accountNr'], t('issuers.accountNr'))}
          {field(['bankaccounts', 0, 'bankCode'], t('issuers.bankCode'))}
          {field(['bankaccounts', 0, 'IBAN'], t('issuers.IBAN'))}
          {field(['bankaccounts', 0, 'SWIFT'], t('issuers.SWIFT'))}
        </Form>
      </Modal>
    </>
  )
}
