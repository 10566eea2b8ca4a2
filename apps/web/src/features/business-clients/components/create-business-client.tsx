import { PlusOutlined, ShopOutlined } from '@ant-design/icons'
import { type Address, can } from '@expedo/domain'
import { Button, Form, Input, Modal, Result } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { FormActions } from '@/components/form-actions'
import { useFormRules } from '@/components/form-rules'
import { reportFormError } from '@/components/server-errors'
import { useFormDirty } from '@/components/use-form-dirty'
import { notificationsStore } from '@/lib/notifications'
import { useSession } from '@/lib/session'
import { useCreateBusinessClient } from '../api/use-create-business-client'
import { AddressFields } from './address-fields'

interface NewCompanyValues {
  name: string
  address?: Partial<Address>
}

const empty: NewCompanyValues = { name: '', address: {} }

/** Only the address fields that were filled in (the API defaults the rest to ''). */
function filledAddress(address: Partial<Address> | undefined): Partial<Address> {
  return Object.fromEntries(
    Object.entries(address ?? {}).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
  ) as Partial<Address>
}

/** /profile/null: no company yet. Add New opens a form; the new company's profile opens once it is created. */
export function CreateBusinessClient() {
  const { t } = useTranslation('business-clients')
  const { currentUser } = useSession()
  const [isOpen, setIsOpen] = useState(false)
  // Only users who may create one are offered Add New (a refused call would end the session: 403).
  const canCreate = !!currentUser && can(currentUser.roles, 'businessclients.create')
  return (
    <>
      <Result
        icon={<ShopOutlined />}
        title={t('create.emptyTitle')}
        subTitle={t('create.emptyDescription')}
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsOpen(true)}>
              {t('create.addNew')}
            </Button>
          )
        }
      />
      <Modal
        open={isOpen}
        title={t('create.modalTitle')}
        onCancel={() => setIsOpen(false)}
        footer={null}
        destroyOnHidden
        width={640}
      >
        <NewCompanyForm onCancel={() => setIsOpen(false)} />
      </Modal>
    </>
  )
}

/** Company name (required) and address → POST /businessclients → the new profile. */
function NewCompanyForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('business-clients')
  const rules = useFormRules()
  const navigate = useNavigate()
  const [form] = Form.useForm<NewCompanyValues>()
  const { isDirty, onValuesChange } = useFormDirty(form, empty)
  const create = useCreateBusinessClient()

  const handleFinish = async (values: NewCompanyValues) => {
    try {
      const created = await create.mutateAsync({ name: values.name, address: filledAddress(values.address) })
      notificationsStore.push('success', t('create.created'), 3000)
      navigate(`/profile/${created._id}`, { replace: true })
    } catch (error) {
      reportFormError(form, error)
    }
  }

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={empty}
      onFinish={handleFinish}
      onValuesChange={onValuesChange}
    >
      <Form.Item name="name" label={t('company.name')} rules={[rules.required(), rules.max(200)]}>
        <Input autoFocus autoComplete="organization" />
      </Form.Item>
      <AddressFields />
      <FormActions
        isDirty={isDirty}
        isSaving={create.isPending}
        onCancel={onCancel}
        saveLabel={t('create.submit')}
      />
    </Form>
  )
}
