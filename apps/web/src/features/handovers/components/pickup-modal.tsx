import {
  PICKUP_DAYS_AHEAD,
  PICKUP_WINDOW_MIN_MINUTES,
  type PickupWindowProblem,
  pickupWindowMessages,
  pickupWindowProblem,
} from '@expedo/domain'
import { DatePicker, Form, Modal, TimePicker } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'
import { PICKER_DATE_FORMAT } from '@/components/date-text'
import { reportFormError } from '@/components/server-errors'
import { ApiClientError } from '@/lib/api-client'
import { notificationsStore } from '@/lib/notifications'
import type { useHandoverActions } from '../api/handovers-api'

interface Values {
  date: Dayjs | null
  from: Dayjs | null
  to: Dayjs | null
}

/** Which field a window problem belongs under. */
const problemField: Record<PickupWindowProblem, keyof Values> = {
  past: 'from',
  order: 'to',
  short: 'to',
  otherDay: 'to',
  tooFar: 'date',
}
const problemOf = (reason: string) =>
  (Object.keys(pickupWindowMessages) as PickupWindowProblem[]).find((p) => pickupWindowMessages[p] === reason)

/** A first window to offer: two hours from the next full hour, or tomorrow morning when today is late. */
function suggestion(now = dayjs()): Values {
  const from = now.add(1, 'hour').startOf('hour')
  if (from.hour() >= 8 && from.hour() <= 15) return { date: from, from, to: from.add(2, 'hour') }
  const morning = (from.hour() < 8 ? from : from.add(1, 'day')).hour(9).startOf('hour')
  return { date: morning, from: morning, to: morning.hour(12) }
}

const at = (date: Dayjs, time: Dayjs) => date.hour(time.hour()).minute(time.minute()).startOf('minute')

export interface PickupModalProps {
  open: boolean
  onClose: () => void
  pickup: ReturnType<typeof useHandoverActions>['pickup']
}

/**
 * Book the courier's van: a day and a window in it, checked here by the domain's rule (past, reversed,
 * shorter than an hour, over midnight, too far ahead) under the field at fault; the API's 400s land there too.
 */
export function PickupModal({ open, onClose, pickup }: PickupModalProps) {
  const { t } = useTranslation('handovers')
  const [form] = Form.useForm<Values>()
  const problemText = (problem: PickupWindowProblem) =>
    t(`pickup.problems.${problem}`, { minutes: PICKUP_WINDOW_MIN_MINUTES, days: PICKUP_DAYS_AHEAD })

  const handleSubmit = async () => {
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    if (!values.date || !values.from || !values.to) return
    const from = at(values.date, values.from)
    const to = at(values.date, values.to)
    const problem = pickupWindowProblem(from.toDate(), to.toDate(), new Date())
    if (problem) {
      form.setFields([{ name: problemField[problem], errors: [problemText(problem)] }])
      return
    }
    pickup.mutate(
      { from: from.toISOString(), to: to.toISOString() },
      {
        onSuccess: () => {
          notificationsStore.push('success', t('pickup.booked'), 5000)
          onClose()
        },
        onError: (error) => {
          // The API's window reasons are the domain's English messages: shown as this form's own.
          if (error instanceof ApiClientError) {
            const fields = Object.entries(error.details).flatMap(([key, reason]) => {
              const name = key.replace(/^body\./, '') as keyof Values
              const problem = problemOf(reason)
              return name === 'from' || name === 'to'
                ? [{ name, errors: [problem ? problemText(problem) : reason] }]
                : []
            })
            if (fields.length > 0) return form.setFields(fields)
          }
          reportFormError(form, error)
        },
      },
    )
  }

  const required = [{ required: true, message: t('pickup.required') }]
  return (
    <Modal
      open={open}
      title={t('pickup.modalTitle')}
      okText={t('pickup.submit')}
      cancelText={t('pickup.cancel')}
      onOk={() => void handleSubmit()}
      onCancel={onClose}
      okButtonProps={{ loading: pickup.isPending }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={suggestion()}
        onValuesChange={(changed) =>
          // A changed field clears the window's message under the others.
          form.setFields(
            (['date', 'from', 'to'] as const)
              .filter((f) => !(f in changed))
              .map((name) => ({ name, errors: [] })),
          )
        }
        onFinish={() => void handleSubmit()}
      >
        <Form.Item name="date" label={t('pickup.date')} rules={required}>
          <DatePicker format={PICKER_DATE_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item name="from" label={t('pickup.from')} rules={required} style={{ flex: 1 }}>
            <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="to" label={t('pickup.to')} rules={required} style={{ flex: 1 }}>
            <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  )
}
