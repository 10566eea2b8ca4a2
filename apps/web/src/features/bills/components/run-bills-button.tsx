import { type BillRunResult, previousMonth } from '@expedo/domain'
import { Alert, App, Button, DatePicker, Modal, Space } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useCountryName } from '@/components/country-select'
import { useRunBills } from '../api/bills-api'

/** Why the run left each client's services unbilled, in the reader's language (the API's reason codes). */
function SkippedList({ skipped }: { skipped: BillRunResult['skipped'] }) {
  const { t } = useTranslation('bills')
  const countryName = useCountryName()
  return (
    <Alert
      type="warning"
      showIcon
      title={t('list.skippedTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {skipped.map((s) => (
            <li key={`${s.businessclient._id}-${s.country}-${s.reason}`}>
              {t('list.skippedItem', {
                client: s.businessclient.name,
                country: countryName(s.country),
                services: s.services,
                reason: t(`list.skipReason.${s.reason}`, { country: countryName(s.reasonCountry) }),
              })}
            </li>
          ))}
        </ul>
      }
    />
  )
}

/**
 * Finance runs the bills of a month (default: the month before), for one client when the list names one.
 * Services the run leaves unbilled stay on screen per client with the reason (no issuer in the country, or
 * a VAT case the place-of-supply rules refuse) until finance closes the dialog.
 */
export function RunBillsButton({ businessclient }: { businessclient?: string }) {
  const { t } = useTranslation('bills')
  const { message } = App.useApp()
  const [open, setOpen] = useState(false)
  const [month, setMonth] = useState<Dayjs>(dayjs(`${previousMonth(dayjs().format('YYYY-MM-DD'))}-01`))
  const [skipped, setSkipped] = useState<BillRunResult['skipped']>([])
  const run = useRunBills()
  const handleOpen = () => {
    setSkipped([])
    setOpen(true)
  }
  const handleRun = async () => {
    const result = await run.mutateAsync({ period: month.format('YYYY-MM'), businessclient })
    void message.success(t('list.runDone', { bills: result.bills.length, services: result.services }))
    if (result.skipped.length) setSkipped(result.skipped)
    else setOpen(false)
  }
  const done = skipped.length > 0
  return (
    <>
      <Button onClick={handleOpen}>{t('list.run')}</Button>
      <Modal
        open={open}
        title={t('list.run')}
        okText={done ? t('list.close') : t('list.run')}
        confirmLoading={run.isPending}
        onOk={done ? () => setOpen(false) : handleRun}
        onCancel={() => setOpen(false)}
        cancelButtonProps={done ? { style: { display: 'none' } } : undefined}
      >
        {done ? (
          <SkippedList skipped={skipped} />
        ) : (
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
        )}
      </Modal>
    </>
  )
}
