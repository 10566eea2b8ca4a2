import { type BusinessClient, type CountryName, taxIdProblem } from '@expedo/domain'
import { Col, Form, Input, Row } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { CountrySelect, useCountryName } from '@/components/country-select'
import { useFormRules } from '@/components/form-rules'
import { reportFormError, translateReason } from '@/components/server-errors'
import { changedFields, useFormDirty } from '@/components/use-form-dirty'
import { notificationsStore } from '@/lib/notifications'
import { useAddCompanyId } from '../api/use-add-company-id'
import { useUpdateCompanyId } from '../api/use-update-company-id'
import { EntityForm } from './entity-form'

type CompanyId = BusinessClient['companyids'][number]
interface CompanyIdValues {
  country: CountryName | undefined
  coid: string
  taxid: string
  register: string
}

/** Adds a company id (POST companyids) or edits one (PUT companyids/{cid}, changed fields only). */
export function CompanyIdForm({
  clientId,
  companyId,
  onDone,
}: {
  clientId: string
  companyId?: CompanyId
  onDone: () => void
}) {
  const { t } = useTranslation('business-clients')
  const rules = useFormRules()
  const countryName = useCountryName()
  const [form] = Form.useForm<CompanyIdValues>()
  const initial = useMemo<CompanyIdValues>(
    () => ({
      country: (companyId?.country || undefined) as CountryName | undefined,
      coid: companyId?.coid ?? '',
      taxid: companyId?.taxid ?? '',
      register: companyId?.register ?? '',
    }),
    [companyId],
  )
  const dirty = useFormDirty(form, initial)
  const add = useAddCompanyId(clientId)
  const edit = useUpdateCompanyId(clientId)

  const handleFinish = async (values: CompanyIdValues) => {
    const body = { ...values, country: values.country as CountryName }
    try {
      if (companyId) {
        await edit.mutateAsync({ cid: companyId._id, patch: changedFields({ ...initial }, body) })
      } else {
        await add.mutateAsync(body)
      }
      notificationsStore.push('success', t(companyId ? 'companyIds.saved' : 'companyIds.added'), 3000)
      onDone()
    } catch (error) {
      reportFormError(form, error)
    }
  }

  // Contract rule: a company id or a tax id.
  const coidOrTaxid = {
    validator: () => {
      const { coid, taxid } = form.getFieldsValue(['coid', 'taxid'])
      return (coid ?? '').trim() || (taxid ?? '').trim()
        ? Promise.resolve()
        : Promise.reject(new Error(t('validation.coidOrTaxid', { ns: 'components' })))
    },
  }

  // A tax id of an EU country is a valid VAT number of it: its format and check digit (as the API checks).
  const vatNumber = {
    validator: (_: unknown, value: string | undefined) => {
      const problem = taxIdProblem(value ?? '', form.getFieldValue('country'))
      return problem ? Promise.reject(new Error(translateReason(problem))) : Promise.resolve()
    },
  }

  return (
    <EntityForm
      name={`company-id-${companyId?._id ?? 'new'}`}
      title={companyId ? countryName(companyId.country) : t('companyIds.newTitle')}
      form={form}
      initialValues={initial}
      dirty={dirty}
      isSaving={add.isPending || edit.isPending}
      onFinish={handleFinish}
      onCancel={onDone}
    >
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item name="country" label={t('companyIds.country')} rules={[rules.requiredChoice()]}>
            <CountrySelect autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="coid"
            label={t('companyIds.coid')}
            dependencies={['taxid']}
            rules={[rules.max(40), coidOrTaxid]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="taxid"
            label={t('companyIds.taxid')}
            dependencies={['coid', 'country']}
            rules={[rules.max(40), vatNumber]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="register"
            label={t('companyIds.register')}
            extra={t('companyIds.registerHint')}
            rules={[rules.max(200)]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </EntityForm>
  )
}
