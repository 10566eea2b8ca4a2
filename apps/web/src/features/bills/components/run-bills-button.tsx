import { previousMonth } from '@expedo/domain'
import { App, Button, DatePicker, Modal, Space } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRunBills } from '../api/bills-api'

/** Finance runs the bills of a month (default: the month before), for one client when the list names one. */
export function RunBillsButton({ businessclient }: { businessclient?: string }) {
  const { t } = useTranslation('bills')
  const { message } = App.useApp()
  const [open, setOpen] = useState(false)
  const [month, setMonth] = useState<Dayjs>(dayjs(`${previousMonth(dayjs().format('YYYY-MM-DD'))}-01`))
  const run = useRunBills()
  const handleRun = async () => {
    const result = await run.mutateAsync({ period: month.format('YYYY-MM'), businessclient })
    setOpen(false)
    void message.success(t('list.runDone', { bills: result.bills.length, services: result.services }))
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('list.run')}</Button>
      <Modal
        open={open}
        title={t('list.run')}
        okText={t('list.run')}
        confirmLoading={run.isPending}
        onOk={handleRun}
        onCancel={() => setOpen(false)}
      >
        <Space>
          <span>{t('list.runMonth')}</span>
          <DatePicker
            picker="month"
            aria-label={t('list.runMonth')}
            value={month}
            allowClear={false}
            onChange={(value) => value && setMonth(value)}
          />
        </Space>
      </Modal>
    </>
  )
}
