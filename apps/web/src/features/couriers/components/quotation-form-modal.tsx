import { type CourierQuotation, quotationServiceTypes } from '@expedo/domain'
import { Form, Modal, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { CountrySelect } from '@/components/country-select'
import { CurrencySelect } from '@/components/currency-select'
import { NumberInput } from '@/components/number-input'
import { reportFormError } from '@/components/server-errors'
import { type QuotationInput, useSaveQuotation } from '../api/couriers-api'

export interface QuotationFormModalProps {
  courierId: string
  /** The quotation to edit; a new one when absent. */
  quotation?: CourierQuotation
  /** Prefilled destination of a new quotation (the courier's country). */
  defaultCountry: string
  onClose: () => void
}

const priceFields = [
  'courier_transport',
  'courier_return',
  'courier_COD_Service_cash',
  'courier_toll_rate',
] as const
const percentFields = ['courier_COD_Service_card', 'courier_fuel_charge'] as const

/** Add or edit a quotation (admin). The price per parcel is computed by the server, so it is not a field. */
export function QuotationFormModal({
  courierId,
  quotation,
  defaultCountry,
  onClose,
}: QuotationFormModalProps) {
  const { t } = useTranslation('couriers')
  const [form] = Form.useForm<QuotationInput>()
  const save = useSaveQuotation(courierId)
  const initialValues: Partial<QuotationInput> = quotation
    ? {
        country: quotation.country as QuotationInput['country'],
        currency: quotation.currency as QuotationInput['currency'],
        serviceType: quotation.serviceType.name,
        courier_transport: quotation.courier_transport,
        courier_return: quotation.courier_return,
        courier_COD_Service_cash: quotation.courier_COD_Service_cash,
        courier_COD_Service_card: quotation.courier_COD_Service_card,
        courier_toll_rate: quotation.courier_toll_rate,
        courier_fuel_charge: quotation.courier_fuel_charge,
      }
    : {
        country: defaultCountry as QuotationInput['country'],
        serviceType: 'address',
        courier_return: 0,
        courier_COD_Service_cash: 0,
        courier_COD_Service_card: 0,
        courier_toll_rate: 0,
        courier_fuel_charge: 0,
      }
  const handleFinish = async (values: QuotationInput) => {
    try {
      await save.mutateAsync({ ...(quotation ? { qid: quotation._id } : {}), body: values })
      onClose()
    } catch (error) {
      reportFormError(form, error)
    }
  }
  const title = quotation ? t('quotations.editTitle') : t('quotations.addTitle')
  return (
    <Modal
      open
      title={title}
      okText={t('quotations.save')}
      cancelText={t('quotations.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<QuotationInput>
        form={form}
        name="quotation"
        aria-label={title}
        layout="vertical"
        initialValues={initialValues}
        onFinish={handleFinish}
      >
        <Form.Item name="country" label={t('quotations.country')} rules={[{ required: true }]}>
          <CountrySelect />
        </Form.Item>
        <Form.Item name="serviceType" label={t('quotations.service')} rules={[{ required: true }]}>
          <Select options={quotationServiceTypes.map((s) => ({ value: s, label: t(`services.${s}`) }))} />
        </Form.Item>
        <Form.Item name="currency" label={t('quotations.currency')} rules={[{ required: true }]}>
          <CurrencySelect />
        </Form.Item>
        {priceFields.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`fields.${name}`)}
            rules={[{ required: name === 'courier_transport' }]}
          >
            <NumberInput min={0} step={0.01} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        ))}
        {percentFields.map((name) => (
          <Form.Item key={name} name={name} label={t(`fields.${name}`)}>
            <NumberInput min={0} max={100} step={0.1} precision={2} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  )
}
