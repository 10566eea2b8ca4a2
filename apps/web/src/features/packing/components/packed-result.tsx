import { PrinterOutlined } from '@ant-design/icons'
import type { PackingSession } from '@expedo/domain'
import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'
import { useDownload } from '@/components/use-download'
import { fetchPackingSlip } from '../api/packing-api'
import { LabelProgress, PrintLabelButton } from './label-progress'

/**
 * The order is packed: print its packing slip for the box and, once the courier has made it, its label
 * (the label's progress shows meanwhile, or its failure with a retry); then the next order.
 */
export function PackedResult({ session, onNext }: { session: PackingSession; onNext: () => void }) {
  const { t } = useTranslation('packing')
  const { busy, download } = useDownload()
  const { order } = session
  return (
    <Result
      status="success"
      data-testid="packing-done"
      title={t('done.title', { code: order.code })}
      subTitle={
        order.weight !== null
          ? t('done.summary', { weight: order.weight, count: order.parcels ?? 1 })
          : undefined
      }
      extra={[
        <PrintLabelButton key="label" orderId={order._id} />,
        <Button
          key="slip"
          type="primary"
          size="large"
          icon={<PrinterOutlined />}
          loading={busy}
          autoFocus
          onClick={() => void download(() => fetchPackingSlip(session))}
        >
          {t('actions.slip')}
        </Button>,
        <Button key="next" size="large" onClick={onNext}>
          {t('actions.next')}
        </Button>,
      ]}
    >
      <LabelProgress orderId={order._id} />
    </Result>
  )
}
