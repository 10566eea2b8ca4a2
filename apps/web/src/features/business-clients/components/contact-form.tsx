import type { BusinessClient } from '@expedo/domain'
import { Col, Form, Input, Row } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormRules } from '@/components/form-rules'
import { reportFormError } from '@/components/server-errors'
import { changedFields, useFormDirty } from '@/components/use-form-dirty'
import { notificationsStore } from '@/lib/notifications'
import { useUpdateBusinessClient } from '../api/use-update-business-client'
import { useUpdateContact } from '../api/use-update-contact'
import { EntityForm } from './entity-form'

type Contact = BusinessClient['contacts'][number]
interface ContactValues {
  name: string
  email: string
  phone: string
  position: string
}

/** Adds a contact ('new contact') or edits one (PUT contacts/{id}, changed fields only). */
export function ContactForm({
  clientId,
  contact,
  onDone,
}: {
  clientId: string
  contact?: Contact
  onDone: () => void
}) {
  const { t } = useTranslation('business-clients')
  const rules = useFormRules()
  const [form] = Form.useForm<ContactValues>()
  const initial = useMemo<ContactValues>(
    () => ({
      name: contact?.name ?? '',
      email: contact?.email ?? '',
      phone: contact?.phone ?? '',
      position: contact?.position ?? '',
    }),
    [contact],
  )
  const dirty = useFormDirty(form, initial)
  const add = useUpdateBusinessClient(clientId, { silent: true })
  const edit = useUpdateContact(clientId)

  const handleFinish = async (values: ContactValues) => {
    try {
      if (contact) {
        await edit.mutateAsync({ contactId: contact._id, patch: changedFields(initial, values) })
      } else {
        await add.mutateAsync({ type: 'new contact', query: values })
      }
      notificationsStore.push('success', t(contact ? 'contacts.saved' : 'contacts.added'), 3000)
      onDone()
    } catch (error) {
      reportFormError(form, error)
    }
  }

  return (
    <EntityForm
      name={`contact-${contact?._id ?? 'new'}`}
      title={contact ? contact.name : t('contacts.newTitle')}
      form={form}
      initialValues={initial}
      dirty={dirty}
      isSaving={add.isPending || edit.isPending}
      onFinish={handleFinish}
      onCancel={onDone}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('contacts.name')} rules={[rules.required(), rules.max(120)]}>
            <Input autoFocus autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="position" label={t('contacts.position')} rules={[rules.max(120)]}>
            <Input autoComplete="organization-title" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="email" label={t('contacts.email')} rules={[rules.email()]}>
            <Input type="email" autoComplete="email" inputMode="email" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="phone" label={t('contacts.phone')} rules={[rules.phone(), rules.max(40)]}>
            <Input type="tel" autoComplete="tel" inputMode="tel" />
          </Form.Item>
        </Col>
      </Row>
    </EntityForm>
  )
}
