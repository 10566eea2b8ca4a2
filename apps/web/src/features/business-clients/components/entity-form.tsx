import { Card, Form, type FormInstance } from 'antd'
import type { ReactNode } from 'react'
import { FormActions } from '@/components/form-actions'
import type { FormDirty } from '@/components/use-form-dirty'

export interface EntityFormProps<V> {
  /** Unique per page: prefixes the fields' ids, so each label points at its own input. */
  name: string
  title: ReactNode
  form: FormInstance<V>
  initialValues: Partial<V>
  dirty: FormDirty
  isSaving: boolean
  onFinish: (values: V) => void
  onCancel: () => void
  children: ReactNode
}

/** The inline add/edit form of a contact, bank account or company id, in place of its card. */
export function EntityForm<V extends object>({
  name,
  title,
  form,
  initialValues,
  dirty,
  isSaving,
  onFinish,
  onCancel,
  children,
}: EntityFormProps<V>) {
  return (
    <Card size="small" title={title} style={{ borderColor: '#1677ff' }}>
      <Form<V>
        name={name}
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        onValuesChange={dirty.onValuesChange}
        onKeyDown={(event) => {
          // Escape leaves the form, unless a picker is open (it closes first).
          if (
            event.key === 'Escape' &&
            !(event.target as HTMLElement).getAttribute('aria-expanded')?.includes('true')
          )
            onCancel()
        }}
      >
        {children}
        <FormActions isDirty={dirty.isDirty} isSaving={isSaving} onCancel={onCancel} />
      </Form>
    </Card>
  )
}
