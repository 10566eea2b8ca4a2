import { Button, Form, Modal, type RefSelectProps, Select, Typography } from 'antd'
import { type ReactNode, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

export interface ChoiceOption {
  value: string
  label: ReactNode
  /** Text the option is found by when typing. */
  search: string
}

export interface BulkChoiceModalProps {
  title: ReactNode
  /** The field's label, e.g. 'New status'. */
  label: string
  /** How many orders the change is for. */
  count: number
  options: readonly ChoiceOption[]
  loading?: boolean
  /** The change is being sent. */
  submitting?: boolean
  onSubmit: (value: string) => void
  onClose: () => void
}

/**
 * One choice for the chosen orders (change status, warehouse, assign user, assign courier): a required
 * select that has the focus (and its list open) when the modal opens; picking a value moves the focus to
 * Apply, so Enter sends it.
 *
 * The select takes the focus and opens its list only once the modal has finished opening. Focused (and
 * opened) on mount, it could lose both a moment later: a modal closed just before (the input modal that
 * selected the orders) hands the focus back to its own button at the end of its closing animation.
 */
export function BulkChoiceModal(props: BulkChoiceModalProps) {
  const { t } = useTranslation('orders')
  const [form] = Form.useForm<{ value: string }>()
  const okRef = useRef<HTMLButtonElement>(null)
  const selectRef = useRef<RefSelectProps>(null)
  const [listOpen, setListOpen] = useState(false)
  return (
    <Modal
      open
      afterOpenChange={(opened) => {
        if (!opened) return
        selectRef.current?.focus()
        setListOpen(true)
      }}
      title={props.title}
      onCancel={props.onClose}
      footer={[
        <Button key="cancel" onClick={props.onClose}>
          {t('bulk.cancel')}
        </Button>,
        <Button
          key="apply"
          ref={okRef}
          type="primary"
          loading={props.submitting}
          onClick={() => form.submit()}
        >
          {t('bulk.apply')}
        </Button>,
      ]}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('bulk.forOrders', { count: props.count })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={({ value }) => props.onSubmit(value)}>
        <Form.Item name="value" label={props.label} rules={[{ required: true, message: t('bulk.required') }]}>
          <Select
            ref={selectRef}
            open={listOpen}
            onOpenChange={setListOpen}
            showSearch={{
              filterOption: (input, option) =>
                !!option?.search.toLowerCase().includes(input.trim().toLowerCase()),
            }}
            loading={props.loading}
            notFoundContent={props.loading ? undefined : t('bulk.nothingToChoose')}
            options={props.options.map((o) => ({ ...o }))}
            // Keyboard: arrows and Enter pick the value, then Enter on the focused Apply sends it.
            onChange={() => setTimeout(() => okRef.current?.focus())}
            // The list is open whenever the modal is: Escape would only close the list, and a second
            // Escape the modal. One Escape closes the modal (the user meant to leave).
            onKeyDown={(event) => {
              if (event.key === 'Escape') props.onClose()
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
